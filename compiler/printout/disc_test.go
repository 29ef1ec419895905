package printout_test

import (
	"bytes"
	"compress/zlib"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// minDiscPt is the least width of a letter disc: 3 mm, in points.
const minDiscPt = 3 * 72 / 25.4

// TestLetterDiscs reads back every printout of the games whose enum values
// print as letters on discs (Warriors' peoples, Hearts' suits), in each
// variant and language, and measures each disc drawn with letters on it:
// none is narrower than 3 mm.
func TestLetterDiscs(t *testing.T) {
	games := shipped(t)
	for _, id := range []string{"warriors", "hearts"} {
		loaded := games.Game(id)
		variants := []string{""}
		for _, v := range loaded.Variants {
			variants = append(variants, v.ID)
		}
		for _, v := range variants {
			g, err := loaded.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range g.Languages {
				for _, k := range printout.Kinds() {
					if !printout.Has(g, k) {
						continue
					}
					t.Run(strings.Join([]string{id, v, lang, k.String()}, "/"), func(t *testing.T) {
						discs := letterDiscs(t, write(t, g, printout.Options{Kind: k, Lang: lang}))
						least := math.Inf(1)
						for _, d := range discs {
							least = min(least, d)
						}
						if least < minDiscPt-0.01 {
							t.Errorf("a letter disc is %.2f pt (%.2f mm) wide; want %.2f pt (3 mm) or more", least, least*25.4/72, minDiscPt)
						}
					})
				}
			}
		}
	}
}

// TestLetterDiscsFound holds letterDiscs to finding the discs: the Warriors
// reference sheet has letter discs.
func TestLetterDiscsFound(t *testing.T) {
	g := shipped(t).Game("warriors")
	if discs := letterDiscs(t, write(t, g, printout.Options{Kind: printout.Reference, Lang: "fr"})); len(discs) < 6 {
		t.Errorf("found %d letter discs on the Warriors reference sheet; want 6 or more", len(discs))
	}
}

// letterDiscs returns the width in points of every circle a PDF fills and
// strokes and then draws text on: the discs with letters. A circle is a
// path of a move and six curves, as the PDF writer draws one.
func letterDiscs(t *testing.T, pdf []byte) []float64 {
	t.Helper()
	var discs []float64
	for _, s := range contentStreams(pdf) {
		lines := strings.Split(s, "\n")
		for i := 0; i+7 < len(lines); i++ {
			if !strings.HasSuffix(lines[i], " m") {
				continue
			}
			lo, hi := math.Inf(1), math.Inf(-1)
			circle := true
			for k := 1; k <= 6 && circle; k++ {
				f := strings.Fields(lines[i+k])
				if len(f) != 7 || f[6] != "c" {
					circle = false
					break
				}
				for j := 0; j < 6; j += 2 {
					x, err := strconv.ParseFloat(f[j], 64)
					if err != nil {
						t.Fatalf("%q: %v", lines[i+k], err)
					}
					lo, hi = min(lo, x), max(hi, x)
				}
			}
			if !circle || lines[i+7] != "B" {
				continue
			}
			// Letters follow their disc before anything else is drawn.
			for _, l := range lines[i+8 : min(len(lines), i+11)] {
				if strings.HasSuffix(l, " m") || strings.HasSuffix(l, " re f") {
					break
				}
				if strings.Contains(l, " Tj") {
					discs = append(discs, hi-lo)
					break
				}
			}
		}
	}
	return discs
}

// contentStreams returns the streams of a PDF that inflate to drawing
// operators: the pages' contents.
func contentStreams(pdf []byte) []string {
	var out []string
	for {
		i := bytes.Index(pdf, []byte("stream\n"))
		if i < 0 {
			return out
		}
		pdf = pdf[i+len("stream\n"):]
		j := bytes.Index(pdf, []byte("\nendstream"))
		if j < 0 {
			return out
		}
		r, err := zlib.NewReader(bytes.NewReader(pdf[:j]))
		if err == nil {
			if b, err := io.ReadAll(r); err == nil && bytes.Contains(b, []byte(" Tf")) {
				out = append(out, string(b))
			}
		}
		pdf = pdf[j+len("\nendstream"):]
	}
}
