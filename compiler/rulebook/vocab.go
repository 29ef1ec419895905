package rulebook

import (
	"github.com/grimoire-games/grimoire/compiler/text"
)

// languages are the languages the checker reads, from compiler/text: the
// one home of every word a check knows.
type languages struct {
	langs map[string]*text.Language
}

// loadLanguages reads every language compiler/text knows. It is read for
// each check, so that the package holds no state.
func loadLanguages() (*languages, error) {
	v := &languages{langs: map[string]*text.Language{}}
	for _, tag := range text.Languages() {
		l, err := text.Lang(tag)
		if err != nil {
			return nil, err
		}
		v.langs[tag] = l
	}
	return v, nil
}

// lang returns a language; one compiler/text lacks reads numbers from
// digits only and has no words.
func (v *languages) lang(tag string) *text.Language {
	if l, ok := v.langs[tag]; ok {
		return l
	}
	l, _ := text.Lang(tag)
	return l
}
