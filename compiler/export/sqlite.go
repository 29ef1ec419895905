package export

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"

	_ "modernc.org/sqlite" // the "sqlite" driver of database/sql, in pure Go
)

// sqliteSchema creates the tables, indexes and views every database has;
// sqliteViews adds a view per card type. Tables are in the order of the
// package comment, a parent before the tables that refer to it.
const sqliteSchema = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE language (
  code TEXT PRIMARY KEY,
  position INTEGER NOT NULL UNIQUE,
  plural_forms TEXT NOT NULL
);
CREATE TABLE message (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL
);
CREATE TABLE translation (
  message_id TEXT NOT NULL REFERENCES message(id),
  language TEXT NOT NULL REFERENCES language(code),
  form TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (message_id, language, form)
);
CREATE INDEX translation_language ON translation(language);
CREATE VIEW localized AS
SELECT message_id, language,
  coalesce(max(CASE form WHEN 'one' THEN text END), max(CASE form WHEN 'other' THEN text END)) AS text,
  max(CASE form WHEN 'other' THEN text END) AS plural
FROM translation GROUP BY message_id, language;
CREATE TABLE variant (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  players_min INTEGER NOT NULL,
  players_max INTEGER NOT NULL,
  doc TEXT,
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE game (
  id TEXT PRIMARY KEY,
  variant_id TEXT REFERENCES variant(id),
  source_language TEXT NOT NULL REFERENCES language(code),
  players_min INTEGER NOT NULL,
  players_max INTEGER NOT NULL,
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE enum (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);
CREATE TABLE enum_value (
  enum_id TEXT NOT NULL REFERENCES enum(id),
  id TEXT NOT NULL,
  position INTEGER NOT NULL,
  color TEXT,
  icon TEXT,
  message_id TEXT NOT NULL REFERENCES message(id),
  PRIMARY KEY (enum_id, id)
);
CREATE TABLE card_type (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  doc TEXT,
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE field (
  card_type_id TEXT NOT NULL REFERENCES card_type(id),
  id TEXT NOT NULL,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  kind TEXT NOT NULL,
  enum_id TEXT REFERENCES enum(id),
  ref_type_id TEXT REFERENCES card_type(id),
  key_enum_id TEXT REFERENCES enum(id),
  optional INTEGER NOT NULL,
  wildcard TEXT,
  doc TEXT,
  PRIMARY KEY (card_type_id, id)
);
CREATE TABLE card (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  card_type_id TEXT NOT NULL REFERENCES card_type(id),
  copies INTEGER NOT NULL,
  copies_reconstructed INTEGER NOT NULL,
  variant_id TEXT REFERENCES variant(id),
  message_id TEXT NOT NULL REFERENCES message(id),
  UNIQUE (id, card_type_id)
);
CREATE INDEX card_card_type ON card(card_type_id);
CREATE INDEX card_variant ON card(variant_id);
CREATE TABLE card_value (
  card_id TEXT NOT NULL,
  card_type_id TEXT NOT NULL,
  field_id TEXT NOT NULL,
  value,
  reconstructed INTEGER NOT NULL,
  PRIMARY KEY (card_id, field_id),
  FOREIGN KEY (card_id, card_type_id) REFERENCES card(id, card_type_id),
  FOREIGN KEY (card_type_id, field_id) REFERENCES field(card_type_id, id)
);
CREATE INDEX card_value_field ON card_value(card_type_id, field_id, value);
CREATE TABLE card_value_item (
  card_id TEXT NOT NULL,
  field_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  key,
  value,
  PRIMARY KEY (card_id, field_id, position),
  FOREIGN KEY (card_id, field_id) REFERENCES card_value(card_id, field_id)
);
CREATE INDEX card_value_item_field ON card_value_item(field_id, value);
CREATE TABLE component (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  count INTEGER NOT NULL,
  faces INTEGER,
  doc TEXT,
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE section (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  number TEXT,
  level INTEGER NOT NULL,
  rulings INTEGER NOT NULL,
  title_message_id TEXT NOT NULL REFERENCES message(id),
  text_message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE zone (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  owner TEXT NOT NULL,
  visible TEXT NOT NULL,
  section_id TEXT REFERENCES section(id),
  doc TEXT,
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE param (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  kind TEXT NOT NULL,
  enum_id TEXT REFERENCES enum(id),
  ref_type_id TEXT REFERENCES card_type(id),
  key_enum_id TEXT REFERENCES enum(id),
  value,
  reconstructed INTEGER NOT NULL,
  doc TEXT
);
CREATE TABLE param_item (
  param_id TEXT NOT NULL REFERENCES param(id),
  position INTEGER NOT NULL,
  key,
  value,
  reconstructed INTEGER NOT NULL,
  PRIMARY KEY (param_id, position)
);
CREATE TABLE total (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  card_type_id TEXT NOT NULL REFERENCES card_type(id),
  variant_id TEXT REFERENCES variant(id),
  field_id TEXT,
  equals,
  count INTEGER NOT NULL,
  FOREIGN KEY (card_type_id, field_id) REFERENCES field(card_type_id, id)
);
CREATE TABLE ruling (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  section_id TEXT REFERENCES section(id),
  message_id TEXT NOT NULL REFERENCES message(id)
);
CREATE TABLE term (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  proper INTEGER NOT NULL,
  message_id TEXT NOT NULL REFERENCES message(id)
);
`

// cardViewColumns are the columns of a card type's view before its fields.
func cardViewColumns() []string { return []string{"id", "copies", "variant_id", "message_id"} }

// cardView is the name of the view of a card type's cards: <type>_cards.
func cardView(cardType string) string { return cardType + "_cards" }

// sqliteViews creates a view per card type, a row per card and a column
// per field, as the CSV tables have.
func sqliteViews(g *model.Game) (string, error) {
	var b strings.Builder
	for _, t := range g.Types {
		fmt.Fprintf(&b, "CREATE VIEW %s AS\nSELECT c.id, c.copies, c.variant_id, c.message_id", quoteID(cardView(t.ID)))
		for _, f := range t.Fields {
			if slices.Contains(cardViewColumns(), f.ID) {
				return "", fmt.Errorf("export: card type %s: field %s has the name of a column of view %s", t.ID, f.ID, cardView(t.ID))
			}
			fmt.Fprintf(&b, ",\n  (SELECT v.value FROM card_value v WHERE v.card_id = c.id AND v.field_id = %s) AS %s", quoteText(f.ID), quoteID(f.ID))
		}
		fmt.Fprintf(&b, "\nFROM card c WHERE c.card_type_id = %s ORDER BY c.position;\n", quoteText(t.ID))
	}
	return b.String(), nil
}

// quoteID quotes an SQL identifier, so that a field may be named as an
// SQL keyword ("order", "group").
func quoteID(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// quoteText quotes an SQL string literal.
func quoteText(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

// SQLite returns a game as a SQLite database file: every card, field,
// parameter and text in every language, in tables with foreign keys and
// indexes; see the package comment. The same game gives the same bytes.
func SQLite(g *model.Game) ([]byte, error) {
	views, err := sqliteViews(g)
	if err != nil {
		return nil, err
	}
	rs := make([]*renderer, len(g.Locales))
	for i, l := range g.Locales {
		if rs[i], err = newRenderer(g, l.Lang, nil); err != nil {
			return nil, err
		}
	}
	// The database is made in memory, so that nothing but its content
	// (no file name, no journal) can reach its bytes, and written out
	// whole by the caller.
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, fmt.Errorf("export: sqlite: %w", err)
	}
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx) // one connection: each has its own memory database
	if err != nil {
		return nil, fmt.Errorf("export: sqlite: %w", err)
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("export: sqlite: %w", err)
	}
	defer tx.Rollback() // after Commit, a no-op
	if _, err := tx.Exec(sqliteSchema + views); err != nil {
		return nil, fmt.Errorf("export: sqlite schema: %w", err)
	}
	w := &dbWriter{game: g.ID, tx: tx, stmts: map[string]*sql.Stmt{}}
	writeRows(w, g, rs)
	if w.err != nil {
		return nil, w.err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("export: sqlite: %w", err)
	}
	if err := checkForeignKeys(conn); err != nil {
		return nil, fmt.Errorf("export: game %s: sqlite: %w", g.ID, err)
	}
	var out []byte
	err = conn.Raw(func(dc any) error {
		s, ok := dc.(interface{ Serialize() ([]byte, error) })
		if !ok {
			return errors.New("the driver cannot serialize a database")
		}
		out, err = s.Serialize()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("export: sqlite: %w", err)
	}
	return out, nil
}

// checkForeignKeys reports the first row whose reference leads nowhere:
// a game that loaded without errors has none, and a reader need not
// check.
func checkForeignKeys(conn *sql.Conn) error {
	rows, err := conn.QueryContext(context.Background(), "PRAGMA foreign_key_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid, fk sql.NullInt64
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return err
		}
		return fmt.Errorf("a row of table %s refers to no row of table %s", table, parent)
	}
	return rows.Err()
}

// dbWriter inserts the rows of a game's database, remembering the first
// error, with a statement per table prepared once.
type dbWriter struct {
	game  string
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	err   error
}

// insert adds a row to a table, its values in the table's column order.
func (w *dbWriter) insert(table string, values ...any) {
	if w.err != nil {
		return
	}
	key := fmt.Sprintf("%s/%d", table, len(values))
	st := w.stmts[key]
	if st == nil {
		q := "INSERT INTO " + table + " VALUES (?" + strings.Repeat(", ?", len(values)-1) + ")"
		var err error
		if st, err = w.tx.Prepare(q); err != nil {
			w.fail(fmt.Errorf("export: game %s: sqlite table %s: %w", w.game, table, err))
			return
		}
		w.stmts[key] = st
	}
	if _, err := st.Exec(values...); err != nil {
		w.fail(fmt.Errorf("export: game %s: sqlite table %s: %w", w.game, table, err))
	}
}

// fail remembers err, unless an error came first.
func (w *dbWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// messageKinds says how the database renders a message: "name" in its
// plural forms, or "text" in its one form.
type messageKinds map[string]string

func (m messageKinds) add(id, kind string) string {
	if _, ok := m[id]; !ok {
		m[id] = kind
	}
	return id
}

// writeRows fills the tables. Rows go in the model's order, a parent's
// before its children's; messages and their texts go last, by id.
func writeRows(w *dbWriter, g *model.Game, rs []*renderer) {
	msgs := messageKinds{}
	name := func(id string) string { return msgs.add(id, "name") }
	text := func(id string) string { return msgs.add(id, "text") }

	w.insert("meta", "schema_version", fmt.Sprint(model.SchemaVersion))
	w.insert("meta", "generator", Generator)
	w.insert("meta", "game", g.ID)
	if g.Variant != "" {
		w.insert("meta", "variant", g.Variant)
	}
	w.insert("meta", "source_hash", g.SourceHash)
	for i, r := range rs {
		w.insert("language", r.loc.Lang, i, strings.Join(r.loc.PluralCategories, " "))
	}
	for i, v := range g.Variants {
		w.insert("variant", v.ID, i, v.Players.Min, v.Players.Max, null(v.Doc), text(v.Message))
	}
	w.insert("game", g.ID, null(g.Variant), g.SourceLang, g.Players.Min, g.Players.Max, text("game.name"))
	for i, e := range g.Enums {
		w.insert("enum", e.ID, i)
		for j, v := range e.Values {
			w.insert("enum_value", e.ID, v.ID, j, null(v.Color), null(v.Icon), name(v.Message))
		}
	}
	types := map[string]*model.Type{}
	for i, t := range g.Types {
		types[t.ID] = t
		w.insert("card_type", t.ID, i, null(t.Doc), name(t.Message))
		for j, f := range t.Fields {
			tc := typeColumns(f.Type)
			w.insert("field", t.ID, f.ID, j, f.Type.String(), f.Type.Kind.String(), tc[0], tc[1], tc[2], f.Optional, null(f.Wildcard), null(f.Doc))
		}
	}
	for i, c := range g.Cards {
		t := types[c.Type]
		if t == nil {
			w.fail(fmt.Errorf("export: card %s: no card type %q", c.ID, c.Type))
			return
		}
		w.insert("card", c.ID, i, c.Type, c.Copies, c.FieldReconstructed("copies"), null(c.Variant), name(c.Message))
		for _, f := range t.Fields {
			v, set := c.Get(f.ID)
			var value any
			if set {
				value = sqlValue(f.Type, v)
			}
			w.insert("card_value", c.ID, t.ID, f.ID, value, c.FieldReconstructed(f.ID))
			if !set {
				continue
			}
			for j, item := range items(f.Type, v) {
				w.insert("card_value_item", c.ID, f.ID, j, item.key, item.value)
			}
		}
	}
	for i, c := range g.Components {
		var faces any
		if c.Kind == "die" {
			faces = c.Faces
		}
		w.insert("component", c.ID, i, c.Kind, c.Count, faces, null(c.Doc), name(c.Message))
	}
	for i, s := range g.Sections {
		w.insert("section", s.ID, i, null(s.Number), s.Level, s.Rulings, text("rules."+s.ID+".title"), text("rules."+s.ID+".text"))
	}
	for i, z := range g.Zones {
		w.insert("zone", z.ID, i, z.Owner, z.Visible, null(z.Section), null(z.Doc), name(z.Message))
	}
	for i, p := range g.Params {
		tc := typeColumns(p.Type)
		w.insert("param", p.ID, i, p.Type.String(), p.Type.Kind.String(), tc[0], tc[1], tc[2], sqlValue(p.Type, p.Value), p.Reconstructed.All, null(p.Doc))
		for j, item := range items(p.Type, p.Value) {
			w.insert("param_item", p.ID, j, item.key, item.value, p.EntryReconstructed(j))
		}
	}
	for i, t := range g.Totals {
		var field, equals any
		if t.Field != "" {
			var f *model.Field
			if tp := types[t.Type]; tp != nil {
				f = tp.Field(t.Field)
			}
			if f == nil {
				w.fail(fmt.Errorf("export: total %s: no field %s in card type %q", t.ID, t.Field, t.Type))
				return
			}
			field, equals = f.ID, sqlValue(f.Type, t.Equals)
		}
		w.insert("total", t.ID, i, t.Type, null(t.Variant), field, equals, t.Count)
	}
	for i, r := range g.Rulings {
		w.insert("ruling", r.ID, i, null(r.Section), text(r.Message))
	}
	for i, t := range g.Terms {
		w.insert("term", t.ID, i, t.Proper, name(t.Message))
	}

	ids := make([]string, 0, len(msgs))
	for id := range msgs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		w.insert("message", id, msgs[id])
	}
	for _, id := range ids {
		for _, r := range rs {
			if msgs[id] == "text" {
				s, err := r.text(id)
				if err != nil {
					w.fail(err)
					return
				}
				w.insert("translation", id, r.loc.Lang, "other", s)
				continue
			}
			fs, err := r.forms(id)
			if err != nil {
				w.fail(err)
				return
			}
			for _, f := range fs {
				w.insert("translation", id, r.loc.Lang, f.category, f.text)
			}
		}
	}
}

// null is s, or SQL NULL for an empty string: what the JSON export
// leaves out.
func null(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// typeColumns are the enum_id, ref_type_id and key_enum_id of a type: the
// enum and card type its values (a list's or map's elements) are drawn
// from, and the enum of a map's keys; nil where there is none.
func typeColumns(t *model.ValueType) [3]any {
	var out [3]any
	v := t
	if t.Kind == model.List || t.Kind == model.Map {
		v = t.Elem
	}
	switch v.Kind {
	case model.EnumKind:
		out[0] = v.Enum
	case model.Ref:
		out[1] = v.Ref
	}
	if t.Kind == model.Map && t.Key.Kind == model.EnumKind {
		out[2] = t.Key.Enum
	}
	return out
}

// sqlValue is a typed value as SQLite stores it: an integer, a real, text
// (strings, enum values and card ids), 0 or 1 for a bool, and a list or a
// map as the JSON export writes it, which SQLite's json_each reads.
func sqlValue(t *model.ValueType, v model.Value) any {
	switch t.Kind {
	case model.Int:
		return v.Int
	case model.Decimal:
		return v.Dec
	case model.Bool:
		return v.Bool
	case model.List, model.Map:
		b, err := encode(jsonValue(t, v), "")
		if err != nil {
			return nil // a list or a map of scalars always encodes
		}
		return string(bytes.TrimSuffix(b, []byte("\n")))
	}
	return v.Str
}

type item struct{ key, value any }

// items are the elements of a list (no key) or the entries of a map, in
// order; nothing for any other value.
func items(t *model.ValueType, v model.Value) []item {
	if t.Kind != model.List && t.Kind != model.Map {
		return nil
	}
	out := make([]item, 0, len(v.List))
	for i, e := range v.List {
		it := item{value: sqlValue(t.Elem, e)}
		if t.Kind == model.Map {
			if i >= len(v.Keys) {
				break
			}
			it.key = sqlValue(t.Key, v.Keys[i])
		}
		out = append(out, it)
	}
	return out
}
