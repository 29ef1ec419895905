package mutation

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// fixed is a site whose edit has no random part.
func fixed(c change) site {
	return site{pick: func(*rand.Rand) (change, bool) { return c, true }}
}

// replace is the change of [at] into nw, described as old -> new.
func (t *text) replace(at span, nw string) change {
	return change{at, nw, t.s[at.start:at.end] + " -> " + nw}
}

// next and prev return the word after or before word k when only spaces
// or tabs separate them.
func (t *text) next(ws []span, k int) (span, string, bool) {
	if k+1 >= len(ws) || strings.Trim(t.s[ws[k].end:ws[k+1].start], " \t") != "" || ws[k].end == ws[k+1].start {
		return span{}, "", false
	}
	w := ws[k+1]
	return w, strings.ToLower(t.s[w.start:w.end]), true
}

func (t *text) prev(ws []span, k int) (span, string, bool) {
	if k < 1 || strings.Trim(t.s[ws[k-1].end:ws[k].start], " \t") != "" || ws[k-1].end == ws[k].start {
		return span{}, "", false
	}
	w := ws[k-1]
	return w, strings.ToLower(t.s[w.start:w.end]), true
}

// elidedBefore returns the word elided before word k (the c of c’est).
func (t *text) elidedBefore(ws []span, k int) (span, string, bool) {
	if k < 1 {
		return span{}, "", false
	}
	gap := t.s[ws[k-1].end:ws[k].start]
	if utf8.RuneCountInString(gap) != 1 || !isApostrophe(runeAfter(gap, 0)) {
		return span{}, "", false
	}
	w := ws[k-1]
	return w, strings.ToLower(t.s[w.start:w.end]), true
}

// removeWord leaves out word k with one space next to it; when the word
// starts its sentence with a capital, the next word takes the capital.
func (t *text) removeWord(ws []span, k int) change {
	s, w := t.s, ws[k]
	word := s[w.start:w.end]
	if nx, _, ok := t.next(ws, k); ok && unicode.IsUpper(runeAfter(word, 0)) {
		r := runeAfter(s, nx.start)
		c := change{span{w.start, nx.start + utf8.RuneLen(r)}, string(unicode.ToUpper(r)), ""}
		c.desc = "drop " + quote(s[w.start:nx.end])
		return c
	}
	cut := w
	switch {
	case runeBefore(s, w.start) == ' ':
		cut.start--
	case runeAfter(s, w.end) == ' ':
		cut.end++
	}
	ctx := span{cut.start, cut.end}
	if _, _, ok := t.prev(ws, k); ok {
		ctx.start = ws[k-1].start
	}
	if _, _, ok := t.next(ws, k); ok {
		ctx.end = ws[k+1].end
	}
	return change{cut, "", "drop " + quote(word) + " in " + quote(s[ctx.start:ctx.end])}
}

// negationsEN: can → cannot, may, must, is, are, should → … not;
// cannot and the contractions with n’t → the verb alone, and "not" left
// out.
func negationsEN(t *text) []site {
	var out []site
	s := t.s
	ws := t.words()
	for k, w := range ws {
		word := s[w.start:w.end]
		low := strings.ToLower(word)
		_, next, hasNext := t.next(ws, k)
		if isApostrophe(runeAfter(s, w.end)) {
			// can't, isn't, doesn't: the word and its n't.
			if k+1 < len(ws) && strings.EqualFold(s[ws[k+1].start:ws[k+1].end], "t") && ws[k+1].start == w.end+utf8.RuneLen(runeAfter(s, w.end)) && strings.HasSuffix(low, "n") {
				base := word[:len(word)-1]
				switch low {
				case "can":
					base = word
				case "won":
					base = keepCase(word, "will")
				case "ain", "n":
					continue
				}
				out = append(out, fixed(t.replace(span{w.start, ws[k+1].end}, base)))
			}
			continue
		}
		switch low {
		case "cannot":
			out = append(out, fixed(t.replace(w, word[:3])))
		case "not":
			if hasNext && next == "only" {
				continue
			}
			out = append(out, fixed(t.removeWord(ws, k)))
		case "can", "may", "must", "is", "are", "should":
			if hasNext && slices.Contains([]string{"not", "never", "no", "nothing", "none"}, next) {
				continue
			}
			if runeAfter(s, w.end) == '-' {
				continue
			}
			nw := word + " not"
			if low == "can" {
				nw = word + "not"
			}
			out = append(out, fixed(t.replace(w, nw)))
		}
	}
	return out
}

