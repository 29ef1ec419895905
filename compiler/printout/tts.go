package printout

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
	"github.com/grimoire-games/grimoire/compiler/printout/raster"
)

// The glyphs the raster sheets draw are the PDF's, from the same files.
var (
	//go:embed pdf/fonts/DejaVuSansCondensed.ttf
	regularTTF []byte
	//go:embed pdf/fonts/DejaVuSansCondensed-Bold.ttf
	boldTTF []byte
	//go:embed pdf/fonts/DejaVuSansCondensed-Oblique.ttf
	italicTTF []byte
)

// What Tabletop Simulator takes: a deck sheet is a grid of at most 10 × 7
// cards, whose last slot is the card shown to the other players while
// one is in a hand, and it loads an image of at most 4096 pixels a side
// without shrinking it.
const (
	ttsCols  = 10
	ttsRows  = 7
	ttsMaxPx = 4096
)

// TTSOptions say which deck to export for Tabletop Simulator.
type TTSOptions struct {
	Lang string
	// BaseURL goes before each image's name in the saved object: where
	// the images are served from. Empty leaves the names relative.
	BaseURL string
	// Fonts and Texts are as in Options.
	Fonts *pdf.Fonts
	Texts *l10n.Cache
}

// File is a file of an export: its name and its bytes.
type File struct {
	Name string
	Data []byte
}

// TTS lays out every card of g's deck in one language, as the deck's PDF
// does, and draws them as Tabletop Simulator deck sheets: a PNG grid of
// each card type's designs (a sheet per 69), the backs (one image per
// distinct back, or a sheet of backs where a sheet's cards have
// different ones) and a saved object that holds a deck per card type,
// each copy a card, naming the images. The same input gives the same
// bytes. When the diagnostics hold an error there are no files.
func TTS(g *model.Game, o TTSOptions) ([]File, diag.List, error) {
	p, err := newPrinter(g, Options{Kind: Deck, Lang: o.Lang, Paper: Papers()[0], Fonts: o.Fonts, Texts: o.Texts})
	if err != nil {
		return nil, nil, err
	}
	checkIcons(g, &p.d)
	p.doc.AddPage() // measuring needs a page
	if len(deckCards(g, false)) == 0 {
		p.noDeck()
		return nil, p.d.Sort(), nil
	}
	fonts, err := raster.ParseFonts(regularTTF, boldTTF, italicTTF)
	if err != nil {
		return nil, nil, err
	}
	x := &ttsExport{p: p, fonts: fonts, base: o.BaseURL, prefix: ttsPrefix(g, o.Lang), backs: map[[32]byte]string{}}
	files, err := x.run()
	if p.err != nil {
		return nil, nil, p.err
	}
	if err != nil {
		return nil, nil, err
	}
	d := p.d.Sort()
	if d.HasErrors() {
		return nil, d, nil
	}
	return files, d, nil
}

// ttsPrefix starts the name of each file of an export: the game, the
// variant and the language, so that exports can share a folder.
func ttsPrefix(g *model.Game, lang string) string {
	s := g.ID
	if g.Variant != "" {
		s += "-" + g.Variant
	}
	return s + "-" + lang
}

// ttsExport is one export being made.
type ttsExport struct {
	p          *printer
	fonts      *raster.Fonts
	base       string
	prefix     string
	w, h       float64 // the card in mm
	wpx, hpx   int     // and in pixels
	files      []File
	backs      map[[32]byte]string // a back's drawing: its image's name
	nextDeckID int
}

// ttsSheet is a sheet of card designs and how TTS is to read it.
type ttsSheet struct {
	id    int // its key in CustomDeck
	cards []*laidCard
	deck  ttsCustomDeck
}

func (x *ttsExport) run() ([]File, error) {
	p := x.p
	dk := p.g.Deck
	x.w, x.h = dk.W, dk.H
	// The card as large as 10 × 7 of them fit the largest sheet.
	s := min(ttsMaxPx/(ttsCols*x.w), ttsMaxPx/(ttsRows*x.h))
	x.wpx, x.hpx = int(x.w*s), int(x.h*s)

	save := ttsSave{SaveName: p.title(), ObjectStates: []ttsObject{}}
	for _, t := range p.g.Types {
		if dk.Face(t.ID) == nil {
			continue
		}
		var laid []*laidCard
		copies := 0
		for _, c := range p.g.Cards {
			if c.Type == t.ID && c.Copies > 0 {
				laid = append(laid, p.layCard(c, x.w, x.h, 0))
				copies += c.Copies
			}
		}
		if len(laid) == 0 {
			continue
		}
		var sheets []*ttsSheet
		for k := 0; k < len(laid); k += ttsCols*ttsRows - 1 {
			sh, err := x.sheet(t, len(sheets)+1, laid[k:min(len(laid), k+ttsCols*ttsRows-1)])
			if err != nil {
				return nil, err
			}
			sheets = append(sheets, sh)
		}
		save.ObjectStates = append(save.ObjectStates, x.deck(t, copies, sheets, len(save.ObjectStates)))
	}
	b, err := json.MarshalIndent(save, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("writing the saved object: %w", err)
	}
	x.files = append(x.files, File{Name: x.prefix + ".json", Data: append(b, '\n')})
	return x.files, nil
}

