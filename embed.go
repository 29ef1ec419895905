// Package grimoire embeds the shipped games tree (cards/ and locales/), so
// the grimoire command works anywhere after go install, and the reference
// of the checks.
package grimoire

import (
	"embed"
	"io/fs"
)

//go:generate go run -tags nocompiled ./cmd/grimoire gen

//go:embed cards locales
var shipped embed.FS

//go:embed docs/checks.md
var checksDoc string

// ChecksDoc returns docs/checks.md, the reference of every diagnostic
// code, which SARIF output gives as each code's help.
func ChecksDoc() string { return checksDoc }

// Games returns the shipped games tree: cards/<game>/*.toml and
// locales/<game>/<lang>.toml.
func Games() fs.FS { return shipped }
