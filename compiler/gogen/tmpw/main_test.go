package gg

import (
	"os"
	"path/filepath"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/gogen"
)

func TestW(t *testing.T) {
	gs, d := compiler.Load(grimoire.Games(), compiler.Options{})
	for _, x := range d { t.Log(x) }
	g := gs.Game("warlock")
	if g == nil { t.Fatal("no game") }
	fs, err := gogen.Generate(g, gogen.Options{})
	if err != nil { t.Fatal(err) }
	for _, f := range fs {
		p := filepath.Join("/tmp/gg/out", f.Path)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, f.Content, 0o644)
	}
}
