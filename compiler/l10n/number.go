package l10n

import (
	"math"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Number writes a number the way the localizer's language does (4,5 in
// French and German), as numbers from the data print in messages.
func (l *Localizer) Number(v float64) string {
	return Number{Value: v, Decimal: v != math.Trunc(v), printer: message.NewPrinter(language.Make(l.Lang))}.String()
}
