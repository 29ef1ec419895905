package compiler_test

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// gamesTree is the tiny game copied under each id; a game whose id holds
// "broken" gets an error, one whose id holds "obsolete" a warning.
func gamesTree(t testing.TB, ids ...string) fstest.MapFS {
	t.Helper()
	tiny := tinyTree(t)
	tree := fstest.MapFS{}
	for _, id := range ids {
		for name, f := range tiny {
			data := f.Data
			if name == "cards/tiny/game.toml" {
				data = []byte(strings.Replace(string(data), `id = "tiny"`, `id = "`+id+`"`, 1))
				if strings.Contains(id, "broken") {
					data = append(data, "\n[[total]]\nid = \"nothing\"\n"...)
				}
			}
			if name == "locales/tiny/fr.toml" && strings.Contains(id, "obsolete") {
				data = append(data, "\n[unused]\nother = \"rien\"\n"...)
			}
			tree[strings.Replace(name, "/tiny", "/"+id, 1)] = &fstest.MapFile{Data: data}
		}
	}
	return tree
}

// TestLoadConcurrent: games load at once, yet the games and the
// diagnostics, in their order, are the same for any number of cores, and
// Loaded sees each game that loaded without errors, and only those.
func TestLoadConcurrent(t *testing.T) {
	tree := gamesTree(t, "alpha_obsolete", "beta_broken", "gamma", "delta_obsolete", "epsilon_broken_obsolete")
	type result struct {
		games, loaded []string
		diags         string
	}
	load := func(procs int) result {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var mu sync.Mutex
		var r result
		games, d := load(tree, compiler.Options{Loaded: func(g *model.Game) {
			mu.Lock()
			defer mu.Unlock()
			r.loaded = append(r.loaded, g.ID)
		}})
		for _, g := range games.Games {
			r.games = append(r.games, g.ID)
		}
		slices.Sort(r.loaded)
		r.diags = d.String()
		return r
	}
	want := []string{"alpha_obsolete", "delta_obsolete", "gamma"}
	one := load(1)
	if !slices.Equal(one.games, want) || !slices.Equal(one.loaded, want) {
		t.Fatalf("loaded %q, Loaded saw %q; want %q for both", one.games, one.loaded, want)
	}
	for _, frag := range []string{"beta_broken", "epsilon_broken_obsolete", "alpha_obsolete", "delta_obsolete"} {
		if !strings.Contains(one.diags, "/"+frag+"/") {
			t.Errorf("no diagnostic about %s:\n%s", frag, one.diags)
		}
	}
	// Several times: an order that depends on timing shows only sometimes.
	for _, procs := range []int{2, 4, 2, 4, 2, 4, 2, 4} {
		got := load(procs)
		if !slices.Equal(got.games, one.games) || !slices.Equal(got.loaded, one.loaded) || got.diags != one.diags {
			t.Errorf("GOMAXPROCS=%d: games %q, Loaded %q, diagnostics\n%s\nGOMAXPROCS=1: games %q, Loaded %q, diagnostics\n%s", procs, got.games, got.loaded, got.diags, one.games, one.loaded, one.diags)
		}
	}
}
