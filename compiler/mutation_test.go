package compiler_test

import (
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// A mutation is one error put into a translation, as translators make
// them; the checker must report it in the mutated file, on the lines of
// the mutated message.
type mutation struct {
	kind     string
	file     string
	id       string // the message mutated
	from, to int    // its lines
	text     string // the new file
	desc     string
}

// mutators make a mutation of one message from the file's text, the
// message's text and its position there; ok is false when the message
// offers nothing to mutate.
type mutator func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool)

func mutators() map[string]mutator {
	action := regexp.MustCompile(`\{\{\s*\.(Param|Total)\.[a-z_]+\s*\}\}`)
	anyAction := regexp.MustCompile(`\{\{[^}]*\}\}`)
	return map[string]mutator{
		// A number of the data typed in, and wrong.
		"change a number": func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool) {
			text := m.Forms[form]
			locs := action.FindAllStringIndex(text, -1)
			if len(locs) == 0 {
				return "", "", false
			}
			at := locs[r.IntN(len(locs))]
			n := fmt.Sprint(13 + r.IntN(7)) // no rule of the game says 13 to 19
			return text[:at[0]] + n + text[at[1]:], fmt.Sprintf("%s -> %s", text[at[0]:at[1]], n), true
		},
		"drop a placeholder": func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool) {
			text := m.Forms[form]
			locs := anyAction.FindAllStringIndex(text, -1)
			if len(locs) == 0 {
				return "", "", false
			}
			at := locs[r.IntN(len(locs))]
			return text[:at[0]] + text[at[1]:], "drop " + text[at[0]:at[1]], true
		},
		"swap a glossary term": func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool) {
			text := m.Forms[form]
			races := []string{"giant", "wizard", "human", "orc", "gnome", "goblin"}
			r.Shuffle(len(races), func(i, j int) { races[i], races[j] = races[j], races[i] })
			for _, a := range races {
				from := termName(loc, a)
				if from == "" {
					continue
				}
				re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(from) + `\b`)
				if !re.MatchString(text) || wordIn(text, loc, races, a) {
					continue
				}
				for _, b := range races {
					to := termName(loc, b)
					if b == a || to == "" || wordIn(text, loc, []string{b}, "") {
						continue
					}
					// Every mention changes, as a careless search-and-replace does.
					return re.ReplaceAllString(text, to), from + " -> " + to, true
				}
			}
			return "", "", false
		},
		"break a template": func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool) {
			text := m.Forms[form]
			locs := anyAction.FindAllStringIndex(text, -1)
			if len(locs) == 0 {
				return "", "", false
			}
			at := locs[r.IntN(len(locs))]
			broken := []string{"{{.Param.nothing}}", "{{.Total.giants", "{{index .Card \"none\"}}"}[r.IntN(3)]
			return text[:at[0]] + broken + text[at[1]:], text[at[0]:at[1]] + " -> " + broken, true
		},
		"change a proper name": func(r *rand.Rand, g *model.Game, loc *model.Locale, file string, m *model.Message, form string) (string, string, bool) {
			text := m.Forms[form]
			for _, name := range []string{"Elrohir", "Tonar", "Maldorf", "Hubba"} {
				if strings.Contains(text, name) {
					to := name[:1] + strings.Repeat(string(name[len(name)-1]), 1) + name[2:]
					return strings.ReplaceAll(text, name, to), name + " -> " + to, true
				}
			}
			return "", "", false
		},
	}
}

func termName(loc *model.Locale, race string) string {
	if m := loc.Message("race." + race); m != nil {
		return m.Forms["one"]
	}
	return ""
}

// wordIn reports whether a text already names one of the races other than
// except, in any form, so a swap would not be a clean substitution.
func wordIn(text string, loc *model.Locale, races []string, except string) bool {
	low := strings.ToLower(text)
	for _, r := range races {
		if r == except {
			continue
		}
		if n := termName(loc, r); n != "" && strings.Contains(low, strings.ToLower(n)) {
			return true
		}
	}
	return false
}

