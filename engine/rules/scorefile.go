package rules

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/tomlfile"
)

// fnTally scores a position typed into a score file.
const fnTally = "tally"

// ScoreFile scores the final position a score file gives and writes each
// seat's variables and result, and the winners, labelled by the messages
// score.<variable>, score.result and score.winner (.Names) where the
// locales have them. The file has a [[player]]
// table per seat, with its name and, by id, its PLAYER variables and the
// cards of its zones; at the top level, the GAME variables and the cards
// of the table's zones. The rules' tally(g) scores the position as the end
// of the game would; returns(g) then gives the results. Cards a file does
// not place stay where START puts them. lang names the cards in messages.
func (g *Game) ScoreFile(w io.Writer, name string, src []byte, lang string) (diag.List, error) {
	s, names, d := g.ParseScoreFile(name, src, lang)
	if d.HasErrors() {
		return d, nil
	}
	if fn := g.funcs[fnTally]; fn != nil {
		if err := s.call(fn, true, nil); err != nil {
			return d, fmt.Errorf("%s: %w", fnTally, err)
		}
	}
	v, t, err := s.callValue(g.returns, nil)
	defer t.done()
	if err != nil {
		return d, fmt.Errorf("%s: %w", fnReturns, err)
	}
	result, err := s.numbers(v)
	if err != nil {
		return d, fmt.Errorf("%s: %w", fnReturns, err)
	}
	label := func(id, fallback string, args map[string]any) string {
		if hasMessage(g.m, lang, id) || hasMessage(g.m, g.m.SourceLang, id) {
			return g.locs.Text(lang, id, args)
		}
		return fallback
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\t%s\t\n", strings.Join(names, "\t"))
	for i, vd := range g.vars {
		if !vd.player {
			continue
		}
		fmt.Fprintf(tw, "%s\t", label("score."+vd.id, vd.id, nil))
		for p := range s.n {
			fmt.Fprintf(tw, "%s\t", varValue(vd, s.vars[s.lay.v[i]+p]))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "%s\t", label("score.result", "result", nil))
	for _, r := range result {
		fmt.Fprintf(tw, "%g\t", r)
	}
	fmt.Fprintln(tw)
	if err := tw.Flush(); err != nil {
		return d, err
	}
	var won []string
	for _, p := range engine.Winners(result) {
		won = append(won, names[p])
	}
	fallback := "Winner: "
	if len(won) > 1 {
		fallback = "Winners: "
	}
	all := strings.Join(won, ", ")
	_, err = fmt.Fprintln(w, label("score.winner", fallback+all, map[string]any{"Names": all}))
	return d, err
}

// ParseScoreFile reads a score file into a position of the game, with the
// players' names; see ScoreFile.
func (g *Game) ParseScoreFile(name string, src []byte, lang string) (*State, []string, diag.List) {
	f, d := tomlfile.Decode(name, src)
	if f == nil {
		return nil, nil, d
	}
	if _, ok := g.funcs[fnTally]; !ok {
		d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.MissingKey, "the rules of %s define no %s(g), which scores a position typed into a score file", g.m.ID, fnTally)
	}
	list, ok := f.Data["player"].([]map[string]any)
	if !ok {
		d.Errorf(f.Pos("player", true), diag.MissingKey, "no [[player]] tables: give each player's name, variables and zones")
		return nil, nil, d.Sort()
	}
	lo, hi := g.Players()
	if len(list) < lo || len(list) > hi {
		d.Errorf(f.Pos(tomlpos.Elem("player", min(max(len(list)-1, 0), hi)), true), diag.BadValue, "%s is played by %d to %d players; the file has %d", g.m.ID, lo, hi, len(list))
		return nil, nil, d.Sort()
	}
	n := len(list)
	s := g.start0(n, 0)
	names := make([]string, n)
	// The table's keys, then each player's.
	r := &scoreReader{g: g, s: s, f: f, d: &d, lang: lang}
	for _, k := range slices.Sorted(maps.Keys(f.Data)) {
		if k != "player" {
			r.key(k, f.Data[k], k, -1)
		}
	}
	for p, t := range list {
		names[p] = fmt.Sprintf("player %d", p+1)
		path := tomlpos.Elem("player", p)
		for _, k := range slices.Sorted(maps.Keys(t)) {
			kp := tomlpos.Join(path, k)
			if k == "name" {
				if nm, ok := t[k].(string); ok {
					names[p] = nm
				} else {
					d.Errorf(f.Pos(kp, false), diag.WrongType, "name must be a string")
				}
				continue
			}
			r.key(k, t[k], kp, p)
		}
	}
	return s, names, d.Sort()
}

var errBadValue = errors.New("a value of the wrong type")

// scoreReader places a score file's values in a position.
type scoreReader struct {
	g    *Game
	s    *State
	f    *tomlfile.File
	d    *diag.List
	lang string
}

// key reads one key of the table's (seat -1) or a player's.
func (r *scoreReader) key(k string, v any, path string, seat int) {
	g, s := r.g, r.s
	at := r.f.Pos(path, false)
	if i := slices.IndexFunc(g.vars, func(vd varDecl) bool { return vd.id == k && vd.player == (seat >= 0) }); i >= 0 {
		vd := g.vars[i]
		var x starlark.Value
		switch v := v.(type) {
		case int64:
			x = starlark.MakeInt64(v)
		case bool:
			x = starlark.Bool(v)
		}
		var n int64
		err := errBadValue
		if x != nil {
			n, err = setVar(vd, x)
		}
		if err != nil {
			r.d.Errorf(at, diag.WrongType, "%s is %s", k, map[bool]string{true: "true or false", false: "a whole number"}[vd.isBool])
			return
		}
		s.vars[s.lay.v[i]+max(seat, 0)] = n
		return
	}
	zi := slices.IndexFunc(g.zones, func(z zoneDecl) bool { return z.id == k && z.player == (seat >= 0) })
	if zi < 0 {
		r.d.Errorf(r.f.Pos(path, true), diag.UnknownKey, "unknown key %q (%s)", k, r.known(seat >= 0))
		return
	}
	ids, ok := v.([]any)
	if !ok {
		r.d.Errorf(at, diag.WrongType, "%s is a list of card ids", k)
		return
	}
	inst := s.lay.zone[zi] + max(seat, 0)
	for j, x := range ids {
		id, _ := x.(string)
		d, ok := g.byID[id]
		if !ok || g.start[d] < 0 {
			r.d.Errorf(r.f.Pos(tomlpos.Elem(path, j), false), diag.DanglingRef, "no card %q the game is played with", id)
			continue
		}
		if !r.take(d) {
			r.d.Errorf(r.f.Pos(tomlpos.Elem(path, j), false), diag.BadValue, "more %s than the game has (%d)", g.CardName(r.lang, d), g.designs[d].Copies)
			continue
		}
		s.zones[inst] = append(s.zones[inst], int16(d))
	}
}

// take removes a copy of design d from the zone START puts it in.
func (r *scoreReader) take(d int) bool {
	z := &r.s.zones[r.s.lay.zone[r.g.start[d]]]
	i := slices.Index(*z, int16(d))
	if i < 0 {
		return false
	}
	*z = slices.Delete(*z, i, i+1)
	return true
}

// known lists the keys a player's table, or the top level, may have.
func (r *scoreReader) known(player bool) string {
	var keys []string
	if player {
		keys = append(keys, "name")
	}
	for _, v := range r.g.vars {
		if v.player == player {
			keys = append(keys, v.id)
		}
	}
	for _, z := range r.g.zones {
		if z.player == player {
			keys = append(keys, z.id)
		}
	}
	if !player {
		keys = append(keys, "player")
	}
	return "keys: " + strings.Join(keys, ", ")
}