// sheet draws the designs of a sheet, the k-th of type t, and their backs.
func (x *ttsExport) sheet(t *model.Type, k int, cards []*laidCard) (*ttsSheet, error) {
	x.nextDeckID++
	sh := &ttsSheet{id: x.nextDeckID, cards: cards}
	// A slot more than the designs: the last one is the hidden card.
	cols := min(ttsCols, len(cards)+1)
	rows := (len(cards) + cols) / cols
	hidden := cards[0].back
	fronts := make([][]faceOp, len(cards))
	backs := make([][]faceOp, len(cards))
	same := true
	for i, lc := range cards {
		fronts[i], backs[i] = lc.front, lc.back
		same = same && opsKey(lc.back) == opsKey(hidden)
	}
	name := fmt.Sprintf("%s-%s-%d", x.prefix, t.ID, k)
	face, err := x.grid(cols, rows, fronts, hidden)
	if err != nil {
		return nil, err
	}
	x.files = append(x.files, File{Name: name + ".png", Data: face})
	sh.deck = ttsCustomDeck{FaceURL: x.base + name + ".png", NumWidth: cols, NumHeight: rows}
	if same {
		// Every card hides behind the back the sheet's hidden slot shows.
		key := opsKey(hidden)
		back, ok := x.backs[key]
		if !ok {
			back = fmt.Sprintf("%s-back-%d.png", x.prefix, len(x.backs)+1)
			x.backs[key] = back
			img, err := x.grid(1, 1, nil, hidden)
			if err != nil {
				return nil, err
			}
			x.files = append(x.files, File{Name: back, Data: img})
		}
		sh.deck.BackURL = x.base + back
		return sh, nil
	}
	// Backs that differ: a sheet of them, in the same slots, and each
	// card hidden behind its own.
	img, err := x.grid(cols, rows, backs, hidden)
	if err != nil {
		return nil, err
	}
	x.files = append(x.files, File{Name: name + "-back.png", Data: img})
	sh.deck.BackURL = x.base + name + "-back.png"
	sh.deck.UniqueBack, sh.deck.BackIsHidden = true, true
	return sh, nil
}

// opsKey tells drawings apart.
func opsKey(ops []faceOp) [32]byte { return sha256.Sum256(fmt.Appendf(nil, "%v", ops)) }

// grid draws faces on a grid of cols × rows cards, row by row, and the
// hidden card in its last slot, as a PNG.
func (x *ttsExport) grid(cols, rows int, faces [][]faceOp, hidden []faceOp) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, cols*x.wpx, rows*x.hpx))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	for i, ops := range faces {
		if err := x.card(img, i%cols, i/cols, ops); err != nil {
			return nil, err
		}
	}
	if err := x.card(img, cols-1, rows-1, hidden); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("writing a deck sheet: %w", err)
	}
	return buf.Bytes(), nil
}

// card draws a card's face in its slot of a sheet.
func (x *ttsExport) card(img *image.RGBA, col, row int, ops []faceOp) error {
	r := image.Rect(col*x.wpx, row*x.hpx, (col+1)*x.wpx, (row+1)*x.hpx)
	c := raster.New(img, r, float64(r.Min.X), float64(r.Min.Y), float64(x.wpx)/x.w, float64(x.hpx)/x.h, x.fonts, x.p.doc)
	x.p.drawFaceOn(c, ops, 0, 0)
	return c.Err()
}

// deck is the object of a card type: a deck of every copy of its designs
// in the order declared, face down, or a lone card; the i-th stands
// beside the ones before.
func (x *ttsExport) deck(t *model.Type, copies int, sheets []*ttsSheet, i int) ttsObject {
	p := x.p
	at := ttsTransform{PosX: 3.5 * float64(i), PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1,
		// TTS's card is of poker proportions, stretched to the deck's.
		ScaleZ: math.Round(x.h/x.w*model.DefaultCardW/model.DefaultCardH*1e4) / 1e4}
	deck := ttsObj("DeckCustom", at, capitalize(p.name(t.Message, copies)))
	for _, sh := range sheets {
		key := strconv.Itoa(sh.id)
		deck.CustomDeck[key] = sh.deck
		for j, lc := range sh.cards {
			card := ttsObj("Card", at, capitalize(p.cardName(lc.card)))
			card.CardID = 100*sh.id + j
			card.CustomDeck[key] = sh.deck
			if lc.marked {
				card.Description = p.legend()
			}
			for range lc.card.Copies {
				deck.DeckIDs = append(deck.DeckIDs, card.CardID)
				deck.ContainedObjects = append(deck.ContainedObjects, card)
			}
		}
	}
	if len(deck.ContainedObjects) == 1 {
		return deck.ContainedObjects[0]
	}
	return deck
}

// ttsObj is an object as TTS makes one: it snaps to the grid, shows its
// name when pointed at, and hides its face when face down.
func ttsObj(name string, at ttsTransform, nickname string) ttsObject {
	return ttsObject{Name: name, Transform: at, Nickname: nickname, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true, HideWhenFaceDown: true,
		CustomDeck: map[string]ttsCustomDeck{}}
}

// The saved object, as Tabletop Simulator writes one: its fields in its
// order and spelling.
type ttsSave struct {
	SaveName       string
	Date           string
	VersionNumber  string
	GameMode       string
	Table          string
	Sky            string
	Note           string
	Rules          string
	XmlUI          string
	LuaScript      string
	LuaScriptState string
	ObjectStates   []ttsObject
}

type ttsTransform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

type ttsObject struct {
	Name             string
	Transform        ttsTransform
	Nickname         string
	Description      string
	Locked           bool
	Grid             bool
	Snap             bool
	Autoraise        bool
	Sticky           bool
	Tooltip          bool
	HideWhenFaceDown bool
	SidewaysCard     bool
	CardID           int   `json:",omitempty"`
	DeckIDs          []int `json:",omitempty"`
	CustomDeck       map[string]ttsCustomDeck
	ContainedObjects []ttsObject `json:",omitempty"`
}

type ttsCustomDeck struct {
	FaceURL      string
	BackURL      string
	NumWidth     int
	NumHeight    int
	BackIsHidden bool
	UniqueBack   bool
	Type         int // 0: a rectangle with rounded corners
}
