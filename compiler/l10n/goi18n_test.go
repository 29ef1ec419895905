package l10n

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// TestGoi18nMerge runs go-i18n's own tool, goi18n merge, at the version
// go.mod requires, on the shipped locales of every game: it must find
// every translation current (no translate file) and keep every message
// with its texts.
func TestGoi18nMerge(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build goi18n with")
	}
	root := filepath.Join("..", "..")
	goi18n := buildGoi18n(t, goTool, root)
	games, err := os.ReadDir(filepath.Join(root, "cards"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if !g.IsDir() {
			continue
		}
		t.Run(g.Name(), func(t *testing.T) {
			src := sourceLanguage(t, filepath.Join(root, "cards", g.Name()))
			files, _ := filepath.Glob(filepath.Join(root, "locales", g.Name(), "*.toml"))
			out := t.TempDir()
			cmd := exec.Command(goi18n, append([]string{"merge", "-sourceLanguage", src, "-outdir", out}, files...)...)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("goi18n merge: %v\n%s", err, b)
			}
			untranslated, _ := filepath.Glob(filepath.Join(out, "translate.*.toml"))
			for _, f := range untranslated {
				t.Errorf("goi18n merge marks untranslated in %s: %s", filepath.Base(f), strings.Join(slices.Sorted(maps.Keys(messageFile(t, f))), ", "))
			}
			for _, f := range files {
				lang := strings.TrimSuffix(filepath.Base(f), ".toml")
				active := messageFile(t, filepath.Join(out, "active."+lang+".toml"))
				msgs := messageFile(t, f)
				for _, id := range slices.Sorted(maps.Keys(msgs)) {
					m, a := msgs[id], active[id]
					switch {
					case a == nil:
						t.Errorf("goi18n merge drops %s of %s", id, filepath.Base(f))
					case texts(a) != texts(m):
						t.Errorf("goi18n merge changes %s of %s: %s; want %s", id, filepath.Base(f), texts(a), texts(m))
					}
				}
			}
		})
	}
}

// buildGoi18n installs goi18n at go.mod's go-i18n version into a temporary
// directory, skipping the test when it cannot be built (offline, with a
// module cache that lacks it).
func buildGoi18n(t *testing.T, goTool, root string) string {
	t.Helper()
	list := exec.Command(goTool, "list", "-m", "-f", "{{.Version}}", "github.com/nicksnyder/go-i18n/v2")
	list.Dir = root
	v, err := list.Output()
	if err != nil {
		t.Fatalf("go list -m github.com/nicksnyder/go-i18n/v2: %v", err)
	}
	bin := t.TempDir()
	install := exec.Command(goTool, "install", "github.com/nicksnyder/go-i18n/v2/goi18n@"+strings.TrimSpace(string(v)))
	install.Dir = bin
	install.Env = append(os.Environ(), "GOBIN="+bin)
	if b, err := install.CombinedOutput(); err != nil {
		t.Skipf("cannot build goi18n %s: %v\n%s", bytes.TrimSpace(v), err, b)
	}
	return filepath.Join(bin, "goi18n")
}

// sourceLanguage reads the source_language of the [game] table among a
// game's data files.
func sourceLanguage(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
	for _, f := range files {
		var doc struct {
			Game struct {
				SourceLanguage string `toml:"source_language"`
			} `toml:"game"`
		}
		if _, err := toml.DecodeFile(f, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Game.SourceLanguage != "" {
			return doc.Game.SourceLanguage
		}
	}
	t.Fatalf("no source_language in %s", dir)
	return ""
}

// messageFile reads a message file the way goi18n does.
func messageFile(t *testing.T, path string) map[string]*i18n.Message {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mf, err := i18n.ParseMessageFileBytes(b, path, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]*i18n.Message, len(mf.Messages))
	for _, m := range mf.Messages {
		out[m.ID] = m
	}
	return out
}

// texts prints a message's plural forms.
func texts(m *i18n.Message) string {
	return fmt.Sprintf("zero=%q one=%q two=%q few=%q many=%q other=%q", m.Zero, m.One, m.Two, m.Few, m.Many, m.Other)
}
