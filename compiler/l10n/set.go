package l10n

import "github.com/grimoire-games/grimoire/compiler/model"

// Set holds a localizer for every language of a game, for back ends that
// render in whichever language they are asked for; a language the game
// lacks falls back to the source language.
type Set struct {
	source string
	locs   map[string]*Localizer
}

// NewSet builds a localizer for each of the game's languages.
func NewSet(g *model.Game) (*Set, error) {
	s := &Set{source: g.SourceLang, locs: make(map[string]*Localizer, len(g.Languages))}
	for _, lang := range g.Languages {
		loc, err := New(g, lang)
		if err != nil {
			return nil, err
		}
		s.locs[lang] = loc
	}
	return s, nil
}

// For is the localizer of lang, or of the source language.
func (s *Set) For(lang string) *Localizer {
	if loc := s.locs[lang]; loc != nil {
		return loc
	}
	return s.locs[s.source]
}

// Text renders message id in lang; a message that fails to render gives
// its id, which shows in the output and which tests catch.
func (s *Set) Text(lang, id string, args map[string]any) string {
	t, err := s.For(lang).Format(id, args)
	if err != nil {
		return id
	}
	return t
}
