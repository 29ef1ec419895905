package cli

import (
	"bytes"
	"flag"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestManual: the manual page names every command and every flag of
// each, as the command reference does; where groff is installed, it reads
// the page without a warning, and the flags print as typed.
func TestManual(t *testing.T) {
	code, out, errs := run(t, "man")
	if code != ExitOK || errs != "" {
		t.Fatalf("grimoire man: exit %d: %s", code, errs)
	}
	for _, c := range commands() {
		fs, err := flagsOf(c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, `.SS "grimoire `+roff(c.name)) {
			t.Errorf("the manual lacks command %s", c.name)
		}
		section, _, _ := strings.Cut(out[strings.Index(out, `.SS "grimoire `+roff(c.name)):], "\n.SS")
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(section, "\n.B "+roff(dashed(f.Name))+"\n") && !strings.Contains(section, `.BI "`+roff(dashed(f.Name))+` "`) {
				t.Errorf("the manual lacks flag %s of %s", dashed(f.Name), c.name)
			}
		})
	}
	for _, r := range out {
		if r > 127 {
			t.Fatalf("the manual holds %q: roff reads ASCII", r)
		}
	}
	if _, err := exec.LookPath("groff"); err != nil {
		return // the checks above hold the page's content
	}
	cmd := exec.Command("groff", "-man", "-Tutf8", "-ww")
	cmd.Stdin = strings.NewReader(out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	page, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("groff: %v\n%s", err, stderr.String())
	}
	// Bold and italics are struck over on a terminal: "-\b-".
	text := strings.Join(strings.Fields(regexp.MustCompile(".\b").ReplaceAllString(string(page), "")), " ")
	for _, want := range []string{"grimoire export --game G [--variant V]", "--format string text (path:line:col"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page as groff sets it lacks %q", want)
		}
	}
}
