package compiler_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// BenchmarkLoadShipped loads and checks every shipped game in every
// language: what grimoire check does.
func BenchmarkLoadShipped(b *testing.B) {
	fsys := grimoire.Games()
	b.ReportAllocs()
	for b.Loop() {
		if _, d := load(fsys, compiler.Options{}); d.HasErrors() {
			b.Fatal(d)
		}
	}
}

// TestShippedGamesAreClean: the shipped games load without any diagnostic,
// warnings included.
func TestShippedGamesAreClean(t *testing.T) {
	games, d := load(grimoire.Games(), compiler.Options{})
	if len(d) > 0 {
		t.Fatalf("shipped games have diagnostics:\n%s", d)
	}
	if games.Game("warlock") == nil {
		t.Fatal("warlock is not among the shipped games")
	}
}

// messagesTree is the tiny game with n declared messages more, each in
// English and French: a check must take time in proportion to n.
func messagesTree(b *testing.B, n int) fstest.MapFS {
	tree := tinyTree(b)
	var data, en, fr strings.Builder
	en.Write(tree["locales/tiny/en.toml"].Data)
	fr.Write(tree["locales/tiny/fr.toml"].Data)
	en.WriteString("\n[msg]\n")
	fr.WriteString("\n[msg]\n")
	for i := range n {
		fmt.Fprintf(&data, "[[message]]\nid = \"msg.m%d\"\nargs = [\"Card\"]\ndoc = \"Message %d.\"\n\n", i, i)
		fmt.Fprintf(&en, "m%d = \"Play {{.Arg.Card}} and draw up to {{.Param.hand_size}} cards; the deck holds {{.Total.spells}} spells (rule %d).\"\n", i, i)
		fmt.Fprintf(&fr, "m%d = \"Jouez {{.Arg.Card}} et piochez jusqu’à {{.Param.hand_size}} cartes ; le paquet compte {{.Total.spells}} sorts (règle %d).\"\n", i, i)
	}
	tree["cards/tiny/messages.toml"] = &fstest.MapFile{Data: []byte(data.String())}
	tree["locales/tiny/en.toml"] = &fstest.MapFile{Data: []byte(en.String())}
	tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: []byte(fr.String())}
	return tree
}

// BenchmarkLoadMessages checks a game of 1k, 10k and 50k messages: the
// time per message must stay flat.
func BenchmarkLoadMessages(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 50_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			tree := messagesTree(b, n)
			b.ReportAllocs()
			for b.Loop() {
				if _, d := load(tree, compiler.Options{}); d.HasErrors() {
					b.Fatal(d)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/message")
		})
	}
}
