package warriors

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
	"github.com/grimoire-games/grimoire/engine/internal/tomlfile"
)

// Player is one player's end of game as a score file gives it.
type Player struct {
	Name  string
	Tally Tally
}

// ParseScoreFile reads the end of a game written as TOML:
//
//	[[player]]
//	name = "Anne"
//	victory_pile = 7                  # cards in the victory pile
//	factions = { elf = 4, goblin = 2 } # cards per faction
//	dragons = 1                        # living dragons (Dragon Hordes)
//
// A count no game could reach (more cards of a people than the game has,
// dragons without the expansion) gets a diagnostic at its line and
// column; players are returned only when there is no error.
func (r *Rules) ParseScoreFile(name string, src []byte) ([]Player, diag.List) {
	f, d := tomlfile.Decode(name, src)
	if f == nil {
		return nil, d
	}
	at := f.Pos
	list, ok := f.Players(&d, "give each player's victory pile and factions")
	if !ok {
		return nil, d.Sort()
	}
	count := func(path string, v any, what string, most int) int {
		n, ok := v.(int64)
		switch {
		case !ok:
			d.Errorf(at(path, false), diag.WrongType, "%s must be a whole number", what)
		case n < 0 || n > int64(most):
			d.Errorf(at(path, false), diag.BadValue, "%s must be from 0 to %d, not %d", what, most, n)
		default:
			return int(n)
		}
		return 0
	}
	copies := make([]int, len(r.Peoples))
	for _, des := range r.Designs {
		if des.Class == ClassWarrior {
			copies[des.People] += des.Copies
		}
	}
	used := make([]int, len(r.Peoples))
	var players []Player
	for i, t := range list {
		path := tomlpos.Elem("player", i)
		p := Player{Name: fmt.Sprintf("player %d", i+1), Tally: Tally{Factions: make([]int, len(r.Peoples))}}
		for k, v := range t {
			kp := tomlpos.Join(path, k)
			switch k {
			case "name":
				if s, ok := v.(string); ok {
					p.Name = s
				} else {
					d.Errorf(at(kp, false), diag.WrongType, "name must be a string")
				}
			case "victory_pile":
				p.Tally.Pile = count(kp, v, "victory_pile", 1000)
			case "dragons":
				if !r.Hordes {
					d.Errorf(at(kp, true), diag.BadValue, "dragons count only with the Dragon Hordes (--variant dragon-hordes)")
					continue
				}
				p.Tally.Dragons = count(kp, v, "dragons", r.Designs[r.dragon].Copies)
			case "factions":
				m, ok := v.(map[string]any)
				if !ok {
					d.Errorf(at(kp, false), diag.WrongType, "factions must be a table of people = cards")
					continue
				}
				for q, c := range m {
					j := slices.Index(r.Peoples, q)
					if j < 0 {
						d.Errorf(at(tomlpos.Join(kp, q), true), diag.BadValue, "no people %q (peoples: %s)", q, strings.Join(r.Peoples, ", "))
						continue
					}
					p.Tally.Factions[j] = count(tomlpos.Join(kp, q), c, "faction "+q, copies[j])
					if used[j] += p.Tally.Factions[j]; used[j] > copies[j] {
						d.Errorf(at(tomlpos.Join(kp, q), false), diag.BadValue, "the factions of %s hold %d cards together; the game has %d", q, used[j], copies[j])
					}
				}
			default:
				d.Errorf(at(kp, true), diag.UnknownKey, "unknown key %q (a player has name, victory_pile, factions and dragons)", k)
			}
		}
		players = append(players, p)
	}
	if d.HasErrors() {
		return nil, d.Sort()
	}
	return players, d.Sort()
}

// ScoreFile scores the players of a score file and writes the breakdown in
// lang. Diagnostics come instead of scores when the file has errors.
func (g *Game) ScoreFile(w io.Writer, name string, src []byte, lang string) (diag.List, error) {
	players, d := g.Rules.ParseScoreFile(name, src)
	if d.HasErrors() {
		return d, nil
	}
	t := make([]Tally, len(players))
	for i, p := range players {
		t[i] = p.Tally
	}
	return d, g.Rules.WriteScores(w, lang, players, g.Rules.Score(t))
}

// WriteScores writes a table of the players' scores, part by part, and the
// winners.
func (r *Rules) WriteScores(w io.Writer, lang string, players []Player, scores []Breakdown) error {
	t := func(id string, args map[string]any) string { return r.locs.Text(lang, id, args) }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(label string, cell func(b Breakdown) int) {
		fmt.Fprintf(tw, "%s\t", label)
		for _, b := range scores {
			fmt.Fprintf(tw, "%d\t", cell(b))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "\t")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t", t("score.player", map[string]any{"Name": p.Name}))
	}
	fmt.Fprintln(tw)
	row(t("score.pile", nil), func(b Breakdown) int { return b.Pile })
	row(t("score.victory", nil), func(b Breakdown) int { return b.Victory })
	row(t("score.people", nil), func(b Breakdown) int { return b.Total - b.Victory - b.Dragons })
	if r.Hordes {
		row(t("score.dragons", nil), func(b Breakdown) int { return b.Dragons })
	}
	row(t("score.total", nil), func(b Breakdown) int { return b.Total })
	if err := tw.Flush(); err != nil {
		return err
	}
	var names []string
	for _, i := range Winners(scores) {
		names = append(names, players[i].Name)
	}
	_, err := fmt.Fprintln(w, t("score.winner", map[string]any{"Names": strings.Join(names, ", ")}))
	return err
}
