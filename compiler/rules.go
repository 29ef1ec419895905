package compiler

import (
	"io/fs"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/star"
)

// rulesFiles reads the game's rules, the .star files of its directory in
// name order, hashing each into h as the data files are. Each must parse
// in the rules language (package star), which loads no other file: the
// files of a game are read together, and nothing outside the game's
// directory is reachable.
func rulesFiles(fsys fs.FS, dir, prefix string, h hasher, d *diag.List) []*model.RulesFile {
	var out []*model.RulesFile
	for _, f := range filesOf(fsys, dir, ".star") {
		raw, ok := readHashed(fsys, f, prefix, h, d)
		if !ok {
			continue
		}
		if _, fd := star.Parse(prefix+f, raw); len(fd) > 0 {
			*d = append(*d, fd...)
			continue
		}
		out = append(out, &model.RulesFile{Name: prefix + f, Src: string(raw)})
	}
	return out
}
