package mutation

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The kinds of correct variation: the same meaning said another way,
// which a checker must not report. They are drawn as the edits are
// (Game, Text), but listed apart (Variations), never among Kinds.
const (
	// NumberForm writes a number from two to twelve the other way: a
	// number word as digits, digits as a number word.
	NumberForm Kind = "number_form"
	// SentencesJoined joins two sentences of a line into one with a
	// semicolon.
	SentencesJoined Kind = "sentences_joined"
	// SentenceSplit splits a sentence in two at a semicolon.
	SentenceSplit Kind = "sentence_split"
)

// Variations lists the kinds of correct variation, in a fixed order.
func Variations() []Kind { return []Kind{NumberForm, SentencesJoined, SentenceSplit} }

// numberFormSites are the numbers from two to twelve written out, outside
// actions and names: each is written the other way. A digit that is
// part of a longer number, a decimal, an ordinal or a reference is left
// alone.
func numberFormSites(t *text, m *matcher) []site {
	var out []site
	s := t.s
	for _, w := range t.words() {
		word := s[w.start:w.end]
		if t.overlapsAction(w.start, w.end) || m.isName(word) {
			continue
		}
		if k := slices.Index(t.lang.numbers, strings.ToLower(word)); k >= 0 {
			if t.lang.code == "de" && unicode.IsUpper(runeAfter(word, 0)) && !t.sentenceStart(w.start) {
				continue // a noun ("der Elf")
			}
			if t.sentenceStart(w.start) {
				continue // a sentence does not start with digits
			}
			nw := strconv.Itoa(k + 2)
			out = append(out, site{pick: func(*rand.Rand) (change, bool) {
				return change{w, nw, word + " -> " + nw}, true
			}})
			continue
		}
		n, err := strconv.Atoi(word)
		if err != nil || n < 2 || n > 12 || strings.ContainsRune(".,:/-–+×x", runeBefore(s, w.start)) || strings.ContainsRune(".,:/-–+×x%", runeAfter(s, w.end)) ||
			t.sentenceStart(w.start) {
			continue
		}
		nw := t.lang.numbers[n-2]
		out = append(out, site{pick: func(*rand.Rand) (change, bool) {
			return change{w, nw, word + " -> " + nw}, true
		}})
	}
	return out
}

// joinSites are the pairs of sentences of one line, the first ending
// with a full stop and the second starting with a capital that is not a
// name of the game: they become one sentence, with a semicolon. German
// keeps the capital, since a noun has one anywhere.
func joinSites(t *text, m *matcher) []site {
	var out []site
	s := t.s
	sents := t.sentences()
	for k := 1; k < len(sents); k++ {
		a, b := sents[k-1], sents[k]
		if s[a.end-1] != '.' || strings.Contains(s[a.end:b.start], "\n") || t.overlapsAction(b.start, b.start+1) {
			continue
		}
		r, n := utf8.DecodeRuneInString(s[b.start:])
		first := s[b.start:nextWordEnd(s, b.start)]
		if !unicode.IsUpper(r) || m.isName(first) {
			continue
		}
		sep := "; "
		if t.lang.code == "fr" {
			sep = " ; "
		}
		head := string(unicode.ToLower(r))
		if t.lang.code == "de" {
			head = string(r)
		}
		out = append(out, site{pick: func(*rand.Rand) (change, bool) {
			return change{span{a.end - 1, b.start + n}, sep + head, "join " + quote(firstWords(s[b.start:], 3))}, true
		}})
	}
	return out
}

// splitSites are the semicolons between two clauses of three words or
// more: the sentence ends there, and the next begins with a capital.
func splitSites(t *text) []site {
	var out []site
	s := t.s
	for i := 0; i < len(s); i++ {
		if s[i] != ';' || t.overlapsAction(i, i+1) {
			continue
		}
		start := i
		for { // French spacing, as a space or a narrow one
			r, n := utf8.DecodeLastRuneInString(s[:start])
			if !unicode.IsSpace(r) && r != '\u202f' && r != '\u00a0' {
				break
			}
			start -= n
		}
		j := i + 1
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j >= len(s) || j == i+1 {
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsLetter(r) || t.wordCount(lineStart(s, i), i) < 3 || t.wordCount(j, lineEnd(s, j)) < 3 {
			continue
		}
		out = append(out, site{pick: func(*rand.Rand) (change, bool) {
			return change{span{start, j + n}, ". " + string(unicode.ToUpper(r)), "split before " + quote(firstWords(s[j:], 3))}, true
		}})
	}
	return out
}

// nextWordEnd returns where the word starting at i ends.
func nextWordEnd(s string, i int) int {
	for j, r := range s[i:] {
		if !isWordRune(r) {
			return i + j
		}
	}
	return len(s)
}