// negationsFR: peut → ne peut pas, doit, est (n’est pas, c’est → ce
// n’est pas) and their plurals; ne … pas left out.
func negationsFR(t *text) []site {
	var out []site
	s := t.s
	ws := t.words()
	ap := t.apostrophe()
	// Object pronouns stand between ne and the verb: skipped, not
	// misplaced.
	clitics := []string{"ne", "y", "en", "le", "la", "les", "lui", "leur", "se", "me", "te"}
	for k, w := range ws {
		word := s[w.start:w.end]
		low := strings.ToLower(word)
		switch low {
		case "peut", "peuvent", "pouvez", "doit", "doivent", "devez", "est", "sont":
			if runeAfter(s, w.end) == '-' || runeBefore(s, w.start) == '-' {
				continue // peut-être, est-ce
			}
			if _, p, ok := t.prev(ws, k); ok && slices.Contains(clitics, p) {
				continue
			}
			if _, n, ok := t.next(ws, k); ok && slices.Contains([]string{"pas", "plus", "jamais", "rien", "point"}, n) {
				continue
			}
			if e, p, ok := t.elidedBefore(ws, k); ok {
				if p == "c" && low == "est" {
					out = append(out, fixed(t.replace(span{e.start, w.end}, keepCase(s[e.start:e.end], "ce")+" n"+ap+word+" pas")))
				}
				continue // n’est, s’est, qu’est: already negative or reflexive
			}
			nw := "ne " + lowerFirst(word) + " pas"
			if startsWithVowel(word) {
				nw = "n" + ap + lowerFirst(word) + " pas"
			}
			out = append(out, fixed(t.replace(w, keepCase(word, nw))))
		case "ne", "n":
			if low == "n" && !isApostrophe(runeAfter(s, w.end)) {
				continue
			}
			if c, ok := t.dropNePas(ws, k); ok {
				out = append(out, fixed(c))
			}
		}
	}
	return out
}

// dropNePas leaves out the ne (or n’) of word k and the pas at most four
// words after it.
func (t *text) dropNePas(ws []span, k int) (change, bool) {
	s := t.s
	ne := ws[k]
	for j := k + 1; j < len(ws) && j <= k+4; j++ {
		if strings.Trim(s[ws[j-1].end:ws[j].start], " '’-") != "" {
			return change{}, false
		}
		if !strings.EqualFold(s[ws[j].start:ws[j].end], "pas") {
			continue
		}
		pas := ws[j]
		from := ne.end + utf8.RuneLen(runeAfter(s, ne.end)) // the space after ne, the apostrophe after n
		mid := strings.TrimRight(s[from:pas.start], " ")
		cut := span{ne.start, pas.end}
		if mid == "" {
			// ne pas before an infinitive: both go, with a space.
			if runeAfter(s, cut.end) == ' ' {
				cut.end++
			}
			if r := runeAfter(s, cut.end); unicode.IsUpper(runeAfter(s, ne.start)) && unicode.IsLower(r) {
				cut.end += utf8.RuneLen(r)
				mid = string(unicode.ToUpper(r))
			}
		} else {
			mid = keepCase(s[ne.start:ne.end], mid)
		}
		return change{cut, mid, s[ne.start:pas.end] + " -> " + mid}, true
	}
	return change{}, false
}

