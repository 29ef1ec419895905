package export

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/grimoire-games/grimoire/compiler/model"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sampleGame builds by hand a small game that uses every kind of field,
// two locales with different plural categories, proper and common names,
// and rule texts that take numbers from the data.
func sampleGame() *model.Game {
	scalar := func(k model.Kind) *model.ValueType { return &model.ValueType{Kind: k} }
	race := &model.ValueType{Kind: model.EnumKind, Enum: "race"}
	integer := func(i int64) model.Value { return model.Value{Int: i} }
	dec := func(f float64) model.Value { return model.Value{Dec: f} }
	str := func(s string) model.Value { return model.Value{Str: s} }
	boolean := func(b bool) model.Value { return model.Value{Bool: b} }
	list := func(vs ...model.Value) model.Value { return model.Value{List: vs} }
	set := func(f string, v model.Value) model.FieldValue { return model.FieldValue{Field: f, Set: true, Value: v} }
	unset := func(f string) model.FieldValue { return model.FieldValue{Field: f} }

	g := &model.Game{
		ID:         "sample",
		Players:    model.Range{Min: 2, Max: 4},
		SourceLang: "en",
		Languages:  []string{"en", "fr"},
		SourceHash: strings.Repeat("0123456789abcdef", 4),
		Enums: []*model.Enum{{ID: "race", Values: []*model.EnumValue{
			{ID: "giant", Color: "#2f5fb3", Icon: "club", Message: "race.giant"},
			{ID: "human", Color: "#e3b505", Icon: "sword", Message: "race.human"},
			{ID: "elf", Message: "race.elf"},
		}}},
		Types: []*model.Type{
			{ID: "creature", Doc: "A creature card.", Message: "type.creature", Fields: []*model.Field{
				{ID: "points", Type: scalar(model.Int), Doc: "Victory points."},
				{ID: "gold", Type: scalar(model.Decimal)},
				{ID: "motto", Type: scalar(model.String)},
				{ID: "flying", Type: scalar(model.Bool)},
				{ID: "race", Type: race},
				{ID: "cost", Type: &model.ValueType{Kind: model.List, Elem: race}, Wildcard: "any", Doc: "Creatures paid; \"any\" is any race."},
				{ID: "rival", Type: &model.ValueType{Kind: model.Ref, Ref: "creature"}, Optional: true},
				{ID: "extra", Type: race, Optional: true},
				{ID: "bonus", Type: &model.ValueType{Kind: model.Map, Key: race, Elem: scalar(model.Int)}, Optional: true},
			}},
			{ID: "reference", Message: "type.reference", Fields: []*model.Field{
				{ID: "language_independent", Type: scalar(model.Bool)},
			}},
		},
		Cards: []*model.Card{
			{ID: "giant_1", Type: "creature", Copies: 3, Message: "card.giant_1", Reconstructed: []string{"gold", "points"}, Values: []model.FieldValue{
				set("points", integer(2)), set("gold", dec(2)), set("motto", str(`Big & "strong", <too>`)),
				set("flying", boolean(false)), set("race", str("giant")), set("cost", list(str("human"), str("elf"))),
				set("rival", str("human_1")), unset("extra"), unset("bonus"),
			}},
			{ID: "human_1", Type: "creature", Copies: 4, Message: "card.human_1", Values: []model.FieldValue{
				set("points", integer(1)), set("gold", dec(0.5)), set("motto", str("Many hands")),
				set("flying", boolean(false)), set("race", str("human")), set("cost", list(str("any"))),
				unset("rival"), set("extra", str("giant")),
				set("bonus", model.Value{Keys: []model.Value{str("giant"), str("human")}, List: []model.Value{integer(1), integer(-2)}}),
			}},
			{ID: "elrohir", Type: "creature", Copies: 1, Message: "card.elrohir", Values: []model.FieldValue{
				set("points", integer(5)), set("gold", dec(1.25)), set("motto", str("")),
				set("flying", boolean(true)), set("race", str("elf")), set("cost", list()),
				unset("rival"), unset("extra"), unset("bonus"),
			}},
			{ID: "reference_turn", Type: "reference", Copies: 2, Message: "card.reference_turn", Values: []model.FieldValue{
				set("language_independent", boolean(true)),
			}},
			{ID: "vampire_1", Type: "creature", Copies: 2, Message: "card.vampire_1", Variant: "night", Values: []model.FieldValue{
				set("points", integer(3)), set("gold", dec(1)), set("motto", str("Thirsty")),
				set("flying", boolean(true)), set("race", str("elf")), set("cost", list(str("giant"))),
				set("rival", str("human_1")), unset("extra"), unset("bonus"),
			}},
		},
		Variants: []*model.Variant{
			{ID: "night", Players: model.Range{Min: 2, Max: 6}, Doc: "Night falls: a vampire joins the creatures, and up to six play.", Message: "variant.night"},
		},
		Components: []*model.Component{
			{ID: "board", Kind: "board", Count: 1, Doc: "The central board.", Message: "component.board"},
			{ID: "die", Kind: "die", Count: 2, Faces: 6, Message: "component.die"},
		},
		Zones: []*model.Zone{
			{ID: "hand", Owner: model.ZonePlayer, Visible: model.ZoneOwner, Section: "setup", Doc: "The creatures a player holds.", Message: "zone.hand"},
			{ID: "camp", Owner: model.ZoneTable, Visible: model.ZoneAll, Message: "zone.camp"},
		},
		Params: []*model.Param{
			{ID: "days", Type: scalar(model.Int), Value: integer(3), Doc: "Days in a game."},
			{ID: "ratio", Type: scalar(model.Decimal), Value: dec(0.5)},
			{ID: "chain", Type: &model.ValueType{Kind: model.List, Elem: scalar(model.Int)}, Value: list(integer(1), integer(2), integer(3)),
				Reconstructed: model.Marks{Entries: []string{"2"}}},
			{ID: "majority", Type: &model.ValueType{Kind: model.Map, Key: race, Elem: scalar(model.Int)},
				Value:         model.Value{Keys: []model.Value{str("giant"), str("human")}, List: []model.Value{integer(6), integer(4)}},
				Reconstructed: model.Marks{Entries: []string{"human"}}},
			{ID: "variety", Type: &model.ValueType{Kind: model.Map, Key: scalar(model.Int), Elem: scalar(model.Decimal)},
				Value:         model.Value{Keys: []model.Value{integer(3), integer(10)}, List: []model.Value{dec(1), dec(2.5)}},
				Reconstructed: model.Marks{All: true}},
		},
		Totals: []*model.Total{
			{ID: "creatures", Type: "creature", Count: 8},
			{ID: "giants", Type: "creature", Field: "race", Equals: str("giant"), Count: 3},
			{ID: "flyers", Type: "creature", Field: "flying", Equals: boolean(true), Count: 1},
			{ID: "references", Type: "reference", Count: 2},
			{ID: "vampires", Type: "creature", Variant: "night", Count: 2},
		},
		Sections: []*model.Section{
			{ID: "intro", Level: 1},
			{ID: "setup", Number: "1", Level: 1},
			{ID: "days", Number: "1.1", Level: 2},
		},
		Terms: []*model.Term{
			{ID: "elrohir", Proper: true, Message: "card.elrohir"},
			{ID: "giant", Message: "race.giant"},
			{ID: "gold", Message: "term.gold"},
		},
	}
	g.Locales = []*model.Locale{
		locale("en", []string{"one", "other"},
			text("game.name", "Sample & Co"),
			name("race.giant", "one", "giant", "other", "giants"),
			name("race.human", "one", "human", "other", "humans"),
			name("race.elf", "one", "elf", "other", "elves"),
			name("type.creature", "one", "creature", "other", "creatures"),
			name("type.reference", "one", "reference card", "other", "reference cards"),
			name("card.giant_1", "one", "hill giant", "other", "hill giants"),
			name("card.human_1", "one", "peasant", "other", "peasants"),
			text("card.elrohir", "Elrohir"),
			name("card.reference_turn", "one", "turn card", "other", "turn cards"),
			name("component.board", "one", "board", "other", "boards"),
			name("component.die", "one", "die", "other", "dice"),
			name("zone.hand", "one", "hand", "other", "hands"),
			name("zone.camp", "one", "camp", "other", "camps"),
			name("term.gold", "one", "gold coin", "other", "gold coins"),
			name("card.vampire_1", "one", "vampire", "other", "vampires"),
			text("variant.night", "Night"),
			text("rules.intro.title", "Introduction"),
			text("rules.intro.text", "For {{.Players.Min}} to {{.Players.Max}} players; at night, up to {{.Variant.night.Players.Max}}."),
			text("rules.setup.title", "Setup"),
			text("rules.setup.text", "Shuffle the {{.Total.creatures}} creatures, {{.Total.giants}} of them giants. At night, add the {{.Total.vampires}} vampires ({{.Card.vampire_1.points}} points each).\n"),
			text("rules.days.title", "Days"),
			text("rules.days.text", "The game lasts {{.Param.days}} days; a human is worth {{.Param.ratio}} gold."),
		),
		locale("fr", []string{"one", "many", "other"},
			text("game.name", "Exemple & Cie"),
			name("race.giant", "one", "géant", "many", "de géants", "other", "géants"),
			name("race.human", "one", "humain", "many", "d’humains", "other", "humains"),
			name("race.elf", "one", "elfe", "many", "d’elfes", "other", "elfes"),
			name("type.creature", "one", "créature", "many", "de créatures", "other", "créatures"),
			name("type.reference", "one", "aide de jeu", "many", "d’aides de jeu", "other", "aides de jeu"),
			name("card.giant_1", "one", "géant des collines", "many", "de géants des collines", "other", "géants des collines"),
			name("card.human_1", "one", "paysan", "many", "de paysans", "other", "paysans"),
			text("card.elrohir", "Elrohir"),
			name("card.reference_turn", "one", "carte de tour", "many", "de cartes de tour", "other", "cartes de tour"),
			name("component.board", "one", "plateau", "many", "de plateaux", "other", "plateaux"),
			name("component.die", "one", "dé", "many", "de dés", "other", "dés"),
			name("zone.hand", "one", "main", "many", "de mains", "other", "mains"),
			name("zone.camp", "one", "camp", "many", "de camps", "other", "camps"),
			name("term.gold", "one", "pièce d’or", "many", "de pièces d’or", "other", "pièces d’or"),
			name("card.vampire_1", "one", "vampire", "many", "de vampires", "other", "vampires"),
			text("variant.night", "Nuit"),
			text("rules.intro.title", "Introduction"),
			text("rules.intro.text", "De {{.Players.Min}} à {{.Players.Max}} joueurs ; la nuit, jusqu’à {{.Variant.night.Players.Max}}."),
			text("rules.setup.title", "Mise en place"),
			text("rules.setup.text", "Mélangez les {{.Total.creatures}} créatures, dont {{.Total.giants}} géants. La nuit, ajoutez les {{.Total.vampires}} vampires ({{.Card.vampire_1.points}} points chacun).\n"),
			text("rules.days.title", "Journées"),
			text("rules.days.text", "La partie dure {{.Param.days}} jours ; un humain vaut {{.Param.ratio}} or."),
		),
	}
	return g
}

