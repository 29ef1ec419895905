package engine

import (
	"maps"
	"slices"
)

// ActionKinder is a State that sorts its actions into kinds ("play",
// "pass", "power", ...), so that a simulation tells how often each kind
// is used. The kind must depend on the action alone, as an action's number
// means the same in every state; chance actions are not asked about.
type ActionKinder interface {
	ActionKind(a Action) string
}

// RoundCounter is a State that tells, once its game is over, how long it
// lasted as the game counts it: n rounds, days, ... (unit, plural).
type RoundCounter interface {
	Rounds() (n int, unit string)
}

// GameRecord is what the statistics need of one finished game.
type GameRecord struct {
	Result
	Bots   []string // by seat
	Rounds int      // as RoundCounter tells, -1 if the state does not
	Unit   string   // of Rounds
	// Kinds counts each seat's actions by kind, nil if the state is no
	// ActionKinder.
	Kinds []map[string]int
}

// Tally accumulates the statistics of games. It keeps counts, moment
// sums and sketches rather than averages, so tallies of disjoint sets of
// games merge into exactly the tally of all of them, in any order.
type Tally struct {
	players int
	botIdx  map[string]int
	botName []string
	games   int
	seats   []sideTally
	bots    []sideTally
	shared  int // games won by two seats or more
	ties    int // games all seats won
	score   Sketch
	margin  Sketch
	length  Sketch
	rounds  Sketch
	unit    string
	kinds   map[string]int64
}

// sideTally is the record of a seat or a bot.
type sideTally struct {
	games    int
	solo     int
	sharedBy []int // [k]: wins shared among k seats
	score    Sketch
	margin   Sketch // of the games won alone
	kinds    map[string]int64
}

// NewTally returns an empty tally for games of players seats, with bots
// named in the order of bots (repeats are counted once).
func NewTally(players int, bots []string) *Tally {
	t := &Tally{players: players, botIdx: map[string]int{}, seats: make([]sideTally, players), kinds: map[string]int64{}}
	for _, b := range bots {
		if _, ok := t.botIdx[b]; !ok {
			t.botIdx[b] = len(t.botName)
			t.botName = append(t.botName, b)
		}
	}
	t.bots = make([]sideTally, len(t.botName))
	return t
}

func (s *sideTally) add(score float64, winners int, margin float64, won bool, kinds map[string]int) {
	s.games++
	s.score.Add(score)
	if won {
		if winners == 1 {
			s.solo++
			s.margin.Add(margin)
		} else {
			for len(s.sharedBy) <= winners {
				s.sharedBy = append(s.sharedBy, 0)
			}
			s.sharedBy[winners]++
		}
	}
	for k, c := range kinds {
		if s.kinds == nil {
			s.kinds = map[string]int64{}
		}
		s.kinds[k] += int64(c)
	}
}

func (s *sideTally) merge(o *sideTally) {
	s.games += o.games
	s.solo += o.solo
	for len(s.sharedBy) < len(o.sharedBy) {
		s.sharedBy = append(s.sharedBy, 0)
	}
	for k, c := range o.sharedBy {
		s.sharedBy[k] += c
	}
	s.score.Merge(&o.score)
	s.margin.Merge(&o.margin)
	for k, c := range o.kinds {
		if s.kinds == nil {
			s.kinds = map[string]int64{}
		}
		s.kinds[k] += c
	}
}

// wins is the win credit: 1 a solo win, 1/k a win shared by k seats.
func (s *sideTally) wins() float64 {
	w := float64(s.solo)
	for k, c := range s.sharedBy {
		if c > 0 {
			w += float64(c) / float64(k)
		}
	}
	return w
}

func (s *sideTally) sharedWins() int {
	n := 0
	for _, c := range s.sharedBy {
		n += c
	}
	return n
}

