package warlock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
	"github.com/grimoire-games/grimoire/engine/internal/tomlfile"
	tables "github.com/grimoire-games/grimoire/gen/warlock"
)

// Player is one player's final empire as a score file gives it.
type Player struct {
	Name   string
	Empire Empire
}

// ParseScoreFile reads final empires written as TOML:
//
//	[[player]]
//	name = "Scott"
//	empire = [
//	  "giant:4  human:1  human:2  human:1",  # the row touching the player board
//	  "orc:5    wizard:3 gnome:2  .",
//	]
//
// Each field is race:points for a city, dragon, ruin or "." for nothing.
// Every empire that could not exist under the rules (too many cities or
// dragons, a card not joined to the others in one group touching the
// first row, a race or a value no card has, more cards than the game
// holds), and a number of players the game is not played by, gets a
// diagnostic at its line and column; players are returned only when there
// is no error.
func (r *Rules) ParseScoreFile(name string, src []byte) ([]Player, diag.List) {
	f, d := tomlfile.Decode(name, src)
	if f == nil {
		return nil, d
	}
	at := f.Pos
	list, ok := f.Players(&d, "give each player's final empire")
	if !ok {
		return nil, d.Sort()
	}
	r.checkPlayers(f, len(list), &d)
	n := r.Params.EmpireSize
	var players []Player
	var cells [][]cellRef
	for i, t := range list {
		path := tomlpos.Elem("player", i)
		p := Player{Name: fmt.Sprintf("player %d", i+1), Empire: Empire{Side: n, Squares: make([]Square, n*n)}}
		for k := range t {
			if k != "name" && k != "empire" {
				d.Errorf(at(tomlpos.Join(path, k), true), diag.UnknownKey, "unknown key %q (a player has name and empire)", k)
			}
		}
		if v, there := t["name"]; there {
			s, ok := v.(string)
			if !ok {
				d.Errorf(at(tomlpos.Join(path, "name"), false), diag.WrongType, "name must be a string")
			} else {
				p.Name = s
			}
		}
		rows, ok := t["empire"].([]any)
		epath := tomlpos.Join(path, "empire")
		if !ok {
			if _, there := t["empire"]; there {
				d.Errorf(at(epath, false), diag.WrongType, "empire must be an array of strings, one per row")
			} else {
				d.Errorf(at(path, true), diag.MissingKey, "player %s has no empire", p.Name)
			}
			continue
		}
		if len(rows) > n {
			d.Errorf(at(tomlpos.Elem(epath, n), false), diag.BadValue, "an empire has %d rows, not %d", n, len(rows))
		}
		var refs []cellRef
		for ri, row := range rows {
			rpath := tomlpos.Elem(epath, ri)
			s, ok := row.(string)
			if !ok {
				d.Errorf(at(rpath, false), diag.WrongType, "row %d must be a string of fields", ri+1)
				continue
			}
			base := at(rpath, false)
			for ci, f := range fieldsWithOffsets(s) {
				pos := base
				pos.Col += 1 + f.off // after the opening quote
				if ri >= n {
					continue
				}
				if ci >= n {
					d.Errorf(pos, diag.BadValue, "an empire is %d fields wide; row %d has %d", n, ri+1, len(fieldsWithOffsets(s)))
					break
				}
				sq, ok := r.parseSquare(f.text, pos, &d)
				if !ok {
					continue
				}
				p.Empire.Squares[ri*n+ci] = sq
				if sq.Kind != Empty {
					refs = append(refs, cellRef{field: ri*n + ci, pos: pos})
				}
			}
		}
		r.checkEmpire(p, refs, &d)
		players = append(players, p)
		cells = append(cells, refs)
	}
	r.checkSupply(players, cells, &d)
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
	d.Errorf(pos, diag.BadValue, "warlock is played by %d to %d players; the file has %d", lo, hi, n)
}

type cellRef struct {
	field int
	pos   diag.Pos
}

type word struct {
	text string
	off  int
}

