package site

import (
	"encoding/json"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// SearchIndex is a game's search index in a language, as JSON.
func SearchIndex(g *model.Game, lang string) ([]byte, error) {
	s := &builder{o: Options{Texts: l10n.NewCache()}}
	t, err := s.texts(g, lang)
	if err != nil {
		return nil, err
	}
	ix, err := searchIndexOf(t)
	if err != nil {
		return nil, err
	}
	return json.Marshal(ix)
}
