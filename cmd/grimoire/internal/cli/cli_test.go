package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// copyTree copies a directory tree for tests that edit it.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

const tiny = "../../../../compiler/testdata/tiny"

func TestUsage(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{nil, ExitUsage, "", "Usage: grimoire"},
		{[]string{"help"}, ExitOK, "Commands:", ""},
		{[]string{"--help"}, ExitOK, "Commands:", ""},
		{[]string{"frobnicate"}, ExitUsage, "", `unknown command "frobnicate" (see grimoire --help)`},
		{[]string{"exprot"}, ExitUsage, "", `unknown command "exprot" (did you mean "export"?) (see grimoire --help)`},
		{[]string{"check", "--help"}, ExitOK, "Usage: grimoire check", ""},
		{[]string{"help", "export"}, ExitOK, "Usage: grimoire export", ""},
		{[]string{"build", "--help"}, ExitOK, "Usage: grimoire build", ""},
		{[]string{"gen", "--help"}, ExitOK, "--check", ""},
		{[]string{"games", "--help"}, ExitOK, "Usage: grimoire games", ""},
		{[]string{"--version"}, ExitOK, "grimoire ", ""},
		{[]string{"check", "--bogus", "--x"}, ExitUsage, "", "flag provided but not defined: -bogus (see grimoire check --help)\n"},
		{[]string{"check", "--bogus"}, ExitUsage, "", "flag provided but not defined"},
		{[]string{"export", "--game", "warlock", "--lnag", "fr"}, ExitUsage, "", `flag provided but not defined: -lnag (did you mean "--lang"?) (see grimoire export --help)`},
		{[]string{"check", "extra"}, ExitUsage, "", `unexpected argument "extra"`},
		{[]string{"check", "--root", "/nonexistent/grimoire"}, ExitUsage, "", "--root"},
		{[]string{"export", "--format", "json"}, ExitUsage, "", "--game is required"},
		{[]string{"export", "--game", "warlock", "--format", "xml"}, ExitUsage, "", `unknown --format "xml"`},
		{[]string{"export", "--game", "warlock", "--format", "csv"}, ExitUsage, "", "csv needs --type, one of: "},
		{[]string{"export", "--game", "warlock", "--lang", "it"}, ExitUsage, "", `no language "it"`},
		{[]string{"export", "--game", "nosuch"}, ExitUsage, "", `no game "nosuch" (games: bellum_magica, hearts, warlock, warriors)`},
		{[]string{"export", "--game", "warlock", "--format", "csv", "--type", "creatur"}, ExitUsage, "", `--type "creatur": game warlock has no such card type`},
		{[]string{"export", "--game", "warlock", "--type", "creature"}, ExitUsage, "", "--type does not apply to --format json"},
		{[]string{"export", "--game", "warlock", "--excel"}, ExitUsage, "", "--excel does not apply to --format json"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d; want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errs)
			}
			if !strings.Contains(out, tt.inStdout) {
				t.Errorf("stdout %q does not contain %q", out, tt.inStdout)
			}
			if !strings.Contains(errs, tt.inStderr) {
				t.Errorf("stderr %q does not contain %q", errs, tt.inStderr)
			}
		})
	}
}

func TestCheckShippedGames(t *testing.T) {
	code, out, errs := run(t, "check")
	if code != ExitOK || errs != "" {
		t.Fatalf("grimoire check: exit %d, stderr:\n%s", code, errs)
	}
	if !strings.Contains(out, "warlock") {
		t.Errorf("stdout %q does not name warlock", out)
	}
}

func TestGames(t *testing.T) {
	code, out, errs := run(t, "games")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"warlock", "3-5", "en,fr,de", "creature 120", "supply 29", "reference 15", "figure 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q:\n%s", want, out)
		}
	}
}

