package export

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// sqliteGoldens are the text dumps of the sample game's databases in
// testdata, by variant played.
func sqliteGoldens() map[string]string {
	return map[string]string{"": "sample.sqlite.txt", "night": "sample/night/sample.sqlite.txt"}
}

// openSQLite writes a database to a file and opens it, as a reader of
// the export would.
func openSQLite(t *testing.T, data []byte) (*sql.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.sqlite")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// TestSQLiteGolden compares a text dump of the sample game's databases,
// its schema and every row of its tables and views, with testdata.
func TestSQLiteGolden(t *testing.T) {
	for v, golden := range sqliteGoldens() {
		data, err := SQLite(played(t, v))
		if err != nil {
			t.Fatal(err)
		}
		db, _ := openSQLite(t, data)
		got := []byte(dump(t, db))
		path := filepath.Join("testdata", filepath.FromSlash(golden))
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("database of %q differs from %s (run go test -update to rewrite it):\n%s", v, path, firstDiff(got, want))
		}
	}
}

// dump writes the schema of a database, then the rows of each table and
// view in name order, each value as an SQL literal of its type.
func dump(t *testing.T, db *sql.DB) string {
	t.Helper()
	var b strings.Builder
	type object struct{ kind, name string }
	var objects []object
	rows, err := db.Query("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var o object
		var def string
		if err := rows.Scan(&o.kind, &o.name, &def); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s;\n", def)
		if o.kind != "index" {
			objects = append(objects, o)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	slices.SortFunc(objects, func(a, b object) int { return strings.Compare(a.name, b.name) })
	for _, o := range objects {
		fmt.Fprintf(&b, "\n-- %s %s\n", o.kind, o.name)
		rows, err := db.Query("SELECT * FROM " + quoteID(o.name))
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		fmt.Fprintln(&b, strings.Join(cols, " | "))
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			cells := make([]string, len(vals))
			for i, v := range vals {
				cells[i] = literal(v)
			}
			fmt.Fprintln(&b, strings.Join(cells, " | "))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return b.String()
}

// literal writes a value as SQL would: NULL, 3, 2.0, 'text'.
func literal(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		return s
	case string:
		return quoteText(v)
	}
	return fmt.Sprintf("%T %v", v, v)
}

func TestSQLiteDeterministic(t *testing.T) {
	a, err := SQLite(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, err := SQLite(sampleGame())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatal("two databases of the same game differ")
		}
	}
}

// TestSQLiteShipped exports every shipped game, as its base game and in
// each of its variants, and reads each database back: whole, every
// reference leading to a row, every card and text of the model in it.
func TestSQLiteShipped(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	for _, loaded := range games.Games {
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, err := loaded.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(g.ID+"/"+v, func(t *testing.T) {
				data, err := SQLite(g)
				if err != nil {
					t.Fatal(err)
				}
				db, _ := openSQLite(t, data)
				checkSQLite(t, db, g)
			})
		}
	}
}

func checkSQLite(t *testing.T, db *sql.DB, g *model.Game) {
	t.Helper()
	var ok string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity_check = %q, %v; want ok", ok, err)
	}
	rows, err := db.Query("PRAGMA foreign_key_check")
	if err != nil {
		t.Fatal(err)
	}
	if rows.Next() {
		var table string
		var rowid, parent, fk any
		rows.Scan(&table, &rowid, &parent, &fk)
		t.Errorf("foreign_key_check: row %v of %s refers to no row of %v", rowid, table, parent)
	}
	rows.Close()

	values := 0
	for _, c := range g.Cards {
		values += len(c.Values)
	}
	langs := len(g.Languages)
	counts := []struct {
		query string
		want  int
	}{
		{"SELECT count(*) FROM card", len(g.Cards)},
		{"SELECT count(*) FROM card_value", values},
		{"SELECT count(*) FROM param", len(g.Params)},
		{"SELECT count(*) FROM language", langs},
		// Every message has its text, or a name's other form, in every
		// language.
		{"SELECT count(*) FROM translation WHERE form = 'other'", langs * count(t, db, "SELECT count(*) FROM message")},
		{"SELECT count(*) FROM localized WHERE text IS NULL OR plural IS NULL", 0},
	}
	for _, tt := range counts {
		if got := count(t, db, tt.query); got != tt.want {
			t.Errorf("%s = %d; want %d", tt.query, got, tt.want)
		}
	}
	for _, typ := range g.Types {
		q := "SELECT count(*) FROM " + quoteID(cardView(typ.ID))
		want := 0
		for _, c := range g.Cards {
			if c.Type == typ.ID {
				want++
			}
		}
		if got := count(t, db, q); got != want {
			t.Errorf("%s = %d; want %d", q, got, want)
		}
	}
	// The game's name and a card's, in each language, as the JSON export
	// renders them.
	c := g.Cards[0]
	for _, l := range g.Locales {
		r, err := newRenderer(g, l.Lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		wantName, err := r.text("game.name")
		if err != nil {
			t.Fatal(err)
		}
		fs, err := r.forms(c.Message)
		if err != nil {
			t.Fatal(err)
		}
		var name, card, plural string
		err = db.QueryRow(`SELECT n.text, c.text, c.plural FROM game
			JOIN localized n ON n.message_id = game.message_id AND n.language = ?1
			JOIN localized c ON c.message_id = ?2 AND c.language = ?1`, l.Lang, c.Message).Scan(&name, &card, &plural)
		if err != nil {
			t.Fatalf("%s: %v", l.Lang, err)
		}
		if name != wantName || card != fs.singular() || plural != fs.get("other") {
			t.Errorf("%s: game %q, card %s %q, %q; want %q, %q, %q", l.Lang, name, c.ID, card, plural, wantName, fs.singular(), fs.get("other"))
		}
	}
}

