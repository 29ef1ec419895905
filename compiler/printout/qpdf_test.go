package printout_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// qpdf returns the path of qpdf. CI installs it and sets
// GRIMOIRE_QPDF=required, so there the structure checks always run;
// elsewhere they are skipped when it is missing.
func qpdf(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("qpdf")
	if err != nil {
		if os.Getenv("GRIMOIRE_QPDF") == "required" {
			t.Fatal("qpdf not found: install qpdf")
		}
		t.Skip("qpdf not found: install qpdf to check the PDFs' structure")
	}
	return p
}

// TestQPDFCheck writes every printout of every shipped game in every
// language, and the cards and decks with and without bleed, and holds
// each to what printers and checkers read: qpdf --check finds nothing
// wrong, the catalog gives the language, the info its authors, and a
// printout with bleed has a TrimBox and a BleedBox on every page.
func TestQPDFCheck(t *testing.T) {
	bin := qpdf(t)
	dir := t.TempDir()
	for _, g := range shipped(t).Games {
		for _, lang := range g.Languages {
			for _, k := range printout.Kinds() {
				if !printout.Has(g, k) {
					continue
				}
				bleeds := []bool{false}
				if k == printout.Cards || k == printout.Deck {
					bleeds = []bool{false, true}
				}
				for _, bleed := range bleeds {
					name := strings.Join([]string{g.ID, lang, k.String()}, "-")
					if bleed {
						name += "-bleed"
					}
					t.Run(name, func(t *testing.T) {
						o := printout.Options{Kind: k, Lang: lang, Bleed: bleed, BleedSet: true}
						pdf := write(t, g, o)
						f := filepath.Join(dir, name+".pdf")
						if err := os.WriteFile(f, pdf, 0o644); err != nil {
							t.Fatal(err)
						}
						// qpdf exits 2 on errors and 3 on warnings.
						if out, err := exec.Command(bin, "--check", f).CombinedOutput(); err != nil {
							t.Errorf("qpdf --check: %v\n%s", err, out)
						}
						if want := "/Lang (" + lang + ")"; !bytes.Contains(pdf, []byte(want)) {
							t.Errorf("no %s in the catalog", want)
						}
						if got := bytes.Contains(pdf, []byte("/Author ")); got != (len(g.Authors) > 0) {
							t.Errorf("/Author written = %v; the game has authors %q", got, g.Authors)
						}
						pages := bytes.Count(pdf, []byte("/Type /Page\n"))
						for _, box := range []string{"/TrimBox [", "/BleedBox ["} {
							want := 0
							if bleed {
								want = pages
							}
							if n := bytes.Count(pdf, []byte(box)); n != want {
								t.Errorf("%d of %d pages have %s]; want %d", n, pages, box, want)
							}
						}
					})
				}
			}
		}
	}
}