// negationsDE: kann → kann nicht, darf, muss, ist and their other
// persons, with kein for ein and nicht before a verb at the end of its
// clause; nicht left out, kein → ein.
func negationsDE(t *text) []site {
	var out []site
	s := t.s
	ws := t.words()
	isEin := func(w string) bool {
		return slices.Contains([]string{"ein", "eine", "einen", "einem", "einer", "eines"}, w)
	}
	isNeg := func(w string) bool {
		return w == "nicht" || w == "nie" || w == "niemals" || isEin(strings.TrimPrefix(w, "k")) && strings.HasPrefix(w, "k")
	}
	for k, w := range ws {
		word := s[w.start:w.end]
		low := strings.ToLower(word)
		switch low {
		case "kann", "kannst", "können", "könnt", "darf", "darfst", "dürfen", "dürft", "muss", "musst", "müssen", "müsst", "ist", "sind":
			nxs, nx, hasNext := t.next(ws, k)
			if hasNext && isNeg(nx) {
				continue
			}
			// Already negated in its clause, as in "nicht leer ist" or
			// "dürfen nicht verschoben werden".
			from, to := t.clauseWords(ws, k)
			negated := false
			for j := from; j < to; j++ {
				if j != k && isNeg(strings.ToLower(s[ws[j].start:ws[j].end])) {
					negated = true
				}
			}
			if negated {
				continue
			}
			// A verb ends a subordinate clause: its negation goes before
			// the words it ends.
			first := strings.ToLower(s[ws[from].start:ws[from].end])
			final := to == k+1 && from < k && (slices.Contains(subordinators(), first) ||
				from > 0 && strings.Contains(s[ws[from-1].end:ws[from].start], ",") && slices.Contains(relatives(), first))
			switch {
			case !final && hasNext && isEin(nx):
				out = append(out, fixed(t.replace(span{w.start, nxs.end}, word+" k"+s[nxs.start:nxs.end])))
			case !final:
				out = append(out, fixed(t.replace(w, word+" nicht")))
			default:
				// The verb ends its clause: kein for an ein before it, else
				// nicht before the word before it.
				done := false
				for j := k - 1; j >= from && j >= k-2; j-- {
					if a := ws[j]; isEin(s[a.start:a.end]) {
						out = append(out, fixed(t.replace(span{a.start, w.end}, "k"+s[a.start:w.end])))
						done = true
						break
					}
				}
				if pw, _, ok := t.prev(ws, k); ok && !done {
					out = append(out, fixed(t.replace(span{pw.start, w.end}, "nicht "+s[pw.start:w.end])))
				}
			}
		case "nicht":
			if _, nx, ok := t.next(ws, k); ok && nx == "nur" {
				continue
			}
			out = append(out, fixed(t.removeWord(ws, k)))
		case "kein", "keine", "keinen", "keinem", "keiner", "keines":
			out = append(out, fixed(t.replace(w, keepCase(word, word[1:]))))
		}
	}
	return out
}

// clauseWords returns the words [from, to) of the clause of word k: those
// between punctuation.
func (t *text) clauseWords(ws []span, k int) (from, to int) {
	s := t.s
	// Punctuation outside actions ends a clause; {{.Param.x}} does not.
	stop := func(a, b span) bool {
		for i := a.end; i < b.start; i++ {
			if act, ok := t.action(i); ok {
				i = act.end - 1
				continue
			}
			if strings.ContainsRune(",.;:!?()–—\n", runeAfter(s, i)) {
				return true
			}
		}
		return false
	}
	from, to = k, k+1
	for from > 0 && !stop(ws[from-1], ws[from]) {
		from--
	}
	for to < len(ws) && !stop(ws[to-1], ws[to]) {
		to++
	}
	return from, to
}

// subordinators open German clauses whose verb comes last.
func subordinators() []string {
	return []string{"als", "bevor", "bis", "da", "damit", "dass", "falls", "indem", "nachdem", "ob", "obwohl", "seit", "sobald", "sodass", "solange", "sofern", "während", "weil", "wenn", "wer", "was", "wie", "wo", "wodurch", "womit", "wofür", "woran", "worauf"}
}

// relatives open a German relative clause after a comma.
func relatives() []string {
	return []string{"der", "die", "das", "dem", "den", "denen", "deren", "dessen", "welche", "welcher", "welches", "welchem", "welchen"}
}