// Add counts one game. A bot the tally was not made with is an error of
// the caller, and panics.
func (t *Tally) Add(g GameRecord) {
	t.games++
	best, second := topTwo(g.Returns)
	margin := best - second
	if len(g.Winners) > 1 {
		t.shared++
		margin = 0
	}
	if len(g.Winners) == len(g.Returns) && len(g.Returns) > 1 {
		t.ties++
	}
	for s, x := range g.Returns {
		won := slices.Contains(g.Winners, s)
		var kinds map[string]int
		if g.Kinds != nil {
			kinds = g.Kinds[s]
		}
		t.seats[s].add(x, len(g.Winners), margin, won, kinds)
		b, ok := t.botIdx[g.Bots[s]]
		if !ok {
			panic("engine: tally of a game with unknown bot " + g.Bots[s])
		}
		t.bots[b].add(x, len(g.Winners), margin, won, kinds)
		t.score.Add(x)
		for k, c := range kinds {
			t.kinds[k] += int64(c)
		}
	}
	t.margin.Add(margin)
	t.length.Add(float64(g.Length))
	if g.Rounds >= 0 {
		t.rounds.Add(float64(g.Rounds))
		t.unit = g.Unit
	}
}

// topTwo returns the highest return and the highest of the others.
func topTwo(r []float64) (best, second float64) {
	if len(r) < 2 {
		return 0, 0
	}
	s := slices.Sorted(slices.Values(r))
	return s[len(s)-1], s[len(s)-2]
}

// Merge adds the games of o, a tally of the same players and bots.
func (t *Tally) Merge(o *Tally) {
	t.games += o.games
	t.shared += o.shared
	t.ties += o.ties
	for i := range t.seats {
		t.seats[i].merge(&o.seats[i])
	}
	for i := range t.bots {
		t.bots[i].merge(&o.bots[i])
	}
	t.score.Merge(&o.score)
	t.margin.Merge(&o.margin)
	t.length.Merge(&o.length)
	t.rounds.Merge(&o.rounds)
	if o.unit != "" {
		t.unit = o.unit
	}
	for k, c := range o.kinds {
		t.kinds[k] += c
	}
}

// Games is the number of games tallied.
func (t *Tally) Games() int { return t.games }

func kindCounts(kinds map[string]int64, games int) []KindCount {
	if len(kinds) == 0 {
		return nil
	}
	var out []KindCount
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		out = append(out, KindCount{Kind: k, Count: kinds[k], PerGame: float64(kinds[k]) / float64(max(games, 1))})
	}
	return out
}

func (s *sideTally) record() Record {
	w := s.wins()
	lo, hi := Wilson(w, s.games)
	r := Record{
		Games:       s.games,
		Wins:        w,
		WinRate:     ratio(w, s.games),
		WinInterval: [2]float64{lo, hi},
		SoloWins:    s.solo,
		SharedWins:  s.sharedWins(),
		Score:       s.score.Stats(),
		Actions:     kindCounts(s.kinds, s.games),
	}
	if s.margin.N() > 0 {
		m := s.margin.Stats()
		r.Margin = &m
	}
	return r
}

// Summary returns the statistics of the tallied games: a Summary with
// Players, Games, Seats, ByBot and Overall set.
func (t *Tally) Summary() *Summary {
	sum := &Summary{Players: t.players, Games: t.games}
	for i := range t.seats {
		sum.Seats = append(sum.Seats, SeatStats{Seat: i, Record: t.seats[i].record()})
	}
	for i, name := range t.botName {
		sum.ByBot = append(sum.ByBot, BotStats{Bot: name, ExpectedShare: 1 / float64(t.players), Record: t.bots[i].record()})
	}
	slo, shi := Wilson(float64(t.shared), t.games)
	tlo, thi := Wilson(float64(t.ties), t.games)
	o := Overall{
		SharedWins:        t.shared,
		SharedWinRate:     ratio(float64(t.shared), t.games),
		SharedWinInterval: [2]float64{slo, shi},
		Ties:              t.ties,
		TieRate:           ratio(float64(t.ties), t.games),
		TieInterval:       [2]float64{tlo, thi},
		Score:             t.score.Stats(),
		Margin:            t.margin.Stats(),
		Length:            t.length.Stats(),
		Actions:           kindCounts(t.kinds, t.games),
	}
	if t.rounds.N() > 0 {
		o.Rounds = &RoundStats{Unit: t.unit, DistStats: t.rounds.Stats()}
	}
	sum.Overall = o
	return sum
}