func fieldsWithOffsets(s string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(s); i++ {
		space := i == len(s) || s[i] == ' ' || s[i] == '\t'
		switch {
		case space && start >= 0:
			out = append(out, word{s[start:i], start})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	return out
}

func (r *Rules) parseSquare(s string, pos diag.Pos, d *diag.List) (Square, bool) {
	switch s {
	case ".":
		return Square{}, true
	case "dragon":
		return Square{Kind: Dragon}, true
	case "ruin":
		return Square{Kind: Ruin}, true
	}
	race, pts, ok := strings.Cut(s, ":")
	if !ok {
		d.Errorf(pos, diag.BadValue, "field %q: write race:points for a city, dragon, ruin or . for an empty field", s)
		return Square{}, false
	}
	rc, known := tables.ParseRace(race)
	if !known {
		var ids []string
		for _, x := range tables.AllRaces() {
			ids = append(ids, x.String())
		}
		d.Errorf(pos, diag.UnknownEnum, "unknown race %q (races: %s)", race, strings.Join(ids, ", "))
		return Square{}, false
	}
	n, err := strconv.Atoi(pts)
	var values []int
	for _, des := range r.Designs {
		if des.Race == rc && !slices.Contains(values, des.Points) {
			values = append(values, des.Points)
		}
	}
	slices.Sort(values)
	if err != nil || !slices.Contains(values, n) {
		var vs []string
		for _, v := range values {
			vs = append(vs, strconv.Itoa(v))
		}
		d.Errorf(pos, diag.BadValue, "no %s card is worth %s points (%s cities are worth %s)", race, pts, race, strings.Join(vs, ", "))
		return Square{}, false
	}
	return Square{Kind: City, Race: rc, Points: n}, true
}

// checkEmpire reports an empire the building rules cannot produce: more
// cities or dragons than allowed, or a field not in the one group of cards
// that touches the row of the player board.
func (r *Rules) checkEmpire(p Player, refs []cellRef, d *diag.List) {
	if len(refs) > r.Params.MaxCities {
		d.Errorf(refs[r.Params.MaxCities].pos, diag.BadValue, "%s's empire has %d cities; at most %d fit", p.Name, len(refs), r.Params.MaxCities)
	}
	dragons := 0
	for _, c := range refs {
		if p.Empire.Squares[c.field].Kind == Dragon {
			dragons++
			if dragons == r.Params.MaxDragons+1 {
				d.Errorf(c.pos, diag.BadValue, "%s's empire has more than %d dragons", p.Name, r.Params.MaxDragons)
			}
		}
	}
	if len(refs) == 0 {
		return
	}
	// The cards form one group touching the first row, since the first was
	// built there and each other next to one already there. The largest
	// such group (the first of equal ones) is the empire; any other card
	// is reported, saying whether its group touches the row too.
	n := p.Empire.Side
	group := make([]int, n*n) // 1 + the group of a field; 0 for empty fields
	var size, touches []int
	var stack []int
	for _, c := range refs {
		if group[c.field] != 0 {
			continue
		}
		g := len(size)
		size, touches = append(size, 0), append(touches, 0)
		group[c.field] = g + 1
		stack = append(stack[:0], c.field)
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size[g]++
			if f < n {
				touches[g]++
			}
			for _, h := range r.adj[f].list() {
				if group[h] == 0 && p.Empire.Squares[h].Kind != Empty {
					group[h] = g + 1
					stack = append(stack, int(h))
				}
			}
		}
	}
	home := -1
	for g := range size {
		if touches[g] > 0 && (home < 0 || size[g] > size[home]) {
			home = g
		}
	}
	for _, c := range refs {
		switch g := group[c.field] - 1; {
		case g == home:
		case touches[g] > 0:
			d.Errorf(c.pos, diag.BadValue, "this field of %s's empire is not joined to the others: an empire is one group of cards, each built next to one already there", p.Name)
		default:
			d.Errorf(c.pos, diag.BadValue, "this field of %s's empire is not joined to the others and to the row touching the player board", p.Name)
		}
	}
}

// checkSupply reports more cities of a kind, or dragons and ruined cities,
// than the game has cards for.
func (r *Rules) checkSupply(players []Player, cells [][]cellRef, d *diag.List) {
	type key struct {
		race   Race
		points int
	}
	have := map[key]int{}
	for _, des := range r.Designs {
		have[key{des.Race, des.Points}] += des.Copies
	}
	used := map[key]int{}
	dragons, ruins := 0, 0
	for i, p := range players {
		for _, c := range cells[i] {
			sq := p.Empire.Squares[c.field]
			switch sq.Kind {
			case Dragon:
				if dragons++; dragons == r.Dragons+1 {
					d.Errorf(c.pos, diag.BadValue, "the game has %d dragons; the empires hold more", r.Dragons)
				}
			case Ruin:
				if ruins++; ruins == r.Ruins+1 {
					d.Errorf(c.pos, diag.BadValue, "the game has %d ruined cities; the empires hold more", r.Ruins)
				}
			case City:
				k := key{sq.Race, sq.Points}
				if used[k]++; used[k] == have[k]+1 {
					d.Errorf(c.pos, diag.BadValue, "the game has %d %s cards worth %d; the empires hold more", have[k], sq.Race, sq.Points)
				}
			}
		}
	}
}
