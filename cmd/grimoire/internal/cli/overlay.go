package cli

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing/fstest"
)

// overlay is a games tree with one file replaced, or added: what the tree
// would be once a command wrote it, so the command can check the result
// before it writes anything.
type overlay struct {
	base fs.FS
	name string // slash-separated, relative to the tree
	file fstest.MapFS
}

func newOverlay(base fs.FS, name string, data []byte) overlay {
	return overlay{base, name, fstest.MapFS{name: {Data: data, Mode: 0o644}}}
}

func (o overlay) Open(name string) (fs.File, error) {
	if name == o.name {
		return o.file.Open(name)
	}
	return o.base.Open(name)
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	ents, err := fs.ReadDir(o.base, name)
	if name != path.Dir(o.name) {
		return ents, err
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	mine, err := fs.ReadDir(o.file, name)
	if err != nil {
		return nil, err
	}
	ents = slices.DeleteFunc(ents, func(e fs.DirEntry) bool { return e.Name() == path.Base(o.name) })
	ents = append(ents, mine...)
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, nil
}
