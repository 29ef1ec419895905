package mutation

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// quote shortens a text for a description.
func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:28]) + " … " + string(r[len(r)-28:])
	}
	return "“" + s + "”"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// keepCase writes repl with the case of like's first letter, all in
// capitals when like is.
func keepCase(like, repl string) string {
	if utf8.RuneCountInString(like) > 1 && like == strings.ToUpper(like) && like != strings.ToLower(like) {
		return strings.ToUpper(repl)
	}
	if unicode.IsUpper(runeAfter(like, 0)) {
		return upperFirst(repl)
	}
	return lowerFirst(repl)
}

// digitSites are the numbers written with digits: one digit changes.
func digitSites(t *text) []site {
	var out []site
	s := t.s
	for i := 0; i < len(s); {
		if a, ok := t.action(i); ok {
			i = a.end
			continue
		}
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		num := span{i, j}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			at := num.start + r.IntN(num.end-num.start)
			var digits []byte
			for d := byte('0'); d <= '9'; d++ {
				// No leading zero: "07" reads as a typo of another kind.
				if d != s[at] && !(d == '0' && at == num.start && num.end-num.start > 1) {
					digits = append(digits, d)
				}
			}
			d := digits[r.IntN(len(digits))]
			old := s[num.start:num.end]
			nw := s[num.start:at] + string(d) + s[at+1:num.end]
			return change{span{at, at + 1}, string(d), old + " -> " + nw}, true
		}})
		i = j
	}
	return out
}

// numberWordSites are the number words two to twelve: one becomes another.
// A word that is also a name of the game (the German Elf) is left alone,
// and so is a German number word with a capital inside a sentence: a
// noun, as in "der Elf".
func numberWordSites(t *text, m *matcher) []site {
	var out []site
	nums := t.lang.numbers
	for _, w := range t.words() {
		word := t.s[w.start:w.end]
		k := slices.Index(nums, strings.ToLower(word))
		if k < 0 || m.isName(word) {
			continue
		}
		if t.lang.code == "de" && unicode.IsUpper(runeAfter(word, 0)) && !t.sentenceStart(w.start) {
			continue
		}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			j := r.IntN(len(nums) - 1)
			if j >= k {
				j++
			}
			nw := keepCase(word, nums[j])
			return change{w, nw, word + " -> " + nw}, true
		}})
	}
	return out
}

// simpleAction reports whether an action only prints a value: a field
// ({{.Param.x}}) or a function of values ({{mul 4 .Param.x}}), nothing
// that depends on a block around it or opens one.
func simpleAction(a string) bool {
	inner := strings.TrimSuffix(strings.TrimPrefix(a, "{{"), "}}")
	if strings.HasPrefix(inner, "-") || strings.HasSuffix(inner, "-") || isControl(a) || strings.Contains(inner, "$") {
		return false
	}
	inner = strings.TrimSpace(inner)
	if strings.HasPrefix(inner, ".") {
		return len(inner) > 1 && unicode.IsLetter(runeAfter(inner, 1))
	}
	fn, args, ok := strings.Cut(inner, " ")
	return ok && fn != "" && strings.TrimSpace(args) != "" && strings.IndexFunc(fn, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0
}

// placeholderSites are the simple actions: one is dropped, or written a
// second time before another word of its sentence.
func placeholderSites(t *text) []site {
	var out []site
	s := t.s
	sents := t.sentences()
	for _, a := range t.actions {
		act := s[a.start:a.end]
		if !simpleAction(act) {
			continue
		}
		var places []int
		for _, sent := range sents {
			if sent.start > a.start || a.end > sent.end {
				continue
			}
			for _, w := range slices.Concat(t.words(), t.actions) {
				p := w.start
				if p < sent.start || p >= sent.end || (p >= a.start && p <= a.end) {
					continue
				}
				if b := runeBefore(s, p); b != ' ' && b != '\n' && b != -1 {
					continue
				}
				if (p > a.end && strings.TrimSpace(s[a.end:p]) == "") || (p < a.start && nextWordAt(t, p) == a.start) {
					continue // next to itself
				}
				if t.hasControl(min(p, a.start), max(p, a.end)) {
					continue
				}
				places = append(places, p)
			}
		}
		slices.Sort(places)
		places = slices.Compact(places)
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			if len(places) > 0 && r.IntN(2) == 0 {
				p := places[r.IntN(len(places))]
				return change{span{p, p}, act + " ", "duplicate " + act + " before " + quote(firstWords(s[p:], 3))}, true
			}
			cut := a
			before, after := runeBefore(s, a.start), runeAfter(s, a.end)
			switch {
			case after == ' ' && (before == ' ' || before == '\n' || before == -1):
				cut.end++
			case before == ' ' && (after == -1 || after == '\n' || strings.ContainsRune(",.;:!?)", after)):
				cut.start--
			}
			return change{cut, "", "drop " + act}, true
		}})
	}
	return out
}

