package pdf

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf/internal/gofpdf"
)

// Image draws a PNG or JPEG image (its bytes) stretched over the
// rectangle w × h at (x, y). An image drawn again is stored once: it is
// named by its content.
func (d *Doc) Image(data []byte, x, y, w, h float64) {
	tp := "PNG"
	if bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}) {
		tp = "JPG"
	}
	sum := sha256.Sum256(data)
	name := hex.EncodeToString(sum[:8])
	opts := gofpdfImageOptions(tp)
	d.f.RegisterImageOptionsReader(name, opts, bytes.NewReader(data))
	d.f.ImageOptions(name, x, y, w, h, false, opts, 0, "")
}

func gofpdfImageOptions(tp string) gofpdf.ImageOptions {
	return gofpdf.ImageOptions{ImageType: tp, AllowNegativePosition: true}
}
