package bellummagica

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the games played now")

// goldenSeeds is the number of games per player count and bot in
// testdata/golden.txt; -short plays the first goldenShort of them.
const (
	goldenSeeds = 200
	goldenShort = 30
	// probeEvery spaces the observations, legal actions, clones and
	// re-deals folded into a game's probe digest.
	probeEvery = 37
)

// goldenGame plays one game and describes it in one line: its length,
// a digest of its actions, the final state's hash, the returns and a
// digest of observations, legal actions, clones and re-deals sampled on
// the way. Any change to how the engine plays, shows or re-deals a game
// changes the line.
func goldenGame(t testing.TB, r *Rules, players int, bot string, seed uint64) string {
	t.Helper()
	s, err := r.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for i := range bots {
		bots[i] = engine.Random{}
		if bot == "greedy" {
			bots[i] = &frozenGreedy{r: r}
		}
	}
	acts, probe := fnv.New64a(), fnv.New64a()
	deals := engine.NewRNG(seed ^ 0x5bd1e995)
	var buf []byte
	var legal []engine.Action
	res, err := engine.Play(s, bots, seed, 20000, func(st engine.Step, es engine.State) error {
		buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(st.Action))
		acts.Write(buf)
		if st.Turn%probeEvery != 0 {
			return nil
		}
		s := es.(*State)
		viewer := st.Turn % players
		o, err := json.Marshal(s.Observe(viewer))
		if err != nil {
			return err
		}
		probe.Write(o)
		for _, a := range s.LegalActions(legal) {
			buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(a))
			probe.Write(buf)
		}
		buf = binary.LittleEndian.AppendUint64(buf[:0], s.Redeal(viewer, &deals).Hash())
		buf = binary.LittleEndian.AppendUint64(buf, s.Clone().Hash())
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
	return fmt.Sprintf("%dp %s seed=%d len=%d actions=%016x hash=%016x probe=%016x returns=%s",
		players, bot, seed, res.Length, acts.Sum64(), s.Hash(), probe.Sum64(), strings.Join(ret, ","))
}

// TestGolden replays the games recorded in testdata/golden.txt, with
// random and greedy bots for every player count, and checks that each is
// played exactly as recorded. Run with -update after a deliberate change
// of the rules.
func TestGolden(t *testing.T) {
	const path = "testdata/golden.txt"
	seeds := goldenSeeds
	if testing.Short() && !*update {
		seeds = goldenShort
	}
	r := shipped(t)
	var got []string
	for players := r.Players.Min; players <= r.Players.Max; players++ {
		for _, bot := range []string{"random", "greedy"} {
			for seed := 1; seed <= seeds; seed++ {
				got = append(got, goldenGame(t, r, players, bot, uint64(seed)))
			}
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
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

// goldenKey is what names a game in a golden line: players, bot and
// seed.
func goldenKey(line string) string {
	f := strings.Fields(line)
	return strings.Join(f[:min(3, len(f))], " ")
}