// TestMutations puts single errors of each kind into the shipped French
// and German translations and checks that the checker reports nearly all
// of them, in the right file and on the right lines.
func TestMutations(t *testing.T) {
	base := mapTree(t, grimoire.Games())
	games, d := compiler.Load(base, compiler.Options{Games: []string{"warlock"}})
	if len(d) > 0 {
		t.Fatalf("the shipped game is not clean:\n%s", d)
	}
	g := games.Game("warlock")
	perKind := 20
	if testing.Short() {
		perKind = 6
	}
	muts := mutators()
	kinds := make([]string, 0, len(muts))
	for k := range muts {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	kinds = append(kinds, "delete a message")
	made := make([]int, len(kinds))
	caught := make([]int, len(kinds))
	t.Run("kinds", func(t *testing.T) {
		for k, kind := range kinds {
			t.Run(strings.ReplaceAll(kind, " ", "_"), func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(1, uint64(k)))
				for tries := 0; made[k] < perKind && tries < 50*perKind; tries++ {
					loc := g.Locales[1+r.IntN(len(g.Locales)-1)]
					raw := string(base[loc.File].Data)
					m := loc.Messages[r.IntN(len(loc.Messages))]
					if strings.HasPrefix(m.ID, "forms.") {
						continue
					}
					mu, ok := mutate(r, g, loc, raw, m, kind, muts[kind])
					if !ok {
						continue
					}
					made[k]++
					tree := maps.Clone(base)
					tree[loc.File] = &fstest.MapFile{Data: []byte(mu.text)}
					_, got := compiler.Load(tree, compiler.Options{Games: []string{"warlock"}})
					if reported(got, mu) {
						caught[k]++
						continue
					}
					t.Logf("missed: %s in %s %s (%s)", kind, loc.File, mu.id, mu.desc)
				}
				if made[k] == 0 {
					t.Fatalf("no mutation could be made")
				}
				if caught[k]*10 < made[k]*9 {
					t.Errorf("only %d of %d mutations reported", caught[k], made[k])
				}
			})
		}
	})
	total, found := 0, 0
	for k, kind := range kinds {
		t.Logf("%-22s %3d/%3d reported", kind, caught[k], made[k])
		total += made[k]
		found += caught[k]
	}
	if total > 0 {
		t.Logf("detection rate: %d/%d (%.1f%%)", found, total, 100*float64(found)/float64(total))
	}
}

// mutate applies one kind of mutation to message m of a locale file.
func mutate(r *rand.Rand, g *model.Game, loc *model.Locale, raw string, m *model.Message, kind string, mu mutator) (mutation, bool) {
	start := lineOffset(raw, m.Pos.Line)
	end := messageEnd(raw, start)
	out := mutation{kind: kind, file: loc.File, id: m.ID, from: m.Pos.Line, to: m.Pos.Line + strings.Count(raw[start:end], "\n")}
	if kind == "delete a message" {
		if m.Plural() || strings.HasPrefix(m.ID, "rules.") && !strings.HasSuffix(m.ID, ".text") {
			// Names are many lines; section titles share their table.
			return out, false
		}
		out.text = raw[:start] + raw[end:]
		out.desc = "delete"
		return out, true
	}
	form := "other"
	if m.Plural() && r.IntN(2) == 0 {
		form = "one"
	}
	text, ok := m.Forms[form]
	if !ok {
		return out, false
	}
	newText, desc, ok := mu(r, g, loc, loc.File, m, form)
	if !ok || newText == text {
		return out, false
	}
	i := strings.Index(raw[start:end], text)
	if i < 0 {
		return out, false // written with escapes: leave it
	}
	out.text = raw[:start+i] + newText + raw[start+i+len(text):]
	out.desc = desc
	return out, true
}

// reported says whether the diagnostics point at the mutation.
func reported(d diag.List, mu mutation) bool {
	for _, x := range d {
		if x.Pos.File != mu.file {
			continue
		}
		if mu.kind == "delete a message" {
			if x.Code == diag.MissingMessage && strings.Contains(x.Message, " "+mu.id+" ") {
				return true
			}
			continue
		}
		if x.Pos.Line >= mu.from && x.Pos.Line <= mu.to {
			return true
		}
	}
	return false
}

func lineOffset(s string, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return len(s)
		}
		off += i + 1
	}
	return off
}

var tableHeader = regexp.MustCompile(`\n\[[a-z0-9_.]+\]\n`)

// messageEnd is the end of the key = value at start: past a closing """
// for a multi-line string, else the end of the line.
func messageEnd(s string, start int) int {
	if strings.HasPrefix(s[start:], "[") {
		// A table: up to the next table header.
		if loc := tableHeader.FindStringIndex(s[start+1:]); loc != nil {
			return start + 1 + loc[0] + 1
		}
		return len(s)
	}
	line := s[start:]
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	if strings.Count(line, `"""`) == 1 {
		if i := strings.Index(s[start+len(line):], `"""`); i >= 0 {
			end := start + len(line) + i + 3
			if nl := strings.IndexByte(s[end:], '\n'); nl >= 0 {
				return end + nl + 1
			}
			return len(s)
		}
	}
	return min(len(s), start+len(line)+1)
}

// mapTree copies a tree into memory, where tests can change its files.
func mapTree(t testing.TB, fsys fs.FS) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
