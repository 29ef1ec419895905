package rulebook

import (
	"fmt"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// minMatch is the least a rulebook of a game shares with the game's own
// rules in its language: the harmonic mean of the share of the book's
// words that the rules use and the share of the rules' words the book
// has, counting distinct words of four letters or more that are no
// stopwords. The game's own printed books share 0.93 or more, the
// published Warlock scans 0.57 to 0.83 (their German and French are
// free translations, read with OCR noise), and the shipped games' books
// checked as another shipped game 0.38 at most: the words every rulebook
// uses (cards, players, turns) and little else.
const minMatch = 0.45

// matchWord is the fewest letters a word needs to count.
const matchWord = 4

// MatchError is the error of a book that shares too few words with the
// game's rules in its language to be checked against them: another
// game's rulebook, an excerpt, or some other text.
type MatchError struct {
	Game, Lang string
	// Of is the share of the book's words the rules use, Has the share
	// of the rules' words the book has.
	Of, Has float64
}

func (e *MatchError) Error() string {
	return fmt.Sprintf("the text matches too little of game %s to check: %.0f%% of its words are in the game's %s rules, and it has %.0f%% of theirs; a rulebook of the game has about half of each or more",
		e.Game, 100*e.Of, text.LangName(e.Lang), 100*e.Has)
}

// Matches reports whether a book is enough of a rulebook of game g, in
// its language, to be checked: nil, or a *MatchError. A book in a
// language the game has no rules in is judged by the checks that need
// none, and matches.
func Matches(g *model.Game, b *Book) error {
	if g.Locale(b.Lang) == nil {
		return nil
	}
	v, err := loadLanguages()
	if err != nil {
		return err
	}
	ix := newIndex(g, v, b.Lang)
	stop := ix.lang.Stopwords()
	distinct := func(words []string) map[string]bool {
		out := map[string]bool{}
		for _, w := range words {
			if utf8.RuneCountInString(w) >= matchWord && !stop[w] {
				out[w] = true
			}
		}
		return out
	}
	var text []string
	for _, gs := range ix.sections {
		text = append(text, wordsOf(gs.text)...)
	}
	rules, book := distinct(text), distinct(b.words())
	if len(rules) == 0 || len(book) == 0 {
		return nil
	}
	both := 0
	for w := range book {
		if rules[w] {
			both++
		}
	}
	of, has := float64(both)/float64(len(book)), float64(both)/float64(len(rules))
	if of+has == 0 || 2*of*has/(of+has) < minMatch {
		return &MatchError{Game: g.ID, Lang: b.Lang, Of: of, Has: has}
	}
	return nil
}