// TestCheckRoot: each kind of fault in a user's tree makes check exit 1 with
// exactly one diagnostic at the right file, line and column.
func TestCheckRoot(t *testing.T) {
	tests := []struct {
		name, file, old, new string
		want                 string
	}{
		{"unknown key", "cards/tiny/game.toml", "power = 2\n", "powr = 2\n", "cards/tiny/game.toml:39:1: error: unknown key \"powr\""},
		{"misspelled enum", "cards/tiny/game.toml", "suit = \"sun\"\n", "suit = \"sunn\"\n", "cards/tiny/game.toml:38:8: error: card sunburst: suit: \"sunn\" is not a value of enum suit"},
		{"wrong type", "cards/tiny/game.toml", "power = 2\n", "power = \"2\"\n", "cards/tiny/game.toml:39:9: error: card sunburst: power must be an integer"},
		{"duplicate id", "cards/tiny/game.toml", "id = \"eclipse\"\n", "id = \"sunburst\"\n", "cards/tiny/game.toml:42:1: error: duplicate card id \"sunburst\""},
		{"wrong total", "cards/tiny/game.toml", "count = 5\n", "count = 6\n", "cards/tiny/game.toml:65:9: error: total spells declares 6"},
		{"missing message", "locales/tiny/fr.toml", "[term.hand]\none = \"main\"\nmany = \"mains\"\nother = \"mains\"\n", "", "locales/tiny/fr.toml:1:1: error: message term.hand is missing in fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := copyTree(t, tiny)
			p := filepath.Join(root, filepath.FromSlash(tt.file))
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(data, []byte(tt.old)) {
				t.Fatalf("%s does not contain %q", tt.file, tt.old)
			}
			if err := os.WriteFile(p, bytes.Replace(data, []byte(tt.old), []byte(tt.new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := run(t, "check", "--root", root)
			if code != ExitFail {
				t.Fatalf("exit %d; want 1\n%s", code, errs)
			}
			prefix := filepath.ToSlash(root) + "/"
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			if len(lines) != 2 { // the diagnostic and the summary line
				t.Fatalf("want exactly one diagnostic, got:\n%s", errs)
			}
			if !strings.HasPrefix(lines[0], prefix+tt.want) {
				t.Errorf("got  %s\nwant %s%s...", lines[0], prefix, tt.want)
			}
			if !strings.HasSuffix(lines[0], "]") || lines[1] != "1 error, 0 warnings (docs/checks.md explains each code)" {
				t.Errorf("unexpected output:\n%s", errs)
			}
		})
	}
}

func TestExportJSON(t *testing.T) {
	code, out, errs := run(t, "export", "--game", "warlock", "--lang", "fr", "--format", "json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Meta struct {
			Game string `json:"game"`
			Lang string `json:"lang"`
		} `json:"meta"`
		Data struct {
			Cards []struct {
				ID     string `json:"id"`
				Copies int    `json:"copies"`
			} `json:"cards"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Meta.Game != "warlock" || doc.Meta.Lang != "fr" {
		t.Errorf("meta = %+v", doc.Meta)
	}
	if !strings.Contains(out, "magiciens") {
		t.Errorf("French export lacks French names")
	}
	// the same bytes on a second run
	_, again, _ := run(t, "export", "--game", "warlock", "--lang", "fr", "--format", "json")
	if again != out {
		t.Error("two exports differ")
	}
}

func TestExportCSV(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "sub", "creatures.csv")
	code, _, errs := run(t, "export", "--game", "warlock", "--lang", "de", "--format", "csv", "--type", "creature", "-o", file)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if !strings.HasPrefix(lines[0], "id,name,name_plural,copies,race,gold,gold_alt,points,cost,extra,reconstructed") {
		t.Errorf("header = %s", lines[0])
	}
	if len(lines) != 1+19 {
		t.Errorf("%d rows; want 19 creature designs", len(lines)-1)
	}
	if strings.HasPrefix(string(data), "\uFEFF") {
		t.Error("a plain CSV begins with a byte order mark")
	}
	// For a spreadsheet, the same file after UTF-8's byte order mark.
	excel := filepath.Join(dir, "excel.csv")
	if code, _, errs := run(t, "export", "--game", "warlock", "--lang", "de", "--format", "csv", "--type", "creature", "--excel", "-o", excel); code != ExitOK {
		t.Fatalf("--excel: exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(excel); string(got) != "\uFEFF"+string(data) {
		t.Errorf("--excel writes %q…; want the byte order mark, then the CSV", got[:min(len(got), 20)])
	}
}

// TestGenCheck: a fresh gen directory is reported missing, written by gen,
// then up to date; changing a card value makes it stale again.
func TestGenCheck(t *testing.T) {
	root := copyTree(t, tiny)
	if code, _, _ := run(t, "gen", "--check", "--root", root); code != ExitFail {
		t.Fatalf("gen --check on a tree without gen/: exit %d; want 1", code)
	}
	if code, out, errs := run(t, "gen", "--root", root); code != ExitOK {
		t.Fatalf("gen: exit %d: %s%s", code, out, errs)
	}
	if code, _, errs := run(t, "gen", "--check", "--root", root); code != ExitOK {
		t.Fatalf("gen --check after gen: exit %d: %s", code, errs)
	}
	p := filepath.Join(root, "cards", "tiny", "game.toml")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, bytes.Replace(data, []byte("power = 2\n"), []byte("power = 7\n"), 1), 0o644)
	code, _, errs := run(t, "gen", "--check", "--root", root)
	if code != ExitFail || !strings.Contains(errs, "stale") {
		t.Fatalf("gen --check after a change: exit %d; want 1 and a stale file\n%s", code, errs)
	}
	if code, _, _ := run(t, "gen", "--root", root); code != ExitOK {
		t.Fatal("gen after a change failed")
	}
	if code, _, errs := run(t, "gen", "--check", "--root", root); code != ExitOK {
		t.Fatalf("gen --check after regenerating: exit %d: %s", code, errs)
	}
}

func TestBuild(t *testing.T) {
	out := t.TempDir()
	code, stdout, errs := run(t, "build", "-o", out)
	if code != ExitOK {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, errs)
	}
	for _, f := range []string{"grimoire.schema.json", "warlock.json", "warlock.en.json", "warlock.fr.json", "warlock.de.json", "warlock.fr.creature.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("build did not write %s", f)
		}
	}
	if !strings.Contains(stdout, out) {
		t.Errorf("build does not say where its output went:\n%s", stdout)
	}
	for _, lang := range []string{"en", "fr", "de"} {
		for _, kind := range []string{"reference", "cards", "rules"} {
			b, err := os.ReadFile(filepath.Join(out, "warlock", lang, kind+".pdf"))
			if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Errorf("build did not write the %s %s PDF: %v", lang, kind, err)
			}
		}
	}
}

// TestBuildWithoutBlocks: a game that declares nothing for the sheet or the
// cards still builds, with its rulebook.
func TestBuildWithoutBlocks(t *testing.T) {
	out := t.TempDir()
	code, stdout, errs := run(t, "build", "--root", tiny, "-o", out, "--paper", "letter")
	if code != ExitOK {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "tiny", "fr", "rules.pdf")); err != nil {
		t.Error("no rulebook")
	}
	if _, err := os.Stat(filepath.Join(out, "tiny", "fr", "cards.pdf")); err == nil {
		t.Error("reference cards written for a game without any")
	}
}

func TestSheet(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--game", "warlock", "--lang", "de", "--kind", "cards", "--paper", "letter", "--bleed", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--game", "warlock", "--kind", "rules", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--game", "warlock", "--kind", "cards", "-o", "x.pdf", "--card", "59x91"}, ExitOK, ""},
		{[]string{"--game", "warlock", "-o", "x.pdf", "--card", "59x91"}, ExitUsage, "--card does not apply to --kind reference"},
		{[]string{"--game", "warlock", "--kind", "rules", "-o", "x.pdf", "--bleed"}, ExitUsage, "--bleed does not apply"},
		{[]string{"--game", "warlock", "--kind", "cards", "-o", "x.pdf", "--card", "NaNxInf"}, ExitUsage, "WIDTHxHEIGHT"},
		{[]string{"--game", "warlock", "--kind", "poster", "-o", "x.pdf"}, ExitUsage, `unknown kind "poster"`},
		{[]string{"--game", "warlock", "--paper", "a3", "-o", "x.pdf"}, ExitUsage, `unknown paper "a3"`},
		{[]string{"--game", "warlock", "--card", "63", "-o", "x.pdf"}, ExitUsage, "WIDTHxHEIGHT"},
		{[]string{"--game", "warlock", "--lang", "it", "-o", "x.pdf"}, ExitUsage, `no language "it"`},
		{[]string{"--game", "chess", "-o", "x.pdf"}, ExitUsage, `no game "chess"`},
		{[]string{"--game", "warlock"}, ExitUsage, "-o are required"},
		{[]string{"--game", "warlock", "--kind", "cards", "--card", "300x88", "-o", "x.pdf"}, ExitFail, "does not fit on a4 paper"},
	} {
		sheetCase(t, c.args, filepath.Join(dir, strings.Join(c.args, "_")+".pdf"), c.code, c.msg)
	}
}

func TestBuildRefusesBadTree(t *testing.T) {
	root := copyTree(t, tiny)
	p := filepath.Join(root, "cards", "tiny", "game.toml")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, bytes.Replace(data, []byte("count = 5\n"), []byte("count = 9\n"), 1), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	if code, _, _ := run(t, "build", "--root", root, "-o", out); code != ExitFail {
		t.Fatalf("build of a bad tree: exit %d; want 1", code)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("build wrote output despite errors")
	}
}

// TestCheckFormats: a warning in a user's tree, printed for people and for
// tools; --werror makes it fail.
func TestCheckFormats(t *testing.T) {
	root := copyTree(t, tiny)
	p := filepath.Join(root, "locales", "tiny", "fr.toml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`title = "Jouer"`), []byte(`title = "Jouer: vite"`), 1)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"--format", "text"}, ExitOK},
		{[]string{"--format", "text", "--werror"}, ExitFail},
		{[]string{"--format", "json"}, ExitOK},
		{[]string{"--format", "sarif", "--werror"}, ExitFail},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := run(t, append([]string{"check", "--root", root}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d; want %d\n%s", code, tt.code, errs)
			}
			switch tt.args[1] {
			case "text":
				if !strings.Contains(errs, "fr.toml:40:15: warning:") || !strings.Contains(errs, "[G117]") {
					t.Errorf("stderr lacks the warning:\n%s", errs)
				}
			case "json":
				var doc struct {
					Diagnostics []struct {
						File, Severity, Code, Message string
						Line, Column                  int
					}
				}
				if err := json.Unmarshal([]byte(out), &doc); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, out)
				}
				if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Code != "G117" || doc.Diagnostics[0].Line != 40 || doc.Diagnostics[0].Column != 15 {
					t.Errorf("diagnostics: %+v", doc.Diagnostics)
				}
			case "sarif":
				if !strings.Contains(out, `"ruleId": "G117"`) || !strings.Contains(out, `"startLine": 40`) {
					t.Errorf("SARIF lacks the result:\n%s", out)
				}
			}
		})
	}
}

// TestTranslationRoundTrip is a translator's loop: stamp a translation,
// change the source (the translation goes stale), export it for a CAT tool,
// translate, import it back (no longer stale).
func TestTranslationRoundTrip(t *testing.T) {
	for _, format := range []string{"xliff", "po"} {
		t.Run(format, func(t *testing.T) {
			root := copyTree(t, tiny)
			if code, _, errs := run(t, "stamp", "--root", root, "--game", "tiny", "--lang", "fr"); code != ExitOK {
				t.Fatalf("stamp: exit %d\n%s", code, errs)
			}
			en := filepath.Join(root, "locales", "tiny", "en.toml")
			data, err := os.ReadFile(en)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.Replace(data, []byte(`title = "Playing"`), []byte(`title = "How to play"`), 1)
			if err := os.WriteFile(en, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := run(t, "check", "--root", root)
			if code != ExitOK || !strings.Contains(errs, "rules.play.title (fr) was translated from another source text") {
				t.Fatalf("check after a source change: exit %d, want a stale warning:\n%s", code, errs)
			}
			file := filepath.Join(t.TempDir(), "fr."+map[string]string{"xliff": "xlf", "po": "po"}[format])
			if code, _, errs := run(t, "export", "--root", root, "--game", "tiny", "--lang", "fr", "--format", format, "-o", file); code != ExitOK {
				t.Fatalf("export: exit %d\n%s", code, errs)
			}
			x, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The translator sees what changed, and translates the changed
			// title.
			switch format {
			case "xliff":
				x = bytes.Replace(x, []byte(`<target state="needs-review-translation">Jouer</target>`), []byte(`<target state="translated">Comment jouer</target>`), 1)
			case "po":
				x = bytes.Replace(x, []byte("#, fuzzy\n#| msgid \"Playing\"\nmsgctxt \"rules.play.title\"\nmsgid \"How to play\"\nmsgstr \"Jouer\""), []byte("msgctxt \"rules.play.title\"\nmsgid \"How to play\"\nmsgstr \"Comment jouer\""), 1)
			}
			if !bytes.Contains(x, []byte("Comment jouer")) {
				t.Fatalf("the exported file does not look as expected:\n%s", x)
			}
			if err := os.WriteFile(file, x, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := run(t, "import", "--root", root, "--game", "tiny", "--lang", "fr", file)
			if code != ExitOK || errs != "" || !strings.Contains(out, "wrote ") {
				t.Fatalf("import: exit %d\n%s%s", code, out, errs)
			}
			fr, _ := os.ReadFile(filepath.Join(root, "locales", "tiny", "fr.toml"))
			if !bytes.Contains(fr, []byte(`other = "Comment jouer"`)) {
				t.Errorf("fr.toml lacks the imported title:\n%s", fr)
			}
		})
	}
}

// TestRulebook runs the rulebook checker on the published French rulebook,
// alone and against the English one.
func TestRulebook(t *testing.T) {
	const dir = "../../../../compiler/rulebook/testdata/"
	code, out, errs := run(t, "rulebook", "--game", "warlock", "--lang", "fr", dir+"warlock-fr.txt")
	if code != ExitFail || !strings.Contains(errs, "warlock-fr.txt:72:20: error: 20 wizards") || out != "" {
		t.Fatalf("exit %d; want 1 and the wizard count\n%s%s", code, out, errs)
	}
	code, out, errs = run(t, "rulebook", "--game", "warlock", "--lang", "fr", "--against", "en="+dir+"warlock-en.txt", "--format", "json", dir+"warlock-fr.txt")
	if code != ExitFail || !strings.Contains(out, `"code": "G305"`) || !strings.Contains(out, `"code": "G306"`) {
		t.Fatalf("exit %d; want G305 and G306 in JSON\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{
		{"rulebook", "--game", "warlock", dir + "warlock-fr.txt"},
		{"rulebook", "--game", "warlock", "--lang", "it", dir + "warlock-fr.txt"},
		{"rulebook", "--game", "warlock", "--lang", "fr", "--against", "en", dir + "warlock-fr.txt"},
		{"rulebook", "--game", "warlock", "--lang", "fr", "--against", "en=" + dir + "warlock-en.txt", "--against", "de=" + dir + "warlock-de.txt", dir + "warlock-fr.txt"},
	} {
		if code, _, _ := run(t, args...); code != ExitUsage {
			t.Errorf("%v: exit %d; want 2", args, code)
		}
	}
}

// sheetCase runs grimoire sheet with args, its "x.pdf" standing for out,
// and checks the exit code, that stderr holds msg, and that a PDF was
// written to out if and only if it succeeded.
func sheetCase(t *testing.T, args []string, out string, wantCode int, msg string) {
	t.Helper()
	args = append([]string{"sheet"}, args...)
	for i, a := range args {
		if a == "x.pdf" {
			args[i] = out
		}
	}
	code, _, errs := run(t, args...)
	if code != wantCode || !strings.Contains(errs, msg) {
		t.Errorf("%v: exit %d, want %d; stderr:\n%s", args, code, wantCode, errs)
	}
	b, err := os.ReadFile(out)
	if wantCode == ExitOK && (err != nil || !bytes.HasPrefix(b, []byte("%PDF-"))) {
		t.Errorf("%v wrote no PDF", args)
	}
	if wantCode != ExitOK && err == nil {
		t.Errorf("%v failed but wrote %s", args, out)
	}
}