func locale(lang string, cats []string, msgs ...*model.Message) *model.Locale {
	slices.SortFunc(msgs, func(a, b *model.Message) int { return strings.Compare(a.ID, b.ID) })
	return &model.Locale{Lang: lang, File: "locales/sample/" + lang + ".toml", Messages: msgs, PluralCategories: cats}
}

func text(id, s string) *model.Message {
	return &model.Message{ID: id, Forms: map[string]string{"other": s}}
}

// name returns a message with plural forms, given as category, text pairs.
func name(id string, forms ...string) *model.Message {
	m := &model.Message{ID: id, Forms: map[string]string{}}
	for i := 0; i+1 < len(forms); i += 2 {
		m.Forms[forms[i]] = forms[i+1]
	}
	return m
}

// played returns the sample game as played in a variant ("" for the base
// game).
func played(t *testing.T, variant string) *model.Game {
	t.Helper()
	g, err := sampleGame().Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGolden compares the export of the sample game, as its base game and
// in its variant night, with the files in testdata.
func TestGolden(t *testing.T) {
	var files []File
	for _, v := range []string{"", "night"} {
		fs, err := Files(played(t, v))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		golden := filepath.Join("testdata", filepath.FromSlash(f.Path))
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%v (run go test -update to create it)", err)
			continue
		}
		if !bytes.Equal(f.Content, want) {
			t.Errorf("%s differs from %s (run go test -update to rewrite it):\n%s", f.Path, golden, firstDiff(f.Content, want))
		}
	}
	want := []string{
		"sample.en.creature.csv", "sample.en.json", "sample.en.reference.csv",
		"sample.fr.creature.csv", "sample.fr.json", "sample.fr.reference.csv",
		"sample.json",
		"sample/night/sample.en.creature.csv", "sample/night/sample.en.json", "sample/night/sample.en.reference.csv",
		"sample/night/sample.fr.creature.csv", "sample/night/sample.fr.json", "sample/night/sample.fr.reference.csv",
		"sample/night/sample.json",
	}
	if !slices.Equal(paths, want) {
		t.Errorf("Files paths = %q; want %q", paths, want)
	}
	err := filepath.WalkDir("testdata", func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata", p)
		rel = filepath.ToSlash(rel)
		if !slices.Contains(paths, rel) && !slices.Contains(slices.Collect(maps.Values(sqliteGoldens())), rel) {
			t.Errorf("%s is not an export file any more; remove it", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return "(same lines)"
}

func TestDeterministic(t *testing.T) {
	a, err := Files(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		b, err := Files(sampleGame())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(a, b, func(x, y File) bool { return x.Path == y.Path && bytes.Equal(x.Content, y.Content) }) {
			t.Fatal("two exports of the same game differ")
		}
	}
}

func TestJSONShape(t *testing.T) {
	g := sampleGame()
	for _, lang := range []string{"", "en", "fr"} {
		var b bytes.Buffer
		if err := JSON(&b, g, lang); err != nil {
			t.Fatalf("JSON(%q): %v", lang, err)
		}
		out := b.String()
		if !strings.HasSuffix(out, "}\n") || !strings.HasPrefix(out, "{\n  \"meta\": {\n") {
			t.Errorf("JSON(%q) is not an indented object with a final newline:\n%.80s", lang, out)
		}
		if strings.Contains(out, `\u0026`) || strings.Contains(out, `\u003c`) {
			t.Errorf("JSON(%q) escapes HTML characters", lang)
		}
	}

	doc := decode(t, g, "fr")
	meta := doc["meta"].(map[string]any)
	if meta["lang"] != "fr" || meta["schema_version"] != float64(model.SchemaVersion) || meta["source_hash"] != g.SourceHash {
		t.Errorf("fr meta = %v", meta)
	}
	data := doc["data"].(map[string]any)
	terms := data["terms"].([]any)
	tests := []struct {
		term string
		want map[string]any
	}{
		{"elrohir", map[string]any{"other": "Elrohir"}},
		{"gold", map[string]any{"one": "pièce d’or", "many": "de pièces d’or", "other": "pièces d’or"}},
	}
	for _, tt := range tests {
		i := slices.IndexFunc(terms, func(x any) bool { return x.(map[string]any)["id"] == tt.term })
		if i < 0 {
			t.Errorf("fr: no term %s", tt.term)
			continue
		}
		if got := terms[i].(map[string]any)["names"]; !jsonEqual(got, tt.want) {
			t.Errorf("fr term %s names = %v; want %v", tt.term, got, tt.want)
		}
	}
	sections := data["sections"].([]any)
	if got, want := sections[2].(map[string]any)["text"], "La partie dure 3 jours ; un humain vaut 0,5 or."; got != want {
		t.Errorf("fr days text = %q; want %q", got, want)
	}

	all := decode(t, g, "")
	if _, ok := all["meta"].(map[string]any)["lang"]; ok {
		t.Error("every-locale meta has lang")
	}
	card := all["data"].(map[string]any)["cards"].([]any)[1].(map[string]any)
	wantNames := map[string]any{
		"en": map[string]any{"one": "peasant", "other": "peasants"},
		"fr": map[string]any{"one": "paysan", "many": "de paysans", "other": "paysans"},
	}
	if !jsonEqual(card["names"], wantNames) {
		t.Errorf("human_1 names = %v; want %v", card["names"], wantNames)
	}
	wantFields := map[string]any{
		"points": 1.0, "gold": 0.5, "motto": "Many hands", "flying": false, "race": "human",
		"cost": []any{"any"}, "extra": "giant", "bonus": map[string]any{"giant": 1.0, "human": -2.0},
	}
	if !jsonEqual(card["fields"], wantFields) {
		t.Errorf("human_1 fields = %v; want %v", card["fields"], wantFields)
	}

	// Each parameter says what of it is reconstructed, as its value is
	// keyed: a list's indexes, a map's keys, or true for all of it.
	marks := map[string]any{}
	for _, p := range all["data"].(map[string]any)["params"].([]any) {
		p := p.(map[string]any)
		if r, ok := p["reconstructed"]; ok {
			marks[p["id"].(string)] = r
		}
	}
	wantMarks := map[string]any{"chain": []any{2.0}, "majority": []any{"human"}, "variety": true}
	if !jsonEqual(marks, wantMarks) {
		t.Errorf("params reconstructed = %v; want %v", marks, wantMarks)
	}
}

func decode(t *testing.T, g *model.Game, lang string) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := JSON(&b, g, lang); err != nil {
		t.Fatalf("JSON(%q): %v", lang, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("JSON(%q) is not JSON: %v", lang, err)
	}
	return doc
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func TestCSV(t *testing.T) {
	// Without variants, a table has no variant column.
	plain := sampleGame()
	plain.Variants, plain.Cards = nil, plain.Cards[:4]
	tests := []struct {
		name string
		g    *model.Game
		want []string
	}{
		{"night", played(t, "night"), []string{
			"id,name,name_plural,copies,variant,points,gold,motto,flying,race,cost,rival,extra,bonus,reconstructed",
			`giant_1,hill giant,hill giants,3,,2,2,"Big & ""strong"", <too>",false,giant,human|elf,human_1,,,gold|points`,
			"human_1,peasant,peasants,4,,1,0.5,Many hands,false,human,any,,giant,giant=1|human=-2,",
			"elrohir,Elrohir,Elrohir,1,,5,1.25,,true,elf,,,,,",
			"vampire_1,vampire,vampires,2,night,3,1,Thirsty,true,elf,giant,human_1,,,",
		}},
		{"base", played(t, ""), []string{
			"id,name,name_plural,copies,variant,points,gold,motto,flying,race,cost,rival,extra,bonus,reconstructed",
			`giant_1,hill giant,hill giants,3,,2,2,"Big & ""strong"", <too>",false,giant,human|elf,human_1,,,gold|points`,
			"human_1,peasant,peasants,4,,1,0.5,Many hands,false,human,any,,giant,giant=1|human=-2,",
			"elrohir,Elrohir,Elrohir,1,,5,1.25,,true,elf,,,,,",
		}},
		{"no variants", plain, []string{
			"id,name,name_plural,copies,points,gold,motto,flying,race,cost,rival,extra,bonus,reconstructed",
			`giant_1,hill giant,hill giants,3,2,2,"Big & ""strong"", <too>",false,giant,human|elf,human_1,,,gold|points`,
			"human_1,peasant,peasants,4,1,0.5,Many hands,false,human,any,,giant,giant=1|human=-2,",
			"elrohir,Elrohir,Elrohir,1,5,1.25,,true,elf,,,,,",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := CSV(&b, tt.g, "en", "creature"); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if !slices.Equal(lines, tt.want) {
				t.Errorf("creature CSV:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestErrors(t *testing.T) {
	g := sampleGame()
	clash := sampleGame()
	clash.Types[1].Fields = append(clash.Types[1].Fields, &model.Field{ID: "name", Type: &model.ValueType{Kind: model.String}})
	missing := sampleGame()
	missing.Locales[1].Messages = slices.DeleteFunc(missing.Locales[1].Messages, func(m *model.Message) bool { return m.ID == "card.human_1" })
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"unknown locale", func() error { return JSON(&bytes.Buffer{}, g, "de") }, `no "de" locale`},
		{"unknown card type", func() error { return CSV(&bytes.Buffer{}, g, "en", "spell") }, `no card type "spell"`},
		{"unknown CSV locale", func() error { return CSV(&bytes.Buffer{}, g, "de", "creature") }, `no "de" locale`},
		{"column clash", func() error { return CSV(&bytes.Buffer{}, clash, "en", "reference") }, "field name has the name of a CSV column"},
		{"missing message", func() error { return JSON(&bytes.Buffer{}, missing, "") }, "fr has no message card.human_1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v; want one containing %q", err, tt.want)
			}
		})
	}
}

func TestTree(t *testing.T) {
	other := sampleGame()
	other.ID = "other"
	files, err := Tree(&model.Games{Games: []*model.Game{other, sampleGame()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 29 {
		t.Errorf("Tree gave %d files; want 29 (a schema, and 7 for each game and for each game's variant)", len(files))
	}
	for _, p := range []string{"other.json", "other/night/other.json", "sample.fr.creature.csv", "sample/night/sample.fr.creature.csv"} {
		if !slices.ContainsFunc(files, func(f File) bool { return f.Path == p }) {
			t.Errorf("Tree has no %s", p)
		}
	}
	if !slices.IsSortedFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) }) {
		t.Error("Tree files are not sorted by path")
	}
	i := slices.IndexFunc(files, func(f File) bool { return f.Path == SchemaFile })
	if i < 0 || !bytes.Equal(files[i].Content, Schema()) {
		t.Errorf("Tree has no %s with the schema", SchemaFile)
	}
}

// compileSchema compiles Schema with a validator of draft 2020-12, which
// also checks the schema against the draft's meta-schema.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(SchemaID)
	if err != nil {
		t.Fatalf("schema does not compile: %v", err)
	}
	return sch
}

func TestSchemaHeader(t *testing.T) {
	var s map[string]any
	if err := json.Unmarshal(Schema(), &s); err != nil {
		t.Fatal(err)
	}
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" || s["$id"] != SchemaID || s["title"] == nil || s["description"] == nil {
		t.Errorf("schema header: $schema %v, $id %v, title %v", s["$schema"], s["$id"], s["title"])
	}
	// Strictness: every object schema closes with additionalProperties
	// false or says what its data-keyed members are.
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if _, ok := v["properties"]; ok {
				if ap, ok := v["additionalProperties"]; !ok || ap != false {
					t.Errorf("schema %s has properties but not additionalProperties false", path)
				}
			}
			if v["type"] == "object" {
				_, props := v["properties"]
				_, ap := v["additionalProperties"]
				if !props && !ap {
					t.Errorf("schema %s is an open object", path)
				}
			}
			for k, x := range v {
				if k == "if" {
					continue // a condition, not a shape
				}
				walk(path+"/"+k, x)
			}
		case []any:
			for i, x := range v {
				walk(path+"/"+strconv.Itoa(i), x)
			}
		}
	}
	for k, x := range s["$defs"].(map[string]any) {
		walk("#/$defs/"+k, x)
	}
}

