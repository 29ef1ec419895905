package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire"
)

// TestImportRepairsWarlock: the PO exported from Warlock's French, imported
// over a locale file broken by hand, gives the file back as it was. The
// other translation is compared with French, and the French differences
// are declared in the data: neither stops the repair.
func TestImportRepairsWarlock(t *testing.T) {
	root := t.TempDir()
	err := fs.WalkDir(grimoire.Games(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasPrefix(p, "cards/warlock/") || strings.HasPrefix(p, "locales/warlock/")) {
			return err
		}
		data, err := fs.ReadFile(grimoire.Games(), p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, p), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	po := filepath.Join(t.TempDir(), "fr.po")
	if code, _, errs := run(t, "export", "--root", root, "--game", "warlock", "--format", "po", "--lang", "fr", "-o", po); code != ExitOK {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	fr := filepath.Join(root, "locales", "warlock", "fr.toml")
	good, err := os.ReadFile(fr)
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(good, []byte(`other = "`), []byte(`other = `), 1)
	if err := os.WriteFile(fr, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, "import", "--root", root, "--game", "warlock", "--lang", "fr", po)
	if code != ExitOK {
		t.Fatalf("import: exit %d:\n%s", code, errs)
	}
	if got, _ := os.ReadFile(fr); !bytes.Equal(got, good) {
		t.Errorf("the imported file differs from the one exported")
	}
}
