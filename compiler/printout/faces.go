package printout

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
	"github.com/grimoire-games/grimoire/compiler/printout/raster"
)

// FacePxPerMM is the resolution Faces draws at unless told otherwise: a
// poker card is 504 × 704 pixels, sharp on a screen at twice its size.
const FacePxPerMM = 8

// FaceOptions say in which language, and how large, Faces draws.
type FaceOptions struct {
	Lang string
	// PxPerMM is the images' resolution; FacePxPerMM when zero.
	PxPerMM float64
	// Fonts and Texts are as in Options.
	Fonts *pdf.Fonts
	Texts *l10n.Cache
}

// Face is the front of one card design drawn as a PNG.
type Face struct {
	Card string // the card's id
	PNG  []byte
	// Marked says the face shows a reconstructed value, with its mark.
	Marked bool
}

// Faces draws the front of every card design of g's deck, as the deck's
// PDF lays it out, in one language: one image per card of the game as
// played whose type has a [[face]], trimmed, in the order declared. A
// game without a deck has none, and that is no error. The same input
// gives the same bytes. When the diagnostics hold an error there are no
// faces.
func Faces(g *model.Game, o FaceOptions) ([]Face, diag.List, error) {
	if o.PxPerMM == 0 {
		o.PxPerMM = FacePxPerMM
	}
	if len(deckCards(g, true)) == 0 {
		return nil, nil, nil
	}
	p, err := newPrinter(g, Options{Kind: Deck, Lang: o.Lang, Paper: Papers()[0], Fonts: o.Fonts, Texts: o.Texts})
	if err != nil {
		return nil, nil, err
	}
	checkIcons(g, &p.d)
	p.doc.AddPage() // measuring needs a page
	fonts, err := raster.ParseFonts(regularTTF, boldTTF, italicTTF)
	if err != nil {
		return nil, nil, err
	}
	w, h := g.Deck.W, g.Deck.H
	wpx, hpx := int(math.Round(w*o.PxPerMM)), int(math.Round(h*o.PxPerMM))
	var out []Face
	for _, c := range deckCards(g, true) {
		lc := p.layCard(c, w, h, 0)
		img := image.NewRGBA(image.Rect(0, 0, wpx, hpx))
		draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		cv := raster.New(img, img.Bounds(), 0, 0, float64(wpx)/w, float64(hpx)/h, fonts, p.doc)
		p.drawFaceOn(cv, lc.front, 0, 0)
		if err := cv.Err(); err != nil {
			return nil, nil, fmt.Errorf("drawing the face of %s: %w", c.ID, err)
		}
		var buf bytes.Buffer
		// Fastest deflate: the site writes hundreds of faces, and flat card art
		// compresses about as well at this level.
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, img); err != nil {
			return nil, nil, fmt.Errorf("writing the face of %s: %w", c.ID, err)
		}
		out = append(out, Face{Card: c.ID, PNG: buf.Bytes(), Marked: lc.marked})
	}
	if p.err != nil {
		return nil, nil, p.err
	}
	d := p.d.Sort()
	if d.HasErrors() {
		return nil, d, nil
	}
	return out, d, nil
}