// nextWordAt returns where the word or action after the one at p starts.
func nextWordAt(t *text, p int) int {
	end := p
	if a, ok := t.action(p); ok {
		end = a.end
	} else {
		for _, w := range t.words() {
			if w.start == p {
				end = w.end
			}
		}
	}
	return end + len(t.s[end:]) - len(strings.TrimLeft(t.s[end:], " \t"))
}

// firstWords returns the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// swapSites are the names of terms of a group of the given kind: one
// becomes a sibling's name of the same grammatical number.
func swapSites(t *text, m *matcher, kind model.GroupKind) []site {
	siblings := map[int][]int{} // term to the terms it can become
	for _, g := range m.v.Groups {
		if g.Kind != kind {
			continue
		}
		for _, a := range g.Terms {
			ia, ok := m.terms[a]
			if !ok {
				continue
			}
			for _, b := range g.Terms {
				if ib, ok := m.terms[b]; ok && b != a && !slices.Contains(siblings[ia], ib) {
					siblings[ia] = append(siblings[ia], ib)
				}
			}
		}
	}
	var out []site
	for _, o := range m.find(t, true) {
		sibs := siblings[o.name.term]
		if len(sibs) == 0 {
			continue
		}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			matched := t.s[o.start:o.end]
			for _, k := range r.Perm(len(sibs)) {
				repl := m.inflect(o.name, matched, sibs[k])
				if repl == "" || strings.EqualFold(repl, matched) {
					continue
				}
				repl = t.caseLike(o.start, matched, repl)
				start, prefix := articleFix(t, o.start, repl)
				return change{span{start, o.end}, prefix + repl, t.s[start:o.end] + " -> " + prefix + repl}, true
			}
			return change{}, false
		}})
	}
	return out
}

// caseLike writes a name in place of matched, at byte at: in English and
// French with matched's first letter's case; in German, where nouns keep
// their capital, with the name's own case inside a sentence.
func (t *text) caseLike(at int, matched, repl string) string {
	if t.lang.code == "de" && !t.sentenceStart(at) && !(len(matched) > 1 && matched == strings.ToUpper(matched)) {
		return repl
	}
	return keepCase(matched, repl)
}

// sentenceStart reports whether byte at starts a sentence: nothing but
// opening quotes, a list marker or spaces since the text's start, a line
// break or a full stop, question mark, exclamation mark or colon.
func (t *text) sentenceStart(at int) bool {
	s := t.s
	i := at
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsSpace(r) || r == '\n' {
			if !strings.ContainsRune("„“\"«‚'(", r) {
				break
			}
		}
		i -= n
	}
	if i == 0 || markerEnd(s, lineStart(s, i)) >= i {
		return true
	}
	return strings.ContainsRune(".!?:…\n", runeBefore(s, i))
}

func startsWithVowel(s string) bool {
	r := unicode.ToLower(runeAfter(s, 0))
	return strings.ContainsRune("aeiouyàâäéèêëîïôöùûüœæh", r)
}

// articleFix makes the article before a new name agree with its first
// letter: a or an in English, elided or not in French. It returns where
// the change starts and what to write before the name.
func articleFix(t *text, at int, repl string) (int, string) {
	s := t.s
	ws := t.words()
	k := slices.IndexFunc(ws, func(w span) bool { return w.end <= at && nextWordStart(ws, w) >= at })
	if k < 0 {
		return at, ""
	}
	w := ws[k]
	prev, gap := s[w.start:w.end], s[w.end:at]
	low := strings.ToLower(prev)
	vowel := startsWithVowel(repl)
	switch t.lang.code {
	case "en":
		if gap == " " && (low == "a" || low == "an") {
			want := "a"
			if vowel && !strings.HasPrefix(strings.ToLower(repl), "h") {
				want = "an"
			}
			if want != low {
				return w.start, keepCase(prev, want) + " "
			}
		}
	case "fr":
		switch {
		case (low == "l" || low == "d") && utf8.RuneCountInString(gap) == 1 && isApostrophe(runeAfter(gap, 0)) && !vowel:
			// Which of le and la l’ stood for is not known: le.
			return w.start, keepCase(prev, low+"e") + " "
		case (low == "le" || low == "la" || low == "de") && gap == " " && vowel:
			return w.start, keepCase(prev, low[:1]) + t.apostrophe()
		}
	}
	return at, ""
}

