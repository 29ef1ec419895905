package compiler

import (
	"io/fs"
	"path"
	"slices"
	"strings"

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
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".star") {
			names = append(names, path.Join(dir, e.Name()))
		}
	}
	slices.Sort(names)
	var out []*model.RulesFile
	for _, f := range names {
		raw, err := readFile(fsys, f)
		if err != nil {
			d.Errorf(diag.Pos{File: prefix + f}, diag.BadTree, "cannot read: %v", unwrapPath(err))
			continue
		}
		h.Write([]byte(f + "\x00"))
		h.Write(raw)
		if _, fd := star.Parse(prefix+f, raw); len(fd) > 0 {
			*d = append(*d, fd...)
			continue
		}
		out = append(out, &model.RulesFile{Name: prefix + f, Src: string(raw)})
	}
	return out
}