func count(t *testing.T, db *sql.DB, query string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// TestSQLiteTexts finds texts of Warlock in French and German where a
// reader would look for them.
func TestSQLiteTexts(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	data, err := SQLite(games.Game("warlock"))
	if err != nil {
		t.Fatal(err)
	}
	db, _ := openSQLite(t, data)
	tests := []struct {
		query, lang, want string
	}{
		{"SELECT l.plural FROM enum_value v JOIN localized l ON l.message_id = v.message_id WHERE v.enum_id = 'race' AND v.id = 'giant' AND l.language = ?", "fr", "géants"},
		{"SELECT l.text FROM enum_value v JOIN localized l ON l.message_id = v.message_id WHERE v.enum_id = 'race' AND v.id = 'giant' AND l.language = ?", "de", "Riese"},
		{"SELECT l.text FROM card c JOIN localized l ON l.message_id = c.message_id WHERE c.id = 'tonar' AND l.language = ?", "de", "Tonar"},
	}
	for _, tt := range tests {
		var got string
		if err := db.QueryRow(tt.query, tt.lang).Scan(&got); err != nil {
			t.Fatalf("%s (%s): %v", tt.query, tt.lang, err)
		}
		if got != tt.want {
			t.Errorf("%s (%s) = %q; want %q", tt.query, tt.lang, got, tt.want)
		}
	}
	// A list's elements are rows: the giants that cost a goblin.
	var ids []string
	rows, err := db.Query(`SELECT DISTINCT i.card_id FROM card_value_item i JOIN card c ON c.id = i.card_id
		WHERE i.field_id = 'cost' AND i.value = 'goblin' AND c.card_type_id = 'creature'
		AND i.card_id IN (SELECT id FROM creature_cards WHERE race = 'giant') ORDER BY i.card_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	if !slices.Equal(ids, []string{"giant_2"}) {
		t.Errorf("giants costing a goblin = %q; want [giant_2]", ids)
	}
}

// TestSQLiteCLI reads a database with the sqlite3 program. CI installs it
// (Debian's sqlite3) and sets GRIMOIRE_SQLITE3=required, so there the
// test always runs; elsewhere it is skipped when sqlite3 is missing.
func TestSQLiteCLI(t *testing.T) {
	bin, err := exec.LookPath("sqlite3")
	if err != nil {
		if os.Getenv("GRIMOIRE_SQLITE3") == "required" {
			t.Fatal("sqlite3 not found: install sqlite3")
		}
		t.Skip("sqlite3 not found: install sqlite3 to read the database with it")
	}
	data, err := SQLite(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	_, path := openSQLite(t, data)
	out, err := exec.Command(bin, "-readonly", path,
		"PRAGMA integrity_check",
		"PRAGMA foreign_key_check",
		"SELECT count(*) FROM card",
		"SELECT text FROM localized WHERE message_id = 'card.giant_1' AND language = 'fr'",
		"SELECT group_concat(j.value, ',') FROM param, json_each(param.value) j WHERE param.id = 'chain'",
	).CombinedOutput()
	if err != nil {
		t.Fatalf("sqlite3: %v\n%s", err, out)
	}
	if want := "ok\n5\ngéant des collines\n1,2,3\n"; string(out) != want {
		t.Errorf("sqlite3 printed:\n%s\nwant:\n%s", out, want)
	}
}

func TestSQLiteErrors(t *testing.T) {
	clash := sampleGame()
	clash.Types[1].Fields = append(clash.Types[1].Fields, &model.Field{ID: "copies", Type: &model.ValueType{Kind: model.Int}})
	missing := sampleGame()
	missing.Locales[1].Messages = slices.DeleteFunc(missing.Locales[1].Messages, func(m *model.Message) bool { return m.ID == "card.human_1" })
	dangling := sampleGame()
	dangling.Zones[0].Section = "nowhere"
	untyped := sampleGame()
	untyped.Cards[1].Type = "spell"
	tests := []struct {
		name string
		g    *model.Game
		want string
	}{
		{"column clash", clash, "export: card type reference: field copies has the name of a column of view reference_cards"},
		{"missing message", missing, "export: fr has no message card.human_1"},
		{"dangling reference", dangling, "export: game sample: sqlite: a row of table zone refers to no row of table section"},
		{"unknown card type", untyped, "export: card human_1: no card type \"spell\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := SQLite(tt.g)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error = %v; want one starting %q", err, tt.want)
			}
		})
	}
}

// TestSQLiteDocumented keeps the guide's description of the database
// whole: each table and column, and the view localized's, is named in
// the SQLite section of docs/integrating.md.
func TestSQLiteDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "integrating.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## SQLite\n")
	if !ok {
		t.Fatal("docs/integrating.md has no section SQLite")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	data, err := SQLite(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	db, _ := openSQLite(t, data)
	rows, err := db.Query(`SELECT s.name, c.name FROM sqlite_schema s, pragma_table_info(s.name) c
		WHERE s.type = 'table' OR s.name = 'localized' ORDER BY s.name, c.cid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			t.Fatal(err)
		}
		n++
		for _, name := range []string{table, column} {
			if !strings.Contains(section, "`"+name+"`") {
				t.Errorf("docs/integrating.md, section SQLite, does not name `%s` (of %s)", name, table)
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("read %d columns; want every column of every table", n)
	}
}
