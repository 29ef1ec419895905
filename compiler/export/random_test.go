package export

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
)

// TestRandomGamesValidate generates seeded random games, every part of the
// schema varied (player counts, variants, enums, card types and their
// fields, cards, components, zones, parameters, totals, sections, terms,
// languages), and checks that what check accepts exports JSON the schema
// accepts. Sections are numbered up to eight levels deep, which the schema
// forbids past six: check must refuse those games, at the section.
func TestRandomGamesValidate(t *testing.T) {
	sch := compileSchema(t)
	const games = 40
	accepted := 0
	for seed := range uint64(games) {
		r := newRandGame(seed)
		tree := r.tree()
		gs, d := compiler.Load(tree, compiler.Options{})
		if len(r.tooDeep) > 0 {
			var got []string
			for _, x := range d {
				if x.Severity == diag.Error {
					got = append(got, fmt.Sprintf("%s %s", x.Pos, x.Code))
				}
			}
			if !slices.Equal(got, r.tooDeep) || len(gs.Games) > 0 {
				t.Errorf("seed %d: diagnostics %v; want G010 at each section deeper than 6, %v:\n%s", seed, got, r.tooDeep, d.String())
			}
			continue
		}
		if d.HasErrors() {
			t.Errorf("seed %d: a valid random game does not load:\n%s\n%s", seed, d.String(), r.files())
			continue
		}
		accepted++
		files, err := Tree(gs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, f := range files {
			if !strings.HasSuffix(f.Path, ".json") || f.Path == SchemaFile {
				continue
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Content))
			if err != nil {
				t.Fatalf("seed %d: %s: %v", seed, f.Path, err)
			}
			if err := sch.Validate(doc); err != nil {
				t.Errorf("seed %d: %s does not validate: %v\n%s", seed, f.Path, err, r.files())
			}
		}
	}
	if accepted < games/3 {
		t.Errorf("only %d of %d random games were valid; the generator should make more", accepted, games)
	}
}

// randGame writes one random game, "rnd", as TOML: its data file and one
// locale file per language.
type randGame struct {
	rng     *rand.Rand
	data    strings.Builder
	locs    map[string]*strings.Builder
	langs   []string
	cats    map[string][]string // each language's plural categories
	words   int                 // names given so far, each unique
	lines   int                 // lines of the data file written so far
	tooDeep []string            // "pos G010" of each section deeper than 6
}

const randGameFile = "cards/rnd/game.toml"

func newRandGame(seed uint64) *randGame {
	return &randGame{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), locs: map[string]*strings.Builder{}, cats: map[string][]string{}}
}

func (r *randGame) files() string {
	var b strings.Builder
	b.WriteString("-- " + randGameFile + " --\n" + r.data.String())
	for _, l := range r.langs {
		b.WriteString("-- locales/rnd/" + l + ".toml --\n" + r.locs[l].String())
	}
	return b.String()
}

// line writes lines of the data file, counting them.
func (r *randGame) line(format string, args ...any) {
	s := fmt.Sprintf(format+"\n", args...)
	r.data.WriteString(s)
	r.lines += strings.Count(s, "\n")
}

// name is a new made-up word, so that no two things share a name and no
// name is a word the text checks know.
func (r *randGame) name() string {
	syl := []string{"ba", "ko", "ri", "mu", "ze", "la", "do", "vi", "né", "tu", "ga", "po"}
	r.words++
	w := strings.ToUpper(syl[r.rng.IntN(len(syl))][:1]) + syl[r.rng.IntN(len(syl))][1:]
	for n := r.words; n > 0; n /= len(syl) {
		w += syl[n%len(syl)]
	}
	return w
}

// names writes a name message with every plural form of each language.
func (r *randGame) names(id string) {
	n := r.name()
	for _, l := range r.langs {
		fmt.Fprintf(r.locs[l], "\n[%s]\n", id)
		for _, c := range r.cats[l] {
			fmt.Fprintf(r.locs[l], "%s = %q\n", c, n)
		}
	}
}

// text writes a plain message, the same in every language.
func (r *randGame) text(id, s string) {
	for _, l := range r.langs {
		fmt.Fprintf(r.locs[l], "%s = %q\n", id, s)
	}
}

type randField struct {
	id, typ  string
	optional bool
	wildcard string
}

type randCard struct {
	id, typ, variant string
	copies           int
	values           map[string]string // field to TOML value
}

