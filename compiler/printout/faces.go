package printout

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"sync"

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
	set, d, err := LayFaces(g, o)
	if err != nil || set == nil {
		return nil, d, err
	}
	out := make([]Face, set.Len())
	for i := range out {
		if out[i], err = set.Draw(i); err != nil {
			return nil, nil, err
		}
	}
	return out, d, nil
}

// FaceSet is the faces of a deck in one language, laid out, as Faces
// draws them: Draw draws one, and several may draw at once, so that the
// faces of one language can share the cores.
type FaceSet struct {
	p        *printer
	cards    []*laidCard
	fonts    *raster.Fonts
	w, h     float64 // a card, in mm
	wpx, hpx int     // a card, in pixels

	mu    sync.Mutex
	free  []*faceScratch
	spare *pdf.Doc // the layout's document, the first scratch's measurer
}

// faceScratch is what drawing a face needs, kept from face to face: an
// image, a canvas, a document to measure with, and a PNG encoder with
// its buffers.
type faceScratch struct {
	img  *image.RGBA
	cv   raster.Canvas
	m    *pdf.Doc
	enc  png.Encoder
	pool encoderPool
	buf  bytes.Buffer
}

// encoderPool keeps one scratch's PNG encoder buffers: the compressor is
// large, and making it for every face was much of the cost of writing one.
type encoderPool struct{ b *png.EncoderBuffer }

func (p *encoderPool) Get() *png.EncoderBuffer  { return p.b }
func (p *encoderPool) Put(b *png.EncoderBuffer) { p.b = b }

// LayFaces lays out the faces Faces draws, with the same diagnostics;
// when they hold an error there is no set. A game without a deck has an
// empty set.
func LayFaces(g *model.Game, o FaceOptions) (*FaceSet, diag.List, error) {
	if o.PxPerMM == 0 {
		o.PxPerMM = FacePxPerMM
	}
	cards := deckCards(g, true)
	if len(cards) == 0 {
		return &FaceSet{}, nil, nil
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
	s := &FaceSet{p: p, fonts: fonts, w: w, h: h, spare: p.doc,
		wpx: int(math.Round(w * o.PxPerMM)), hpx: int(math.Round(h * o.PxPerMM))}
	for _, c := range cards {
		s.cards = append(s.cards, p.layCard(c, w, h, 0))
	}
	if p.err != nil {
		return nil, nil, p.err
	}
	d := p.d.Sort()
	if d.HasErrors() {
		return nil, d, nil
	}
	return s, d, nil
}

// Len is the number of faces.
func (s *FaceSet) Len() int { return len(s.cards) }

// Draw draws the i-th face. It may run on several goroutines at once.
func (s *FaceSet) Draw(i int) (Face, error) {
	sc := s.take()
	defer s.give(sc)
	lc := s.cards[i]
	// Every byte of an opaque white pixel is 0xff.
	pix := sc.img.Pix
	pix[0] = 0xff
	for n := 1; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
	cv := &sc.cv
	cv.Reset(sc.img, sc.img.Bounds(), 0, 0, float64(s.wpx)/s.w, float64(s.hpx)/s.h, s.fonts, sc.m)
	s.p.drawFaceOn(cv, lc.front, 0, 0)
	if err := cv.Err(); err != nil {
		return Face{}, fmt.Errorf("drawing the face of %s: %w", lc.card.ID, err)
	}
	sc.buf.Reset()
	if err := sc.enc.Encode(&sc.buf, sc.img); err != nil {
		return Face{}, fmt.Errorf("writing the face of %s: %w", lc.card.ID, err)
	}
	return Face{Card: lc.card.ID, PNG: bytes.Clone(sc.buf.Bytes()), Marked: lc.marked}, nil
}

// take is a scratch no other drawing holds.
func (s *FaceSet) take() *faceScratch {
	s.mu.Lock()
	if n := len(s.free); n > 0 {
		sc := s.free[n-1]
		s.free = s.free[:n-1]
		s.mu.Unlock()
		return sc
	}
	m := s.spare
	s.spare = nil
	s.mu.Unlock()
	if m == nil {
		// Widths depend on the font alone: any document of the same fonts
		// measures as the layout's.
		o := s.p.o
		if o.Fonts != nil {
			m = o.Fonts.New(o.Paper.W, o.Paper.H, pdf.Meta{})
		} else {
			m = pdf.New(o.Paper.W, o.Paper.H, pdf.Meta{})
		}
		m.AddPage()
	}
	sc := &faceScratch{img: image.NewRGBA(image.Rect(0, 0, s.wpx, s.hpx)), m: m}
	// Fastest deflate: the site writes hundreds of faces, and flat card art
	// compresses about as well at this level.
	sc.enc = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &sc.pool}
	return sc
}

func (s *FaceSet) give(sc *faceScratch) {
	s.mu.Lock()
	s.free = append(s.free, sc)
	s.mu.Unlock()
}
