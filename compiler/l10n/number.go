package l10n

import (
	"math"

	"github.com/grimoire-games/grimoire/compiler/msgtmpl"
)

// Number writes a number the way the localizer's language does (4,5 in
// French and German), as numbers from the data print in messages.
func (l *Localizer) Number(v float64) string {
	p := msgtmpl.NewPrinter(l.Lang)
	if v != math.Trunc(v) {
		return p.Decimal(v).String()
	}
	return p.Int(int64(v)).String()
}
