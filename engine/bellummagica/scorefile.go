package bellummagica

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

// maxChestValue bounds a chest's value in a score file, to catch typos:
// the game's treasures are worth a few points each.
const maxChestValue = 99

// Player is one player's end of game as a score file gives it.
type Player struct {
	Name  string
	Score Score
}

// ParseScoreFile reads the end of a game written as TOML: each player's
// chests, as the values found in them, by kind:
//
//	[[player]]
//	name = "Anne"
//	wooden = [1, 2, 2]
//	metal = [4]
//	gold = [7]
//
// The rulebook prints no chest values and the shipped ones are
// reconstructed, so any whole value from 1 to maxChestValue is accepted:
// an owner scores with the chests of their box. More chests of a kind
// than the game has, a value out of range, or a number of players the
// game is not played by gets a diagnostic at its line and column; players
// are returned only when there is no error.
func (r *Rules) ParseScoreFile(name string, src []byte) ([]Player, diag.List) {
	f, d := tomlfile.Decode(name, src)
	if f == nil {
		return nil, d
	}
	at := f.Pos
	list, ok := f.Players(&d, "give each player's chests by kind, as lists of their values")
	if !ok {
		return nil, d.Sort()
	}
	r.checkPlayers(f, len(list), &d)
	have := make([]int, chestKinds)
	for _, c := range r.Chests {
		have[c.Kind] += c.Copies
	}
	used := make([]int, chestKinds)
	var players []Player
	for i, t := range list {
		path := tomlpos.Elem("player", i)
		p := Player{Name: fmt.Sprintf("player %d", i+1)}
		for k, v := range t {
			kp := tomlpos.Join(path, k)
			kind := slices.Index(chestKindIDs[:], k)
			switch {
			case k == "name":
				if s, ok := v.(string); ok {
					p.Name = s
				} else {
					d.Errorf(at(kp, false), diag.WrongType, "name must be a string")
				}
			case kind >= 0:
				vals, ok := v.([]any)
				if !ok {
					d.Errorf(at(kp, false), diag.WrongType, "%s must be a list of chest values, such as [1, 2]", k)
					continue
				}
				for j, x := range vals {
					vp := tomlpos.Elem(kp, j)
					n, ok := x.(int64)
					switch {
					case !ok:
						d.Errorf(at(vp, false), diag.WrongType, "a chest value must be a whole number")
					case n < 1 || n > maxChestValue:
						d.Errorf(at(vp, false), diag.BadValue, "a chest is worth 1 to %d, not %d", maxChestValue, n)
					default:
						p.Score.Value += int(n)
						p.Score.Chests++
						if used[kind]++; used[kind] == have[kind]+1 {
							d.Errorf(at(vp, false), diag.BadValue, "more %s chests than the game's %d", k, have[kind])
						}
					}
				}
			default:
				d.Errorf(at(kp, true), diag.UnknownKey, "unknown key %q (a player has name, wooden, metal and gold)", k)
			}
		}
		players = append(players, p)
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
	pos := f.Pos(tomlpos.Elem("player", min(max(n-1, 0), hi)), true)
	d.Errorf(pos, diag.BadValue, "bellum magica is played by %d to %d players; the file has %d", lo, hi, n)
}

// ScoreFile scores the players of a score file and writes the result in
// lang. Diagnostics come instead of scores when the file has errors.
func (g *Game) ScoreFile(w io.Writer, name string, src []byte, lang string) (diag.List, error) {
	players, d := g.Rules.ParseScoreFile(name, src)
	if d.HasErrors() {
		return d, nil
	}
	return d, g.Rules.WriteScores(w, lang, players)
}

// WriteScores writes a table of the players' chest values and counts, and
// the winners.
func (r *Rules) WriteScores(w io.Writer, lang string, players []Player) error {
	t := func(id string, args map[string]any) string { return r.locs.Text(lang, id, args) }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t", t("score.player", map[string]any{"Name": p.Name}))
	}
	fmt.Fprintln(tw)
	for _, row := range []struct {
		id   string
		cell func(Score) int
	}{{"score.value", func(s Score) int { return s.Value }}, {"score.chests", func(s Score) int { return s.Chests }}} {
		fmt.Fprintf(tw, "%s\t", t(row.id, nil))
		for _, p := range players {
			fmt.Fprintf(tw, "%d\t", row.cell(p.Score))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	scores := make([]Score, len(players))
	for i, p := range players {
		scores[i] = p.Score
	}
	var names []string
	for _, i := range Winners(scores) {
		names = append(names, players[i].Name)
	}
	_, err := fmt.Fprintln(w, t("score.winner", map[string]any{"Names": strings.Join(names, ", ")}))
	return err
}
