package rulebook

import (
	"strings"
	"testing"
)

// FuzzEdit checks a printed rulebook with one edit: the bytes [off,
// off+n) of its text replaced with insert. Whatever the edit, reading
// and checking the book must not panic. The seeds are edits that once
// did (a heading and the sentence after it left out, the gap sliding to
// the section's start); run it with -fuzz for more.
func FuzzEdit(f *testing.F) {
	books := printBooks(f)
	f.Add(uint8(1), uint8(0), "3.1 Preparing the first and second rounds\nThe dealer deals 7 new cards to each player, who must keep 4 of them. ", 0, "")
	f.Add(uint8(0), uint8(1), "Les gobelins\nPouvoir : prenez", 0, "Prenez")
	f.Fuzz(func(t *testing.T, game, lang uint8, at string, n int, insert string) {
		id, tag := printedGames[int(game)%len(printedGames)], printedLangs[int(lang)%len(printedLangs)]
		p := books[id][tag]
		text := bookText(p.book)
		// The edit starts where at is found, or at n's place.
		off := strings.Index(text, at)
		if at == "" || off < 0 {
			off = max(n, -n) % (len(text) + 1)
			at = text[off:min(off+len(insert)+1, len(text))]
		}
		edited := text[:off] + insert + text[off+len(at):]
		b, err := Read(id+"-"+tag+".txt", tag, []byte(edited))
		if err != nil {
			return
		}
		Check(p.g, b)
	})
}