// nextWordStart returns where the word after w starts, or the end of the
// text.
func nextWordStart(ws []span, w span) int {
	for _, x := range ws {
		if x.start >= w.end {
			return x.start
		}
	}
	return w.end
}

// apostrophe returns the apostrophe the text writes.
func (t *text) apostrophe() string {
	if strings.Contains(t.s, "'") && !strings.Contains(t.s, "’") {
		return "'"
	}
	return "’"
}

// properSites are the proper names: one occurrence is misspelt.
func properSites(t *text, m *matcher) []site {
	var out []site
	for _, o := range m.find(t, false) {
		if !m.v.Terms[o.name.term].Proper {
			continue
		}
		var words []span
		for _, w := range t.words() {
			if w.start >= o.start && w.end <= o.end && utf8.RuneCountInString(t.s[w.start:w.end]) >= 4 {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			continue
		}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			w := words[r.IntN(len(words))]
			word := t.s[w.start:w.end]
			for _, op := range r.Perm(3) {
				for _, nw := range misspellings(word, op, r) {
					full := t.s[o.start:w.start] + nw + t.s[w.end:o.end]
					if !m.isName(nw) && !m.isName(full) {
						return change{w, nw, word + " -> " + nw}, true
					}
				}
			}
			return change{}, false
		}})
	}
	return out
}

// misspellings returns the misspellings of a word by one operation, in a
// random order: 0 doubles a letter, 1 drops one, 2 swaps two inner
// letters. The first letter stays, so the word still reads as a name.
func misspellings(word string, op int, r *rand.Rand) []string {
	rs := []rune(word)
	var out []string
	for _, i := range r.Perm(len(rs)) {
		var nw []rune
		switch op {
		case 0:
			if i == 0 {
				continue
			}
			nw = slices.Insert(slices.Clone(rs), i, rs[i])
		case 1:
			if i == 0 {
				continue
			}
			nw = slices.Delete(slices.Clone(rs), i, i+1)
		case 2:
			if i == 0 || i+1 >= len(rs)-1 || rs[i] == rs[i+1] {
				continue
			}
			nw = slices.Clone(rs)
			nw[i], nw[i+1] = nw[i+1], nw[i]
		}
		if s := string(nw); s != word && !strings.EqualFold(s, word) {
			out = append(out, s)
		}
	}
	return out
}

