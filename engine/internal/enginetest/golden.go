package enginetest

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// Golden pins how an engine plays: it plays games with each of the
// engine's named bots and compares a line per game with those recorded
// in a file. The bots are the engine's own, so a deliberate change of a
// bot, like one of the rules, is re-recorded with Update.
type Golden struct {
	// Path is the file of recorded lines, "testdata/golden.txt".
	Path string
	// Games are the engines to play, each with the name its lines start
	// with ("" for none), e.g. one per variant.
	Games []GoldenGame
	// Bots are the names of the bots every seat of a game plays with.
	Bots []string
	// Seeds is the number of games per game, player count and bot that
	// -long plays; the everyday run plays the first Short of them.
	Seeds, Short int
	// ProbeEvery spaces the observations, legal actions, re-deals (and
	// clones, with Clones) folded into a game's probe digest.
	ProbeEvery int
	// Clones adds the hash of a clone to each probe.
	Clones bool
	// MaxActions is the length past which a game is an error.
	MaxActions int
	// Update rewrites Path from the games played now instead of
	// comparing.
	Update bool
}

// GoldenGame is one engine that Golden plays, named by the prefix of its
// lines.
type GoldenGame struct {
	Name string
	Game interface {
		engine.Game
		engine.BotMaker
	}
}

// Run plays every game and checks it against Path, or rewrites Path.
func (g Golden) Run(t testing.TB) {
	t.Helper()
	seeds := longtest.Size(g.Short, g.Seeds)
	if g.Update {
		seeds = g.Seeds
	}
	var got []string
	for _, gg := range g.Games {
		lo, hi := gg.Game.Players()
		for players := lo; players <= hi; players++ {
			for _, bot := range g.Bots {
				for seed := 1; seed <= seeds; seed++ {
					got = append(got, g.Line(t, gg, players, bot, uint64(seed)))
				}
			}
		}
	}
	if g.Update {
		if err := os.WriteFile(g.Path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(g.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want[goldenKey(sc.Text())] = sc.Text()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, line := range got {
		w, ok := want[goldenKey(line)]
		switch {
		case !ok:
			t.Errorf("no recorded game for %s", goldenKey(line))
		case w != line:
			t.Errorf("game played differently:\n got %s\nwant %s", line, w)
		default:
			continue
		}
		if bad++; bad == 10 {
			t.Fatal("too many differences")
		}
	}
}

// Line plays one game and describes it in one line: its name, length, a
// digest of its actions, the final state's hash, the returns and a
// digest of observations, legal actions, re-deals (and clones) sampled
// on the way. Any change to how the engine plays, shows or re-deals a
// game changes the line.
func (g Golden) Line(t testing.TB, gg GoldenGame, players int, bot string, seed uint64) string {
	t.Helper()
	s, err := gg.Game.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for i := range bots {
		if bots[i], err = gg.Game.NewBot(bot); err != nil {
			t.Fatal(err)
		}
	}
	acts, probe := fnv.New64a(), fnv.New64a()
	deals := engine.NewRNG(seed ^ 0x5bd1e995)
	var buf []byte
	var legal []engine.Action
	res, err := engine.Play(s, bots, seed, g.MaxActions, func(st engine.Step, s engine.State) error {
		buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(st.Action))
		acts.Write(buf)
		if st.Turn%g.ProbeEvery != 0 {
			return nil
		}
		viewer := st.Turn % players
		o, err := json.Marshal(s.Observation(viewer))
		if err != nil {
			return err
		}
		probe.Write(o)
		for _, a := range s.LegalActions(legal) {
			buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(a))
			probe.Write(buf)
		}
		r, ok := s.(engine.Redealer)
		if !ok {
			return fmt.Errorf("%T cannot be re-dealt (engine.Redealer)", s)
		}
		buf = binary.LittleEndian.AppendUint64(buf[:0], r.Redealt(viewer, &deals).Hash())
		if g.Clones {
			buf = binary.LittleEndian.AppendUint64(buf, s.Clone().Hash())
		}
		probe.Write(buf)
		return nil
	})
	if err != nil {
		t.Fatalf("%d players, %s, seed %d: %v", players, bot, seed, err)
	}
	ret := make([]string, len(res.Returns))
	for i, x := range res.Returns {
		ret[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	name := ""
	if gg.Name != "" {
		name = gg.Name + " "
	}
	return fmt.Sprintf("%s%dp %s seed=%d len=%d actions=%016x hash=%016x probe=%016x returns=%s",
		name, players, bot, seed, res.Length, acts.Sum64(), s.Hash(), probe.Sum64(), strings.Join(ret, ","))
}

// goldenKey is what names a game in a golden line: everything up to its
// seed.
func goldenKey(line string) string {
	key, _, _ := strings.Cut(line, " len=")
	return key
}
