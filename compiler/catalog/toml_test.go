package catalog

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// shippedWith returns the shipped games tree with one locale file of
// Warlock replaced.
func shippedWith(t *testing.T, lang string, content []byte) fstest.MapFS {
	t.Helper()
	tree := fstest.MapFS{}
	err := fs.WalkDir(grimoire.Games(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(grimoire.Games(), p)
		tree[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	tree["locales/warlock/"+lang+".toml"] = &fstest.MapFile{Data: content}
	return tree
}

// reload writes msgs as Warlock's lang locale and loads the game again.
func reload(t *testing.T, lang string, msgs []*model.Message) *model.Game {
	t.Helper()
	var b bytes.Buffer
	if err := WriteLocale(&b, lang, msgs); err != nil {
		t.Fatal(err)
	}
	games, d := compiler.Load(shippedWith(t, lang, b.Bytes()), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		errs := slices.DeleteFunc(slices.Clone(d), func(x diag.Diagnostic) bool { return x.Severity != diag.Error })
		t.Fatalf("%s", errs.String())
	}
	return games.Game("warlock")
}

func sortedByID(msgs []*model.Message) []*model.Message {
	return slices.SortedFunc(slices.Values(msgs), func(a, b *model.Message) int { return strings.Compare(a.ID, b.ID) })
}

// trickyMessages need quoting in their keys and escaping in their texts.
func trickyMessages() []*model.Message {
	return []*model.Message{
		{ID: "zz.with space", Forms: map[string]string{"other": "a \"quoted\" text"}},
		{ID: `zz.quote"d`, Hash: "sha1-x", Forms: map[string]string{"other": `back\slash`}},
		{ID: "zz.ünï", Forms: map[string]string{"other": "\nleading newline, \"\"\" and \\ and a tab\t\r\nend\""}},
		{ID: `zz.back\slash`, Forms: map[string]string{"other": "ends in two quotes\n\"\""}},
		{ID: "zz.dash-ok_1", Forms: map[string]string{"one": "one\nline", "many": "\"\"\"\"", "other": "\x01\x7f"}},
	}
}

func TestWriteLocaleLoads(t *testing.T) {
	g := warlock(t)
	tests := []struct {
		name, lang string
		msgs       []*model.Message
	}{
		{"fr", "fr", messages(t, g, "fr")},
		{"de", "de", messages(t, g, "de")},
		{"fr stamped", "fr", Stamp(g, "fr")},
		{"de stamped", "de", Stamp(g, "de")},
		{"fr with tricky texts", "fr", append(Stamp(g, "fr"), trickyMessages()...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := messages(t, reload(t, tt.lang, tt.msgs), tt.lang)
			if diff := cmp.Diff(kept(sortedByID(tt.msgs)), kept(got)); diff != "" {
				t.Errorf("loaded back (-want +got):\n%s", diff)
			}
		})
	}
}

// TestImport follows a translation from an edited XLIFF file to the
// compiled game.
func TestImport(t *testing.T) {
	g := warlock(t)
	f := formats()[0]
	doc := f.setTarget(t, write(t, f, g, "fr"), "action.pass", "passer son tour", true)
	msgs := read(t, f, doc, g, "fr")
	m := reload(t, "fr", msgs).Locale("fr").Message("action.pass")
	if m == nil || m.Forms["other"] != "passer son tour" || m.Hash != currentHash(t, g, "action.pass") {
		t.Errorf("action.pass after import: %+v", m)
	}
}

func TestWriteLocaleGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteLocale(&b, "fr", append(Stamp(tricky(), "fr"), trickyMessages()...)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "tricky.fr.toml")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("%s differs (-want +got; run go test -update if the change is right):\n%s", golden, diff)
	}
}

func TestWriteLocaleErrors(t *testing.T) {
	other := func(id string) *model.Message { return &model.Message{ID: id, Forms: map[string]string{"other": "x"}} }
	tests := []struct {
		name string
		lang string
		msgs []*model.Message
		want string
	}{
		{"bad language", "not a language!", nil, "not a language!"},
		{"no other", "fr", []*model.Message{{ID: "a", Forms: map[string]string{"one": "x"}}}, `message a has no "other"`},
		{"unknown form", "fr", []*model.Message{{ID: "a", Forms: map[string]string{"other": "x", "dual": "y"}}}, `"dual"`},
		{"twice", "fr", []*model.Message{other("a"), other("b"), other("a")}, "message a appears twice"},
		{"nested", "fr", []*model.Message{other("a.b.c"), other("a.b")}, "message a.b.c is nested in message a.b"},
		{"reserved part", "fr", []*model.Message{other("card.One")}, `"One"`},
		{"nil", "fr", []*model.Message{nil}, "nil"},
		{"invalid UTF-8 id", "fr", []*model.Message{other("a.\xff")}, "not valid UTF-8"},
		{"invalid UTF-8 text", "fr", []*model.Message{{ID: "a", Forms: map[string]string{"other": "\xff"}}}, "not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WriteLocale(io.Discard, tt.lang, tt.msgs)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one saying %s", err, tt.want)
			}
		})
	}
}
