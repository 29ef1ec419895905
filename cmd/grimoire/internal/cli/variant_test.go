package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// warlockTrio returns a games tree holding Warlock with one variant, trio,
// played by three players only, so that the Warlock engine plays a variant.
func warlockTrio(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range []string{"cards", "locales"} {
		src := filepath.Join("../../../..", dir, "warlock")
		if err := os.CopyFS(filepath.Join(root, dir, "warlock"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, s string, appending bool) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if appending {
			flag = os.O_APPEND | os.O_WRONLY
		}
		f, err := os.OpenFile(p, flag, 0o644)
		if err == nil {
			_, err = f.WriteString(s)
			err = errors.Join(err, f.Close())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	write("cards/warlock/variant.toml", "[[variant]]\nid = \"trio\"\nplayers = { min = 3, max = 3 }\ndoc = \"Three players only.\"\n", false)
	for lang, name := range map[string]string{"en": "Trio", "fr": "En trio", "de": "Im Trio"} {
		write("locales/warlock/"+lang+".toml", "\n[variant]\ntrio = \""+name+"\"\n", true)
	}
	return root
}

// TestVariantUnknown: a variant a game does not have is a usage error that
// names the game's variants, or says it has none, in every command that
// takes --variant.
func TestVariantUnknown(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.pdf")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"export", "--root", tiny, "--game", "tiny", "--variant", "moonrise"}, `grimoire export: --variant: game tiny has no variant "moonrise"; it has starfall`},
		{[]string{"export", "--root", tiny, "--game", "tiny", "--variant", "moonrise", "--format", "po", "--lang", "fr"}, `--variant does not apply to --format po`},
		{[]string{"export", "--game", "warlock", "--variant", "trio"}, `grimoire export: --variant: game warlock has no variants; "trio" is not one`},
		{[]string{"sheet", "--root", tiny, "--game", "tiny", "--variant", "moonrise", "--kind", "rules", "-o", out}, `grimoire sheet: --variant: game tiny has no variant "moonrise"; it has starfall`},
		{[]string{"simulate", "--game", "warlock", "--variant", "trio", "-n", "1"}, `grimoire simulate: --variant: game warlock has no variants`},
		{[]string{"score", "--game", "warlock", "--variant", "trio", scoreExample}, `grimoire score: --variant: game warlock has no variants`},
		{[]string{"simulate", "--root", warlockTrio(t), "--game", "warlock", "--variant", "duo", "-n", "1"}, `game warlock has no variant "duo"; it has trio`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, errs := run(t, tt.args...)
			if code != ExitUsage || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errs, tt.want)
			}
			if stdout != "" {
				t.Errorf("stdout %q; want nothing", stdout)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("sheet wrote a PDF for an unknown variant")
	}
}

// exportDoc is what the variant tests read of a JSON export.
type exportDoc struct {
	Meta struct {
		Game    string `json:"game"`
		Variant string `json:"variant"`
	} `json:"meta"`
	Data struct {
		Players  struct{ Min, Max int } `json:"players"`
		Variants []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"variants"`
		Cards []struct {
			ID      string `json:"id"`
			Variant string `json:"variant"`
		} `json:"cards"`
	} `json:"data"`
}

func (d exportDoc) cards() string {
	var ids []string
	for _, c := range d.Data.Cards {
		id := c.ID
		if c.Variant != "" {
			id += "@" + c.Variant
		}
		ids = append(ids, id)
	}
	return strings.Join(ids, " ")
}

func TestExportVariant(t *testing.T) {
	tests := []struct {
		args        []string
		variant     string
		max         int
		cards       string
		variantName string
	}{
		{nil, "", 4, "sunburst eclipse", "Starfall"},
		{[]string{"--variant", "starfall"}, "starfall", 5, "sunburst eclipse comet@starfall", "Starfall"},
		{[]string{"--variant", "starfall", "--lang", "fr"}, "starfall", 5, "sunburst eclipse comet@starfall", "Pluie d’étoiles"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append([]string{"export", "--root", tiny, "--game", "tiny", "--format", "json"}, tt.args...)
			if len(tt.args) < 3 {
				args = append(args, "--lang", "en")
			}
			code, out, errs := run(t, args...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var d exportDoc
			if err := json.Unmarshal([]byte(out), &d); err != nil {
				t.Fatal(err)
			}
			if d.Meta.Variant != tt.variant || d.Data.Players.Max != tt.max || d.cards() != tt.cards {
				t.Errorf("meta.variant %q, players max %d, cards %s; want %q, %d, %s", d.Meta.Variant, d.Data.Players.Max, d.cards(), tt.variant, tt.max, tt.cards)
			}
			if len(d.Data.Variants) != 1 || d.Data.Variants[0].ID != "starfall" || d.Data.Variants[0].Name != tt.variantName {
				t.Errorf("variants = %+v; want starfall, %s", d.Data.Variants, tt.variantName)
			}
		})
	}
	code, out, errs := run(t, "export", "--root", tiny, "--game", "tiny", "--variant", "starfall", "--format", "csv", "--type", "spell")
	if code != ExitOK {
		t.Fatalf("csv: exit %d: %s", code, errs)
	}
	want := "id,name,name_plural,copies,variant,suit,power,cost,reconstructed\n" +
		"sunburst,Sunburst,Sunbursts,3,,sun,2,moon,\n" +
		"eclipse,Eclipse,Eclipses,2,,moon,3,any|sun,power\n" +
		"comet,Comet,Comets,2,starfall,sun,4,moon|moon,\n"
	if out != want {
		t.Errorf("csv:\n%s\nwant\n%s", out, want)
	}
	// A translation covers every variant's texts: naming one is an error.
	_, base, _ := run(t, "export", "--root", tiny, "--game", "tiny", "--format", "po", "--lang", "fr")
	if !strings.Contains(base, "card.comet") || !strings.Contains(base, "variant.starfall") {
		t.Error("the PO export lacks the variant's texts")
	}
	if code, _, errs := run(t, "export", "--root", tiny, "--game", "tiny", "--variant", "starfall", "--format", "po", "--lang", "fr"); code != ExitUsage || !strings.Contains(errs, "--variant does not apply") {
		t.Errorf("po with --variant: exit %d, %s", code, errs)
	}
}

// TestBuildVariants: build writes each variant's exports and printouts in
// <game>/<variant>/, beside the base game's.
func TestBuildVariants(t *testing.T) {
	out := t.TempDir()
	code, stdout, errs := run(t, "build", "--root", tiny, "-o", out)
	if code != ExitOK {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, errs)
	}
	for _, f := range []string{
		"tiny.json", "tiny.en.json", "tiny.fr.spell.csv", "tiny/en/rules.pdf",
		"tiny/starfall/tiny.json", "tiny/starfall/tiny.en.json", "tiny/starfall/tiny.fr.json",
		"tiny/starfall/tiny.en.spell.csv", "tiny/starfall/tiny.fr.spell.csv",
		"tiny/starfall/en/rules.pdf", "tiny/starfall/fr/rules.pdf",
		"tiny/en/deck.pdf", "tiny/starfall/fr/deck.pdf",
	} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
			t.Errorf("build did not write %s", f)
		}
	}
	if !strings.Contains(stdout, "wrote 11 export files and 8 printouts") {
		t.Errorf("build output: %s", stdout)
	}
	for f, want := range map[string]string{"tiny.en.json": "", "tiny/starfall/tiny.en.json": "starfall"} {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		var d exportDoc
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		if d.Meta.Variant != want || strings.Contains(d.cards(), "comet") != (want != "") {
			t.Errorf("%s: meta.variant %q, cards %s", f, d.Meta.Variant, d.cards())
		}
	}
	// The same bytes again: each variant's output is deterministic.
	again := t.TempDir()
	if code, _, errs := run(t, "build", "--root", tiny, "-o", again); code != ExitOK {
		t.Fatalf("second build: %s", errs)
	}
	for _, f := range []string{"tiny/starfall/tiny.json", "tiny/starfall/fr/rules.pdf"} {
		a, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		b, _ := os.ReadFile(filepath.Join(again, filepath.FromSlash(f)))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("two builds differ in %s", f)
		}
	}
}

func TestSheetVariant(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rules.pdf")
	code, _, errs := run(t, "sheet", "--root", tiny, "--game", "tiny", "--variant", "starfall", "--kind", "rules", "--lang", "fr", "-o", out)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("no PDF: %v", err)
	}
}

func TestGamesVariants(t *testing.T) {
	code, out, errs := run(t, "games", "--root", tiny)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "tiny ") || !strings.Contains(lines[1], "spell 5") ||
		!strings.HasPrefix(lines[2], "  +starfall ") || !strings.Contains(lines[2], "2-5") || !strings.Contains(lines[2], "spell 7") {
		t.Errorf("games output:\n%s", out)
	}
}

// TestSimulateVariant plays Warlock in its variant trio: the engine gets
// the variant's player count, the summary and the logs say which variant,
// and a replay rebuilds it.
func TestSimulateVariant(t *testing.T) {
	root := warlockTrio(t)
	logFile := filepath.Join(t.TempDir(), "games.jsonl")
	code, out, errs := run(t, "simulate", "--root", root, "--game", "warlock", "--variant", "trio", "-n", "3", "--log", logFile)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, "warlock (variant trio): 3 games of 3 players, seed 1\n") {
		t.Errorf("summary:\n%s", out)
	}
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	headers := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), `{"log":`) {
			headers++
			if !strings.HasPrefix(sc.Text(), `{"log":"grimoire","version":1,"game":"warlock","variant":"trio","players":3,`) {
				t.Errorf("header %s lacks the variant", sc.Text())
			}
		}
	}
	if headers != 3 {
		t.Errorf("%d headers; want 3", headers)
	}
	if code, out, errs := run(t, "replay", "--root", root, logFile); code != ExitOK || !strings.Contains(out, "ok: 3 games") {
		t.Errorf("replay: exit %d\n%s%s", code, out, errs)
	}
	// The built-in Warlock has no variant trio: the log cannot be replayed.
	if code, _, errs := run(t, "replay", logFile); code != ExitFail || !strings.Contains(errs, `game warlock has no variants; "trio" is not one`) {
		t.Errorf("replay without the variant: exit %d\n%s", code, errs)
	}
	// A log of the base game, as one written before variants, has no
	// variant and replays in the base game. (A variant's log is not one:
	// the variant may number its actions otherwise, as trio, whose fewer
	// seats are fewer actions.)
	base := filepath.Join(t.TempDir(), "base.jsonl")
	if code, _, errs := run(t, "simulate", "--root", root, "--game", "warlock", "--players", "3", "-n", "3", "--log", base); code != ExitOK {
		t.Fatalf("base game: exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(base); err != nil || bytes.Contains(b, []byte(`"variant"`)) {
		t.Errorf("a base game's log names a variant (%v)", err)
	}
	if code, out, errs := run(t, "replay", "--root", root, base); code != ExitOK || !strings.Contains(out, "ok: 3 games") {
		t.Errorf("replay of the base game: exit %d\n%s%s", code, out, errs)
	}

	if code, _, errs := run(t, "simulate", "--root", root, "--game", "warlock", "--variant", "trio", "--players", "4", "-n", "1"); code != ExitUsage || !strings.Contains(errs, "warlock (variant trio) is for 3 to 3 players") {
		t.Errorf("4 players in trio: exit %d: %s", code, errs)
	}
	code, out, errs = run(t, "simulate", "--root", root, "--game", "warlock", "--variant", "trio", "-n", "2", "--format", "json")
	if code != ExitOK {
		t.Fatalf("json: exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, "{\n  \"game\": \"warlock\",\n  \"variant\": \"trio\",\n  \"players\": 3,\n") {
		t.Errorf("JSON summary:\n%s", out)
	}
	var sum struct {
		Game, Variant string
		Seats         []any
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || len(sum.Seats) != 3 {
		t.Errorf("JSON summary %+v, %v", sum, err)
	}
	if code, out, errs := run(t, "score", "--root", root, "--game", "warlock", "--variant", "trio", scoreExample); code != ExitOK || !strings.Contains(out, "54") {
		t.Errorf("score in a variant: exit %d\n%s%s", code, out, errs)
	}
}