func (r *randGame) tree() fstest.MapFS {
	rng := r.rng
	all := []string{"en", "fr", "de", "es", "ru", "pt-BR"}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	r.langs = all[:1+rng.IntN(3)]
	for _, l := range r.langs {
		cats, err := l10n.PluralCategories(l)
		if err != nil {
			panic(err)
		}
		r.cats[l] = cats
		r.locs[l] = &strings.Builder{}
	}
	lo := 1 + rng.IntN(4)
	quoted := make([]string, len(r.langs))
	for i, l := range r.langs {
		quoted[i] = strconv.Quote(l)
	}
	r.line("[game]")
	r.line("id = \"rnd\"")
	r.line("players = { min = %d, max = %d }", lo, lo+rng.IntN(4))
	r.line("source_language = %q", r.langs[rng.IntN(len(r.langs))])
	r.line("languages = [%s]", strings.Join(quoted, ", "))
	for _, l := range r.langs {
		// The legend of the mark on reconstructed values, which a game
		// with any needs, and any other may have.
		fmt.Fprintf(r.locs[l], "[game]\nname = %q\nreconstructed = %q\n", r.name(), r.name())
	}

	var variants []string
	for i := range rng.IntN(3) {
		v := fmt.Sprintf("v%d", i)
		variants = append(variants, v)
		lo := 1 + rng.IntN(4)
		r.line("\n[[variant]]\nid = %q\nplayers = { min = %d, max = %d }", v, lo, lo+rng.IntN(4))
		if rng.IntN(2) == 0 {
			r.line("doc = \"A way to play.\"")
		}
	}
	if len(variants) > 0 {
		for _, l := range r.langs {
			r.locs[l].WriteString("\n[variant]\n")
		}
		for _, v := range variants {
			r.text(v, r.name())
		}
	}

	enums := map[string][]string{}
	var enumIDs []string
	for i := range 1 + rng.IntN(3) {
		e := fmt.Sprintf("e%d", i)
		enumIDs = append(enumIDs, e)
		r.line("\n[[enum]]\nid = %q", e)
		for j := range 1 + rng.IntN(4) {
			v := fmt.Sprintf("v%d", j)
			enums[e] = append(enums[e], v)
			r.line("  [[enum.value]]\n  id = %q", v)
			if rng.IntN(2) == 0 {
				r.line("  color = \"#%06X\"", rng.IntN(1<<24))
			}
			if rng.IntN(3) == 0 {
				r.line("  icon = \"star\"")
			}
			r.names(e + "." + v)
		}
	}

	// Card types, their fields, then cards.
	var typeIDs []string
	for i := range 1 + rng.IntN(2) {
		typeIDs = append(typeIDs, fmt.Sprintf("t%d", i))
	}
	scalar := func() string {
		switch rng.IntN(6) {
		case 0:
			return "int"
		case 1:
			return "decimal"
		case 2:
			return "string"
		case 3:
			return "bool"
		case 4:
			return "enum:" + enumIDs[rng.IntN(len(enumIDs))]
		}
		return "ref:" + typeIDs[rng.IntN(len(typeIDs))]
	}
	fields := map[string][]randField{}
	for _, tp := range typeIDs {
		r.line("\n[[type]]\nid = %q", tp)
		if rng.IntN(2) == 0 {
			r.line("doc = \"A kind of card.\"")
		}
		for j := range rng.IntN(5) {
			f := randField{id: fmt.Sprintf("f%d", j), typ: scalar()}
			if rng.IntN(3) == 0 {
				f.typ = "list<" + f.typ + ">"
				if strings.HasPrefix(f.typ, "list<enum:") && rng.IntN(2) == 0 {
					f.wildcard = "any"
				}
			}
			// A reference may find no card to name.
			f.optional = strings.Contains(f.typ, "ref:") || rng.IntN(4) == 0
			fields[tp] = append(fields[tp], f)
			r.line("  [[type.field]]\n  id = %q\n  type = %q", f.id, f.typ)
			if f.optional {
				r.line("  optional = true")
			}
			if f.wildcard != "" {
				r.line("  wildcard = %q", f.wildcard)
			}
			if rng.IntN(2) == 0 {
				r.line("  doc = \"What it says.\"")
			}
		}
		r.names("type." + tp)
	}
	var cards []*randCard
	for _, tp := range typeIDs {
		for j := range rng.IntN(6) {
			c := &randCard{id: fmt.Sprintf("%s_c%d", tp, j), typ: tp, copies: rng.IntN(6), values: map[string]string{}}
			if len(variants) > 0 && rng.IntN(3) == 0 {
				c.variant = variants[rng.IntN(len(variants))]
			}
			cards = append(cards, c)
		}
	}
	var value func(typ, wildcard string) (string, bool)
	value = func(typ, wildcard string) (string, bool) {
		switch {
		case typ == "int":
			return strconv.Itoa(rng.IntN(40) - 10), true
		case typ == "decimal":
			return strconv.FormatFloat(float64(rng.IntN(40))/4, 'f', -1, 64), true
		case typ == "string":
			return strconv.Quote(r.name() + " é"), true
		case typ == "bool":
			return strconv.FormatBool(rng.IntN(2) == 0), true
		case strings.HasPrefix(typ, "enum:"):
			vs := enums[strings.TrimPrefix(typ, "enum:")]
			if wildcard != "" && rng.IntN(4) == 0 {
				return strconv.Quote(wildcard), true
			}
			return strconv.Quote(vs[rng.IntN(len(vs))]), true
		case strings.HasPrefix(typ, "ref:"):
			// Only the base game's cards may be named by anything.
			var ids []string
			for _, c := range cards {
				if c.typ == strings.TrimPrefix(typ, "ref:") && c.variant == "" {
					ids = append(ids, c.id)
				}
			}
			if len(ids) == 0 {
				return "", false
			}
			return strconv.Quote(ids[rng.IntN(len(ids))]), true
		case strings.HasPrefix(typ, "list<"):
			var items []string
			for range rng.IntN(4) {
				v, ok := value(strings.TrimSuffix(strings.TrimPrefix(typ, "list<"), ">"), wildcard)
				if !ok {
					break
				}
				items = append(items, v)
			}
			return "[" + strings.Join(items, ", ") + "]", true
		}
		panic("type " + typ)
	}
	for _, c := range cards {
		r.line("\n[[card]]\nid = %q\ntype = %q\ncopies = %d", c.id, c.typ, c.copies)
		if c.variant != "" {
			r.line("variant = %q", c.variant)
		}
		var rec []string
		for _, f := range fields[c.typ] {
			if f.optional && rng.IntN(3) == 0 {
				continue
			}
			v, ok := value(f.typ, f.wildcard)
			if !ok {
				continue
			}
			c.values[f.id] = v
			r.line("%s = %s", f.id, v)
			if rng.IntN(4) == 0 {
				rec = append(rec, strconv.Quote(f.id))
			}
		}
		if rng.IntN(4) == 0 {
			rec = append(rec, `"copies"`)
		}
		if len(rec) > 0 {
			r.line("reconstructed = [%s]", strings.Join(rec, ", "))
		}
		r.names("card." + c.id)
	}

	kinds := []string{"board", "die", "figure", "marker", "other", "tile", "token"}
	for i := range rng.IntN(4) {
		k := kinds[rng.IntN(len(kinds))]
		r.line("\n[[component]]\nid = \"k%d\"\nkind = %q\ncount = %d", i, k, 1+rng.IntN(5))
		if k == "die" {
			r.line("faces = %d", 2+rng.IntN(19))
		}
		if rng.IntN(2) == 0 {
			r.line("doc = \"A part.\"")
		}
		r.names(fmt.Sprintf("component.k%d", i))
	}
	for i := range rng.IntN(4) {
		owner := []string{"table", "player"}[rng.IntN(2)]
		visible := []string{"all", "none"}
		if owner == "player" {
			visible = append(visible, "owner") // a table's zone has no owner to see it
		}
		r.line("\n[[zone]]\nid = \"z%d\"\nowner = %q\nvisible = %q", i, owner, visible[rng.IntN(len(visible))])
		if rng.IntN(2) == 0 {
			r.line("doc = \"A place.\"")
		}
		r.names(fmt.Sprintf("zone.z%d", i))
	}

	// Parameters; the rules read the whole numbers.
	var numbers []string
	for i := range rng.IntN(5) {
		id := fmt.Sprintf("p%d", i)
		var typ, v string
		switch rng.IntN(4) {
		case 0:
			typ, v = "int", strconv.Itoa(rng.IntN(100))
			numbers = append(numbers, ".Param."+id)
		case 1:
			e := enumIDs[rng.IntN(len(enumIDs))]
			var kv []string
			for _, ev := range enums[e] {
				if rng.IntN(2) == 0 {
					kv = append(kv, fmt.Sprintf("%s = %d", ev, rng.IntN(10)))
				}
			}
			typ, v = "map<enum:"+e+",int>", "{ "+strings.Join(kv, ", ")+" }"
		case 2:
			var kv []string
			for k := range rng.IntN(4) {
				kv = append(kv, fmt.Sprintf("%d = %g", k*3-2, float64(rng.IntN(20))/2))
			}
			typ, v = "map<int,decimal>", "{ "+strings.Join(kv, ", ")+" }"
		default:
			typ = scalar()
			if rng.IntN(2) == 0 {
				typ = "list<" + typ + ">"
			}
			var ok bool
			if v, ok = value(typ, ""); !ok {
				continue
			}
		}
		r.line("\n[[param]]\nid = %q\ntype = %q\nvalue = %s", id, typ, v)
		if rng.IntN(4) == 0 {
			r.line("reconstructed = true")
		} else if strings.HasPrefix(typ, "map<int,") && v != "{  }" && rng.IntN(2) == 0 {
			r.line("reconstructed = [-2]") // the first key
		}
		if rng.IntN(2) == 0 {
			r.line("doc = \"A number of the rules.\"")
		}
	}

	// Totals, declared as the data adds up.
	for i, tp := range typeIDs {
		for j, variant := range append([]string{""}, variants...) {
			if rng.IntN(2) == 0 {
				continue
			}
			var where, field, want string
			if fs := fields[tp]; len(fs) > 0 && rng.IntN(2) == 0 {
				f := fs[rng.IntN(len(fs))]
				if !strings.HasPrefix(f.typ, "list<") {
					if v, ok := value(f.typ, ""); ok {
						field, want = f.id, v
						where = fmt.Sprintf("where = { %s = %s }", f.id, v)
					}
				}
			}
			sum := 0
			for _, c := range cards {
				if c.typ == tp && c.variant == variant && (field == "" || c.values[field] == want) {
					sum += c.copies
				}
			}
			id := fmt.Sprintf("n%d_%d", i, j)
			r.line("\n[[total]]\nid = %q\ntype = %q\ncount = %d", id, tp, sum)
			if variant != "" {
				r.line("variant = %q", variant)
			}
			if where != "" {
				r.line("%s", where)
			}
			numbers = append(numbers, ".Total."+id)
		}
	}
	numbers = append(numbers, ".Players.Max")

	// Sections, numbered up to eight levels deep, or by level.
	for i := range rng.IntN(5) {
		id := fmt.Sprintf("s%d", i)
		r.line("\n[[section]]\nid = %q", id)
		switch rng.IntN(3) {
		case 0:
			depth := 1 + rng.IntN(8)
			parts := make([]string, depth)
			for k := range parts {
				parts[k] = strconv.Itoa(1 + rng.IntN(9))
			}
			r.line("number = %q", strings.Join(parts, "."))
			if depth > 6 {
				r.tooDeep = append(r.tooDeep, fmt.Sprintf("%s:%d:10 G010", randGameFile, r.lines))
			}
		case 1:
			r.line("level = %d", 1+rng.IntN(6))
		}
		if rng.IntN(4) == 0 {
			r.line("free = true")
		}
		for _, l := range r.langs {
			fmt.Fprintf(r.locs[l], "\n[rules.%s]\n", id)
		}
		r.text("title", r.name())
		r.text("text", fmt.Sprintf("Take {{%s}} at once. Keep the rest.", numbers[rng.IntN(len(numbers))]))
	}

	var proper []string // a proper name is a text, under [term]
	for i := range rng.IntN(4) {
		id := fmt.Sprintf("g%d", i)
		r.line("\n[[term]]\nid = %q", id)
		if rng.IntN(3) == 0 {
			r.line("proper = true")
			proper = append(proper, id)
			continue
		}
		r.names("term." + id)
	}
	if len(proper) > 0 {
		for _, l := range r.langs {
			r.locs[l].WriteString("\n[term]\n")
		}
		for _, id := range proper {
			r.text(id, r.name())
		}
	}

	tree := fstest.MapFS{randGameFile: &fstest.MapFile{Data: []byte(r.data.String())}}
	for _, l := range r.langs {
		tree["locales/rnd/"+l+".toml"] = &fstest.MapFile{Data: []byte(r.locs[l].String())}
	}
	return tree
}
