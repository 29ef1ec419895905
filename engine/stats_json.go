package engine

import (
	"encoding/json"
	"fmt"
	"slices"
)

// tallyJSON is a Tally as a shard file holds it: every count and sketch,
// nothing derived.
type tallyJSON struct {
	Players int              `json:"players"`
	Games   int              `json:"games"`
	Shared  int              `json:"shared"`
	Ties    int              `json:"ties"`
	Score   *Sketch          `json:"score"`
	Margin  *Sketch          `json:"margin"`
	Length  *Sketch          `json:"length"`
	Rounds  *Sketch          `json:"rounds"`
	Unit    string           `json:"unit,omitempty"`
	Kinds   map[string]int64 `json:"kinds,omitempty"`
	Seats   []sideJSON       `json:"seats"`
	Bots    []sideJSON       `json:"bots"`
}

type sideJSON struct {
	Bot      string           `json:"bot,omitempty"`
	Games    int              `json:"games"`
	Solo     int              `json:"solo"`
	SharedBy []int            `json:"shared_by,omitempty"` // [k]: wins shared among k seats
	Score    *Sketch          `json:"score"`
	Margin   *Sketch          `json:"margin"`
	Kinds    map[string]int64 `json:"kinds,omitempty"`
}

func (s *sideTally) json(bot string) sideJSON {
	return sideJSON{Bot: bot, Games: s.games, Solo: s.solo, SharedBy: s.sharedBy, Score: &s.score, Margin: &s.margin, Kinds: s.kinds}
}

// MarshalJSON writes the tally's whole state, from which UnmarshalJSON
// rebuilds a tally that merges and sums up as this one does.
func (t *Tally) MarshalJSON() ([]byte, error) {
	j := tallyJSON{
		Players: t.players, Games: t.games, Shared: t.shared, Ties: t.ties,
		Score: &t.score, Margin: &t.margin, Length: &t.length, Rounds: &t.rounds,
		Unit: t.unit, Kinds: t.kinds,
	}
	for i := range t.seats {
		j.Seats = append(j.Seats, t.seats[i].json(""))
	}
	for i, b := range t.botName {
		j.Bots = append(j.Bots, t.bots[i].json(b))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote, refusing counts that do not
// add up.
func (t *Tally) UnmarshalJSON(data []byte) error {
	var j tallyJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Players < 1 || len(j.Seats) != j.Players {
		return fmt.Errorf("tally of %d players has %d seats", j.Players, len(j.Seats))
	}
	if j.Games < 0 || j.Shared < 0 || j.Shared > j.Games || j.Ties < 0 || j.Ties > j.Shared && j.Players > 1 {
		return fmt.Errorf("tally of %d games with %d shared wins and %d ties", j.Games, j.Shared, j.Ties)
	}
	if len(j.Bots) == 0 {
		return fmt.Errorf("tally has no bots")
	}
	var bots []string
	for _, b := range j.Bots {
		if b.Bot == "" || slices.Contains(bots, b.Bot) {
			return fmt.Errorf("tally bot %q is empty or repeated", b.Bot)
		}
		bots = append(bots, b.Bot)
	}
	n := NewTally(j.Players, bots)
	n.games, n.shared, n.ties, n.unit = j.Games, j.Shared, j.Ties, j.Unit
	for _, sk := range []struct {
		to   *Sketch
		from *Sketch
		want int
		what string
	}{
		{&n.score, j.Score, j.Games * j.Players, "scores"},
		{&n.margin, j.Margin, j.Games, "margins"},
		{&n.length, j.Length, j.Games, "lengths"},
		{&n.rounds, j.Rounds, -1, "rounds"},
	} {
		if sk.from == nil {
			return fmt.Errorf("tally lacks its %s", sk.what)
		}
		if sk.want >= 0 && sk.from.N() != int64(sk.want) {
			return fmt.Errorf("tally of %d games holds %d %s; want %d", j.Games, sk.from.N(), sk.what, sk.want)
		}
		*sk.to = *sk.from
	}
	if r := n.rounds.N(); r != 0 && r != int64(j.Games) || r != 0 && j.Unit == "" {
		return fmt.Errorf("tally of %d games holds %d rounds in unit %q", j.Games, r, j.Unit)
	}
	for k, c := range j.Kinds {
		if c < 0 {
			return fmt.Errorf("tally counts action kind %q %d times", k, c)
		}
		n.kinds[k] = c
	}
	seatGames := 0
	for i, s := range j.Seats {
		if err := n.seats[i].fromJSON(s, j.Games); err != nil {
			return fmt.Errorf("seat %d: %w", i, err)
		}
		seatGames += s.Games
	}
	botGames := 0
	for i, s := range j.Bots {
		if err := n.bots[i].fromJSON(s, j.Games*j.Players); err != nil {
			return fmt.Errorf("bot %s: %w", s.Bot, err)
		}
		botGames += s.Games
	}
	if seatGames != j.Games*j.Players || botGames != seatGames {
		return fmt.Errorf("tally of %d games of %d players has %d seat-games by seat and %d by bot", j.Games, j.Players, seatGames, botGames)
	}
	*t = *n
	return nil
}

func (s *sideTally) fromJSON(j sideJSON, most int) error {
	wins := j.Solo
	for k, c := range j.SharedBy {
		if c < 0 || c > 0 && k < 2 {
			return fmt.Errorf("%d wins shared among %d seats", c, k)
		}
		wins += c
	}
	switch {
	case j.Games < 0 || j.Games > most || j.Solo < 0 || wins > j.Games:
		return fmt.Errorf("%d wins of %d games", wins, j.Games)
	case j.Score == nil || j.Score.N() != int64(j.Games):
		return fmt.Errorf("scores do not match its %d games", j.Games)
	case j.Margin == nil || j.Margin.N() != int64(j.Solo):
		return fmt.Errorf("margins do not match its %d solo wins", j.Solo)
	}
	for k, c := range j.Kinds {
		if c < 0 {
			return fmt.Errorf("action kind %q counted %d times", k, c)
		}
	}
	*s = sideTally{games: j.Games, solo: j.Solo, sharedBy: j.SharedBy, score: *j.Score, margin: *j.Margin, kinds: j.Kinds}
	return nil
}