// sentenceSites are the sentences of four words or more of a text of two
// sentences or more: one is left out.
func sentenceSites(t *text) []site {
	sents := t.sentences()
	n := 0
	for _, s := range sents {
		if t.wordCount(s.start, s.end) > 0 {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	var out []site
	for _, sent := range sents {
		if t.wordCount(sent.start, sent.end) < 4 || t.hasControl(sent.start, sent.end) {
			continue
		}
		cut := t.sentenceCut(sent)
		if t.hasControl(cut.start, cut.end) || t.splitsAction(cut) {
			continue
		}
		out = append(out, site{pick: func(*rand.Rand) (change, bool) {
			return change{cut, "", "drop " + quote(t.s[sent.start:sent.end])}, true
		}})
	}
	return out
}

// splitsAction reports whether a cut starts or ends inside an action.
func (t *text) splitsAction(c span) bool {
	for _, a := range t.actions {
		if (a.start < c.start && c.start < a.end) || (a.start < c.end && c.end < a.end) {
			return true
		}
	}
	return false
}

// sentenceCut returns the bytes to remove with a sentence: its whole
// lines when it fills them, with a blank line when it is a paragraph of
// its own; else the sentence and the spaces after it, or before it at the
// end of a line.
func (t *text) sentenceCut(sent span) span {
	s := t.s
	ls, le := lineStart(s, sent.start), lineEnd(s, sent.end)
	if markerEnd(s, ls) >= sent.start && blank(s[sent.end:le]) {
		cut := span{ls, min(le+1, len(s))}
		prevBlank := ls == 0 || blank(s[lineStart(s, ls-1):ls-1])
		atEnd := blank(s[cut.end:])
		switch {
		case atEnd && ls > 0:
			// The last line: the line break before it goes instead of its
			// own, with the blank line before it.
			cut = span{ls - 1, le}
			if prevBlank && ls >= 2 {
				cut.start = lineStart(s, ls-1) - 1
				if cut.start < 0 {
					cut.start = 0
				}
			}
		case prevBlank && !atEnd && blank(s[cut.end:lineEnd(s, cut.end)]):
			cut.end = min(lineEnd(s, cut.end)+1, len(s))
		}
		return cut
	}
	end := sent.end
	for end < le && (s[end] == ' ' || s[end] == '\t') {
		end++
	}
	if end < le {
		return span{sent.start, end}
	}
	start := sent.start
	for start > ls && (s[start-1] == ' ' || s[start-1] == '\t') {
		start--
	}
	return span{start, sent.end}
}

// clauseContent is how many content words a clause dropped has at least
// to be a clause drop; fewer make a short one.
const clauseContent = 3

// clauseSites are the clauses of three words or more whose sentence keeps
// three words without them, with clauseContent content words or more
// (fewer, when short): one is left out.
func clauseSites(t *text, short bool) []site {
	var out []site
	s := t.s
	for _, sent := range t.sentences() {
		total := t.wordCount(sent.start, sent.end)
		for _, c := range t.clauses(sent) {
			if t.wordCount(c.words.start, c.words.end) < 3 || total-t.wordCount(c.cut.start, c.cut.end) < 3 {
				continue
			}
			if (t.contentCount(c.words.start, c.words.end) < clauseContent) != short {
				continue
			}
			if t.hasControl(c.cut.start, c.cut.end) || t.splitsAction(c.cut) {
				continue
			}
			out = append(out, site{pick: func(*rand.Rand) (change, bool) {
				ch := change{c.cut, "", "drop " + quote(s[c.words.start:c.words.end])}
				if r := runeAfter(s, c.cut.end); c.capital && unicode.IsLower(r) {
					ch.end += utf8.RuneLen(r)
					ch.new = string(unicode.ToUpper(r))
				}
				return ch, true
			}})
		}
	}
	return out
}

// contrastSites are the words of the language's contrast pairs, outside
// actions and names of the game: each becomes its opposite.
func contrastSites(t *text, m *matcher) []site {
	var out []site
	lower := strings.ToLower(t.s)
	for _, pair := range t.lang.contrasts {
		for k, w := range pair {
			opp := pair[1-k]
			for from := 0; ; {
				i := strings.Index(lower[from:], w)
				if i < 0 {
					break
				}
				start, end := from+i, from+i+len(w)
				from = end
				if !onBoundaries(t.s, start, end) || t.overlapsAction(start, end) || m.isName(t.s[start:end]) {
					continue
				}
				word := t.s[start:end]
				out = append(out, site{pick: func(*rand.Rand) (change, bool) {
					nw := keepCase(word, opp)
					return change{span{start, end}, nw, word + " -> " + nw}, true
				}})
			}
		}
	}
	return out
}

// numberSwapSites are the sentences with two numbers that differ, both
// written out (digits, or the number words two to twelve) or both simple
// actions of the game's data: the two change places. Two terms of one sum ("29 + 3 + 5")
// are left alone: swapping them says the same.
func numberSwapSites(t *text, m *matcher) []site {
	s := t.s
	written, acts := writtenNumbers(t, m), printedNumbers(t)
	var out []site
	for _, sent := range t.sentences() {
		for k, list := range [][]span{written, acts} {
			isAction := k == 1
			var in []span
			for _, w := range list {
				if sent.start <= w.start && w.end <= sent.end {
					in = append(in, w)
				}
			}
			for i, p := range in {
				for _, q := range in[i+1:] {
					x, y := s[p.start:p.end], s[q.start:q.end]
					if strings.EqualFold(x, y) || t.hasControl(p.start, q.end) || t.inSum(p.end, q.start) {
						continue
					}
					out = append(out, site{pick: func(*rand.Rand) (change, bool) {
						nx, ny := y, x
						if !isAction {
							nx, ny = keepCase(x, y), keepCase(y, x)
						}
						return change{span{p.start, q.end}, nx + s[p.end:q.start] + ny, "swap " + x + " and " + y}, true
					}})
				}
			}
		}
	}
	return out
}

// printedNumbers are the simple actions of t that print a number of the
// game's data.
func printedNumbers(t *text) []span {
	var out []span
	for _, a := range t.actions {
		// An engine's argument (.Arg) may name a player or a card: no
		// number.
		if act := t.s[a.start:a.end]; simpleAction(act) && !strings.Contains(act, ".Arg.") {
			out = append(out, a)
		}
	}
	return out
}

// writtenNumbers are the numbers of t written out, outside actions:
// digits alone (not a part of "2.1" or "1,5"), and the number words two
// to twelve that are no name of the game.
func writtenNumbers(t *text, m *matcher) []span {
	s := t.s
	var written []span
	for _, w := range t.words() {
		word := s[w.start:w.end]
		if t.overlapsAction(w.start, w.end) {
			continue
		}
		if strings.IndexFunc(word, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
			// Digits alone, not part of "2.1" or "1,5".
			before, after := runeBefore(s, w.start), runeAfter(s, w.end)
			decimal := strings.ContainsRune(".,", before) && unicode.IsDigit(runeBefore(s, w.start-1)) ||
				strings.ContainsRune(".,", after) && unicode.IsDigit(runeAfter(s, w.end+1))
			if !decimal {
				written = append(written, w)
			}
			continue
		}
		if slices.Contains(t.lang.numbers, strings.ToLower(word)) && !m.isName(word) && !(t.lang.code == "de" && unicode.IsUpper(runeAfter(word, 0)) && !t.sentenceStart(w.start)) {
			written = append(written, w)
		}
	}
	return written
}

// inSum reports whether bytes [start, end), between two numbers, hold
// nothing but plus signs, spaces and other numbers: the two are terms of
// one sum.
func (t *text) inSum(start, end int) bool {
	plus := false
	for i := start; i < end; {
		if a, ok := t.action(i); ok {
			i = a.end
			continue
		}
		switch c := t.s[i]; {
		case c == '+':
			plus = true
		case c != ' ' && (c < '0' || c > '9'):
			return false
		}
		i++
	}
	return plus
}

// closedSites are the words of a closed class, outside actions and names
// of the game, each of which becomes what swaps gives it.
func closedSites(t *text, m *matcher, swaps [][2]string) []site {
	var out []site
	lower := strings.ToLower(t.s)
	for _, sw := range swaps {
		for from := 0; ; {
			i := strings.Index(lower[from:], sw[0])
			if i < 0 {
				break
			}
			start, end := from+i, from+i+len(sw[0])
			from = end
			if !onBoundaries(t.s, start, end) || t.overlapsAction(start, end) || m.isName(t.s[start:end]) || inIdiom(lower, start, end, t.lang.idioms) {
				continue
			}
			word, to := t.s[start:end], sw[1]
			if masc, fem, ok := strings.Cut(to, "|"); ok {
				to = masc
				if next := nextWord(t.s, end); strings.HasSuffix(next, "e") || strings.HasSuffix(next, "é") {
					to = fem
				}
			}
			out = append(out, site{pick: func(*rand.Rand) (change, bool) {
				nw := keepCase(word, to)
				return change{span{start, end}, nw, word + " -> " + nw}, true
			}})
		}
	}
	return out
}

// nextWord returns the word after byte i, folded to lower case.
func nextWord(s string, i int) string {
	rest := strings.TrimLeft(s[i:], " ")
	end := strings.IndexFunc(rest, func(r rune) bool { return !isWordRune(r) })
	if end < 0 {
		end = len(rest)
	}
	return strings.ToLower(rest[:end])
}

// inIdiom reports whether bytes [start, end) of a lower-cased text lie in
// one of idioms, as whole words.
func inIdiom(lower string, start, end int, idioms []string) bool {
	for _, id := range idioms {
		for from := max(0, end-len(id)); from <= start && from+len(id) <= len(lower); from++ {
			if strings.HasPrefix(lower[from:], id) && onBoundaries(lower, from, from+len(id)) {
				return true
			}
		}
	}
	return false
}