func TestSchemaValidates(t *testing.T) {
	sch := compileSchema(t)
	files, err := Tree(&model.Games{Games: []*model.Game{sampleGame()}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".json") || f.Path == SchemaFile {
			continue
		}
		n++
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Content))
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if err := sch.Validate(doc); err != nil {
			t.Errorf("%s does not validate: %v", f.Path, err)
		}
	}
	if n != 6 {
		t.Errorf("validated %d JSON files; want 6, 3 of the base game and 3 of the night variant", n)
	}
}

// TestSchemaRejects proves the schema strict: each corruption of a valid
// document must fail validation.
func TestSchemaRejects(t *testing.T) {
	sch := compileSchema(t)
	g := sampleGame()
	type doc = map[string]any
	at := func(d doc, path ...any) doc {
		var v any = d
		for _, p := range path {
			switch p := p.(type) {
			case string:
				v = v.(doc)[p]
			case int:
				v = v.([]any)[p]
			}
		}
		return v.(doc)
	}
	tests := []struct {
		name    string
		lang    string
		corrupt func(d doc)
	}{
		{"unknown top-level key", "en", func(d doc) { d["extra"] = true }},
		{"unknown meta key", "", func(d doc) { at(d, "meta")["built_at"] = "2024-01-01" }},
		{"unknown data key", "fr", func(d doc) { at(d, "data")["cards_by_id"] = doc{} }},
		{"unknown card key", "en", func(d doc) { at(d, "data", "cards", 0)["cost"] = 3 }},
		{"unknown plural category", "en", func(d doc) { at(d, "data", "cards", 0, "names")["several"] = "x" }},
		{"unknown field key", "", func(d doc) { at(d, "data", "types", 0, "fields", 0)["min"] = 0 }},
		{"copies as string", "en", func(d doc) { at(d, "data", "cards", 0)["copies"] = "3" }},
		{"copies not whole", "", func(d doc) { at(d, "data", "cards", 0)["copies"] = 1.5 }},
		{"schema version", "en", func(d doc) { at(d, "meta")["schema_version"] = 2 }},
		{"missing source hash", "en", func(d doc) { delete(at(d, "meta"), "source_hash") }},
		{"missing names", "", func(d doc) { delete(at(d, "data", "enums", 0, "values", 0), "names") }},
		{"names as string", "en", func(d doc) { at(d, "data", "terms", 0)["names"] = "Elrohir" }},
		{"one-locale names in every-locale document", "", func(d doc) {
			at(d, "data", "cards", 0)["names"] = doc{"one": "hill giant", "other": "hill giants"}
		}},
		{"every-locale title in one-locale document", "fr", func(d doc) {
			at(d, "data", "sections", 0)["title"] = doc{"fr": "Introduction"}
		}},
		{"name without other", "fr", func(d doc) { delete(at(d, "data", "types", 0, "names"), "other") }},
		{"bad field type", "en", func(d doc) { at(d, "data", "types", 0, "fields", 0)["type"] = "list<list<int>>" }},
		{"bad id", "en", func(d doc) { at(d, "data", "cards", 0)["id"] = "Giant 1" }},
		{"bad color", "", func(d doc) { at(d, "data", "enums", 0, "values", 0)["color"] = "blue" }},
		{"die without faces", "en", func(d doc) { delete(at(d, "data", "components", 1), "faces") }},
		{"board with faces", "en", func(d doc) { at(d, "data", "components", 0)["faces"] = 6 }},
		{"unknown component kind", "en", func(d doc) { at(d, "data", "components", 0)["kind"] = "meeple" }},
		{"where with two fields", "en", func(d doc) { at(d, "data", "totals", 1, "where")["flying"] = true }},
		{"list of lists", "en", func(d doc) { at(d, "data", "params", 2)["value"] = []any{[]any{1}} }},
		{"section level 7", "en", func(d doc) { at(d, "data", "sections", 0)["level"] = 7 }},
		{"players as list", "en", func(d doc) { at(d, "data")["players"] = []any{2, 4} }},
		{"missing variants", "en", func(d doc) { delete(at(d, "data"), "variants") }},
		{"variant without players", "", func(d doc) { delete(at(d, "data", "variants", 0), "players") }},
		{"every-locale variant name in one-locale document", "en", func(d doc) {
			at(d, "data", "variants", 0)["name"] = doc{"en": "Night"}
		}},
		{"bad card variant", "en", func(d doc) { at(d, "data", "cards", 0)["variant"] = "Night" }},
		{"empty meta variant", "", func(d doc) { at(d, "meta")["variant"] = "" }},
		{"unknown total key", "en", func(d doc) { at(d, "data", "totals", 4)["variants"] = []any{"night"} }},
		{"param reconstructed false", "en", func(d doc) { at(d, "data", "params", 0)["reconstructed"] = false }},
		{"param reconstructed empty", "", func(d doc) { at(d, "data", "params", 2)["reconstructed"] = []any{} }},
		{"param reconstructed negative index", "en", func(d doc) { at(d, "data", "params", 2)["reconstructed"] = []any{-1} }},
		{"param reconstructed twice", "en", func(d doc) { at(d, "data", "params", 3)["reconstructed"] = []any{"human", "human"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decode(t, g, tt.lang)
			tt.corrupt(d)
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(inst); err == nil {
				t.Errorf("corrupted %q document validates", tt.lang)
			}
		})
	}
	// The uncorrupted documents pass, so each failure above is its corruption's.
	for _, lang := range []string{"", "en"} {
		b, _ := json.Marshal(decode(t, g, lang))
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("re-encoded %q document does not validate: %v", lang, err)
		}
	}
}
