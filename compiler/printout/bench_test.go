package printout_test

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// shippedPrintouts is every printout build writes of the shipped games:
// each game as its base game and in each variant, in every language, of
// every kind it has.
func shippedPrintouts(t testing.TB) []struct {
	g *model.Game
	o printout.Options
} {
	t.Helper()
	var out []struct {
		g *model.Game
		o printout.Options
	}
	for _, loaded := range shipped(t).Games {
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, err := loaded.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range g.Languages {
				for _, k := range printout.Kinds() {
					if printout.Has(g, k) {
						out = append(out, struct {
							g *model.Game
							o printout.Options
						}{g, printout.Options{Kind: k, Lang: lang}})
					}
				}
			}
		}
	}
	return out
}

// BenchmarkAllShipped lays out and writes every printout of every shipped
// game, variant and language: what build does after loading, with the
// fonts parsed and the texts' templates made once (shared), as build
// does, and for each printout (each), as sheet does for its one.
func BenchmarkAllShipped(b *testing.B) {
	all := shippedPrintouts(b)
	for _, bc := range []struct {
		name   string
		shared bool
	}{{"shared", true}, {"each", false}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var fonts *pdf.Fonts
				var texts *l10n.Cache
				if bc.shared {
					var err error
					if fonts, err = pdf.ParseFonts(); err != nil {
						b.Fatal(err)
					}
					texts = l10n.NewCache()
				}
				for _, p := range all {
					o := p.o
					o.Fonts, o.Texts = fonts, texts
					d, err := printout.Write(io.Discard, p.g, o)
					if err != nil || len(d) > 0 {
						b.Fatal(err, d)
					}
				}
			}
			b.ReportMetric(float64(len(all)), "pdfs")
		})
	}
}

// TestSharedFontsSameBytes holds shared fonts and texts to the promise
// that they change nothing but the cost: every shipped printout is the
// same, byte for byte, with the fonts parsed and the texts made for it
// alone and with fonts and texts shared by all, the same values reused
// across printouts.
func TestSharedFontsSameBytes(t *testing.T) {
	fonts, err := pdf.ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	texts := l10n.NewCache()
	for _, p := range shippedPrintouts(t) {
		name := p.g.ID + "/" + p.g.Variant + "/" + p.o.Lang + "/" + p.o.Kind.String()
		each := write(t, p.g, p.o)
		o := p.o
		o.Fonts, o.Texts = fonts, texts
		if shared := write(t, p.g, o); !bytes.Equal(each, shared) {
			t.Errorf("%s: %d bytes with shared fonts, %d with its own; want the same bytes", name, len(shared), len(each))
		}
	}
}

// TestShippedPrintoutsAllocs holds the printouts build writes to a ceiling
// of bytes allocated, fonts parsed and texts made once as build does: 4.0
// MB a printout before the PDF library borrowed its buffers, compressors
// and font subsets' room from the fonts' pool and formatted without fmt,
// 1.45 MB after; 0.86 MB since lines are measured as they grow, rendered
// texts and tables are remembered, and rows take their operations from
// shared blocks (most of the rest is the PDF library, the fonts' one
// parse included, and the decks' faces and icons).
func TestShippedPrintoutsAllocs(t *testing.T) {
	all := shippedPrintouts(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fonts, err := pdf.ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	texts := l10n.NewCache()
	for _, p := range all {
		o := p.o
		o.Fonts, o.Texts = fonts, texts
		if d, err := printout.Write(io.Discard, p.g, o); err != nil || len(d) > 0 {
			t.Fatal(err, d)
		}
	}
	runtime.ReadMemStats(&after)
	const maxEach = 870 << 10 // 870 KB: 41 MB for the 48 PDFs
	each := (after.TotalAlloc - before.TotalAlloc) / uint64(len(all))
	if each > maxEach {
		t.Errorf("the %d printouts allocate %.2f MB each, want at most %.2f MB", len(all), float64(each)/(1<<20), float64(maxEach)/(1<<20))
	}
	t.Logf("%d printouts, %.1f MB, %.2f MB each", len(all), float64(after.TotalAlloc-before.TotalAlloc)/(1<<20), float64(each)/(1<<20))
}

// TestTablesMadeOnce: a block's table is made once for a printout, not
// again for each size its layout tries.
func TestTablesMadeOnce(t *testing.T) {
	for _, g := range shipped(t).Games {
		n, err := printout.TablesAgainAllocs(g, g.Languages[0])
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s: making its tables again allocates %.0f times; want 0", g.ID, n)
		}
	}
}
