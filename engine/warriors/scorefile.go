package warriors

import (
	"cmp"
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
// A file no game could end with gets a diagnostic at its line and column:
// more or fewer players than the game is played by, more cards of a people
// than the game has, more living dragons than it has, dragons without the
// expansion, or victory piles, factions and dragons that together hold
// more warriors and dragons than the game has. Players are returned only
// when there is no error.
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
	r.checkPlayers(f, len(list), &d)
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
	dragons := 0
	if r.dragon >= 0 {
		dragons = r.Designs[r.dragon].Copies
	}
	// What every player holds, to check the game's totals once all is read.
	factions := make([][]counted, len(r.Peoples))
	var living, cards []counted
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
				p.Tally.Pile = count(kp, v, "victory_pile", r.pileCards)
				cards = append(cards, counted{at(kp, false), p.Tally.Pile})
			case "dragons":
				if !r.Hordes {
					d.Errorf(at(kp, true), diag.BadValue, "dragons count only with the Dragon Hordes (--variant dragon-hordes)")
					continue
				}
				p.Tally.Dragons = count(kp, v, "dragons", dragons)
				living = append(living, counted{at(kp, false), p.Tally.Dragons})
				cards = append(cards, counted{at(kp, false), p.Tally.Dragons})
			case "factions":
				m, ok := v.(map[string]any)
				if !ok {
					d.Errorf(at(kp, false), diag.WrongType, "factions must be a table of people = cards")
					continue
				}
				for q, c := range m {
					qp := tomlpos.Join(kp, q)
					j := slices.Index(r.Peoples, q)
					if j < 0 {
						d.Errorf(at(qp, true), diag.BadValue, "no people %q (peoples: %s)", q, strings.Join(r.Peoples, ", "))
						continue
					}
					p.Tally.Factions[j] = count(qp, c, "faction "+q, copies[j])
					factions[j] = append(factions[j], counted{at(qp, false), p.Tally.Factions[j]})
					cards = append(cards, counted{at(qp, false), p.Tally.Factions[j]})
				}
			default:
				d.Errorf(at(kp, true), diag.UnknownKey, "unknown key %q (a player has name, victory_pile, factions and dragons)", k)
			}
		}
		players = append(players, p)
	}
	for j, q := range r.Peoples {
		if pos, sum, over := exceeds(factions[j], copies[j]); over {
			d.Errorf(pos, diag.BadValue, "the factions of %s hold %d cards together; the game has %d", q, sum, copies[j])
		}
	}
	if pos, sum, over := exceeds(living, dragons); over {
		d.Errorf(pos, diag.BadValue, "the players have %d living dragons together; the game has %d", sum, dragons)
	}
	if pos, sum, over := exceeds(cards, r.pileCards); over {
		d.Errorf(pos, diag.BadValue, "victory piles, factions and living dragons hold %d cards together; the game has %d warriors and dragons", sum, r.pileCards)
	}
	if d.HasErrors() {
		return nil, d.Sort()
	}
	return players, d.Sort()
}

// checkPlayers reports a number of players the game is not played by, at
// the first player too many or the last one there is.
func (r *Rules) checkPlayers(f *tomlfile.File, n int, d *diag.List) {
	lo, hi := r.Players.Min, r.Players.Max
	if n >= lo && n <= hi {
		return
	}
	v := ""
	if r.Hordes {
		v = " with the Dragon Hordes"
	}
	pos := f.Pos(tomlpos.Elem("player", min(max(n-1, 0), hi)), true)
	d.Errorf(pos, diag.BadValue, "warriors%s is played by %d to %d players; the file has %d", v, lo, hi, n)
}

// counted is a count read from a score file, where it stands.
type counted struct {
	pos diag.Pos
	n   int
}

// exceeds adds counts up in file order and reports whether they come to
// more than most; pos is the count that goes over, sum the whole total.
func exceeds(counts []counted, most int) (pos diag.Pos, sum int, over bool) {
	counts = slices.Clone(counts)
	slices.SortStableFunc(counts, func(a, b counted) int {
		return cmp.Or(cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Col, b.pos.Col))
	})
	for _, c := range counts {
		if sum += c.n; sum > most && !over {
			pos, over = c.pos, true
		}
	}
	return pos, sum, over
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
