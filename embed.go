// Package grimoire embeds the shipped games tree (cards/ and locales/), so
// the grimoire command works anywhere after go install.
package grimoire

import (
	"embed"
	"io/fs"
)

//go:generate go run -tags nocompiled ./cmd/grimoire gen

//go:embed cards locales
var shipped embed.FS

// Games returns the shipped games tree: cards/<game>/*.toml and
// locales/<game>/<lang>.toml.
func Games() fs.FS { return shipped }
