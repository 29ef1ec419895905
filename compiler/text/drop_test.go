package text

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// learnt reads a corpus of sentence pairs, with extra pairs, and learns
// its lexicon.
func learnt(t *testing.T, from, to string, corpus [][2]string, extra ...[2]*Doc) *Lexicon {
	t.Helper()
	va, vb := vocab(t, from), vocab(t, to)
	var pairs [][2]*Doc
	for _, p := range corpus {
		pairs = append(pairs, [2]*Doc{read(va, p[0]), read(vb, p[1])})
	}
	return Learn(append(pairs, extra...), nil, DefaultCalibration())
}

// coveredWord says whether the unit of source word w is covered in b.
func coveredWord(t *testing.T, lx *Lexicon, a, b *Doc, w string) bool {
	t.Helper()
	us, cov := lx.coverage(a, a.Sentences[0].Span, b, b.Sentences[0].Span)
	for k, u := range us {
		if a.Tokens[u.tok].Norm == w {
			return cov[k]
		}
	}
	t.Fatalf("no unit %q in %q", w, a.Src)
	return false
}

// tokenCorpus teaches that "token" is "jeton" and "red" is "rouge".
func tokenCorpus() [][2]string {
	return [][2]string{
		{"Take the red token.", "Prenez le jeton rouge."},
		{"Move the red token.", "Déplacez le jeton rouge."},
		{"The red token wins.", "Le jeton rouge gagne."},
		{"Take the blue token.", "Prenez le jeton bleu."},
		{"Move the blue token.", "Déplacez le jeton bleu."},
	}
}

// compoundCorpus teaches that "order" is "Reihenfolge".
func compoundCorpus() [][2]string {
	return [][2]string{
		{"Keep the order of play.", "Behaltet die Reihenfolge bei."},
		{"The order changes each round.", "Die Reihenfolge ändert sich jede Runde."},
		{"Write down the order.", "Notiert die Reihenfolge."},
		{"Each player draws.", "Jeder Spieler zieht."},
		{"Each player passes.", "Jeder Spieler passt."},
	}
}

// TestCovered covers each source word with a word of the translation
// that no other source word takes ("jeton" renders "token", so it does
// not also render "red", whose "rouge" is gone), and reads a German
// compound as the words it ends with when the texts use them alone
// ("Spielerreihenfolge" renders "order").
func TestCovered(t *testing.T) {
	tests := []struct {
		name, to       string
		corpus         [][2]string
		src, dst, word string
		want           bool
	}{
		{"one to one, kept", "fr", tokenCorpus(), "Move the red token again.", "Déplacez encore le jeton rouge.", "red", true},
		{"one to one, lost", "fr", tokenCorpus(), "Move the red token again.", "Déplacez encore le jeton.", "red", false},
		{"compound", "de", compoundCorpus(), "Discard in player order.", "Werft in Spielerreihenfolge ab.", "order", true},
		{"compound, lost", "de", compoundCorpus(), "Discard in player order.", "Werft in Spielerfarbe ab.", "order", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := read(vocab(t, "en"), tc.src), read(vocab(t, tc.to), tc.dst)
			lx := learnt(t, "en", tc.to, tc.corpus, [2]*Doc{a, b})
			if got := coveredWord(t, lx, a, b, tc.word); got != tc.want {
				t.Errorf("covered(%s) in %q = %v; want %v", tc.word, tc.dst, got, tc.want)
			}
		})
	}
}

// TestCompoundTails finds the words a German compound ends with among
// those the texts use alone, and none in English.
func TestCompoundTails(t *testing.T) {
	en, de := vocab(t, "en"), vocab(t, "de")
	lx := learnt(t, "en", "de", compoundCorpus())
	if got := lx.tails(read(de, "x"), "spielerreihenfolge"); len(got) != 1 || got[0] != Stem("reihenfolge") {
		t.Errorf("tails(spielerreihenfolge) = %q; want [%q]", got, Stem("reihenfolge"))
	}
	if got := lx.tails(read(en, "x"), "playerorder"); got != nil {
		t.Errorf("tails in English = %q; want none", got)
	}
}

// TestDroppedWholeClause finds a whole clause of the source, from mark to
// mark, that the translation lacks, and scores it far above the faithful
// translation.
func TestDroppedWholeClause(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	corpus := dropCorpus()
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck.")
	score := func(dst string) dropScore {
		b := read(fr, dst)
		lx := learnt(t, "en", "fr", corpus, [2]*Doc{src, b})
		return lx.drop(src, &src.Sentences[0], b, b.Sentences[0].Span, DefaultCalibration())
	}
	full := score("Passez le dé à gauche, puis le premier joueur mélange le paquet.")
	cut := score("Passez le dé à gauche.")
	if want := src.Sentences[0].Clauses[1]; cut.clause != want {
		t.Errorf("clause dropped %q; want %q", src.Quote(cut.clause), src.Quote(want))
	}
	if cut.clauseScore < full.clauseScore+5 {
		t.Errorf("the clause dropped scores %.2f, the full translation %.2f", cut.clauseScore, full.clauseScore)
	}
	one := score("Passez le dé à gauche, puis le premier joueur mélange le paquet, et passe le dé.")
	if one.clauseScore > full.clauseScore+1 {
		t.Errorf("a translation with a clause more scores %.2f as a dropped clause; want about %.2f", one.clauseScore, full.clauseScore)
	}
}

// TestDroppedShort weighs the words of a sentence too short for its
// length alone to tell a dropped clause.
func TestDroppedShort(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	src := read(en, "Each round, shuffle the deck.")
	b := read(fr, "Mélangez le paquet.")
	if n := src.Len(src.Sentences[0].Span); n >= lengthMin || n < dropMin {
		t.Fatalf("the source has %d characters; want from %d to %d", n, dropMin, lengthMin)
	}
	lx := learnt(t, "en", "fr", lexiconCorpus(), [2]*Doc{src, b})
	if _, s := lx.Dropped(src, &src.Sentences[0], b, b.Sentences[0].Span, DefaultCalibration()); math.IsInf(s, -1) {
		t.Errorf("Dropped of a short sentence = %v; want a score", s)
	}
}

// TestCompareWholeClause reports the whole clause dropped, from mark to
// mark, rather than the run of its words that scores best.
func TestCompareWholeClause(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	corpus := dropCorpus()
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck. Always pass to the left.")
	b := read(fr, "Passez le dé à gauche. Passez toujours à gauche.")
	c := DefaultCalibration()
	c.Joins = true
	c.Lexicon = learnt(t, "en", "fr", corpus, [2]*Doc{src, b})
	var got []string
	for _, d := range Compare(src, b, []Pair{{A: []int{0, 1}, B: []int{0, 1}}}, c, false) {
		if d.Kind == DiffClause {
			got = append(got, src.Quote(d.A))
		}
	}
	if want := []string{"then the starting player shuffles the deck."}; !slices.Equal(got, want) {
		t.Errorf("clauses dropped %q; want %q", got, want)
	}
}

// TestOpenedClauses sets off the parts of a clause that a word opening a
// clause begins, which a translation marking them may drop alone.
func TestOpenedClauses(t *testing.T) {
	tests := []struct {
		lang, in string
		want     []string
	}{
		{"fr", "Pour attaquer un lieu qui présente deux boucliers, le joueur doit tout battre.",
			[]string{"Pour attaquer un lieu qui présente deux boucliers", "le joueur doit tout battre.", "Pour attaquer un lieu", "qui présente deux boucliers"}},
		{"en", "Discard a card if you can, then draw.", []string{"Discard a card if you can", "then draw.", "Discard a card", "if you can"}},
		{"en", "Discard a card, then draw.", []string{"Discard a card", "then draw."}},
	}
	for _, tc := range tests {
		d := read(vocab(t, tc.lang), tc.in)
		var got []string
		for _, sp := range openedClauses(d, &d.Sentences[0]) {
			got = append(got, d.Text(sp.Lo, sp.Hi))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("openedClauses(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// TestDroppedJoinedSentence finds a sentence left out that the aligner
// joined to the one before: weighed whole, it needs less evidence than a
// clause.
func TestDroppedJoinedSentence(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	src := read(en, "Pass the die to the left. Then, the starting player shuffles the deck.")
	b := read(fr, "Passez le dé à gauche.")
	var pairs [][2]*Doc
	for _, p := range dropCorpus() {
		pairs = append(pairs, [2]*Doc{read(en, p[0]), read(fr, p[1])})
	}
	c := DefaultCalibration()
	c.Joins = true
	c.Lexicon = Learn(append(pairs, [2]*Doc{src, b}), nil, c)
	join := Pair{A: []int{0, 1}, B: []int{0}}
	_, cl, over := dropped(src, b, join, c, nil)
	if over <= 0 || cl != src.Sentences[1].Span {
		t.Fatalf("dropped = %q by %.2f; want the second sentence", src.Text(cl.Lo, cl.Hi), over)
	}
}

// TestConnectives reads the longest connective at each place, of every
// kind its words say, and elisions as words.
func TestConnectives(t *testing.T) {
	tests := []struct {
		lang, in string
		want     string
	}{
		{"fr", "Les cités rapportent, l’une après l’autre, 2 points.", "one_by_one"},
		{"fr", "Après le tour, une autre carte.", "after,other"},
		{"fr", "S’il le peut, il joue ; sinon, il passe.", "if,otherwise"},
		{"fr", "Des cités adjacentes les unes aux autres.", "each_other"},
		{"de", "Wenn er kann, spielt er beide.", "if,when,both"},
		{"en", "Score them one after the other, and so on.", "one_by_one,and_so_on"},
		{"en", "Take one card.", ""},
	}
	for _, tc := range tests {
		d := read(vocab(t, tc.lang), tc.in)
		var got []string
		for _, s := range d.Sentences {
			for _, c := range s.Connectives {
				got = append(got, c.Kind)
			}
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("connectives of %q = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// TestCueUnits makes a connective a unit of the source, covered by one
// of its kind in the translation and by nothing else: a clause dropped
// takes its "one after the other" with it.
func TestCueUnits(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	src := read(en, "The cities score, one after the other, 2 points.")
	lx := learnt(t, "en", "fr", dropCorpus())
	for _, tc := range []struct {
		dst  string
		want bool
	}{
		{"Les cités rapportent, l’une après l’autre, 2 points.", true},
		{"Les cités rapportent 2 points les unes aux autres.", false},
		{"Les cités rapportent 2 points.", false},
	} {
		b := read(fr, tc.dst)
		us, cov := lx.coverage(src, src.Sentences[0].Span, b, b.Sentences[0].Span)
		k := slices.IndexFunc(us, func(u unit) bool { return u.key == cueKey("one_by_one") })
		if k < 0 {
			t.Fatalf("no unit one_by_one in %q", src.Src)
		}
		if cov[k] != tc.want {
			t.Errorf("one_by_one covered in %q = %v; want %v", tc.dst, cov[k], tc.want)
		}
		if slices.ContainsFunc(us, func(u unit) bool { return u.stem == Stem("after") || u.stem == Stem("other") }) {
			t.Errorf("the words of a connective are units of their own too")
		}
	}
}

// TestNameUnits makes each name of the game a unit, at each occurrence,
// covered only by the same name: a name the translation drops, though it
// is the message's only one, weighs as what translations always keep. A
// word the source alone capitalises ("Battle") is no name.
func TestNameUnits(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	lx := learnt(t, "en", "fr", [][2]string{
		{"Then Norah takes a card.", "Puis Norah prend une carte."},
		{"Then Kobe passes.", "Puis Kobe passe."},
		{"Then Norah plays a Battle card.", "Puis Norah joue une carte Bataille."},
	})
	src := read(en, "Thanks to my children Norah and Kobe, to Arno and to Norah again for the Battle card.")
	for _, tc := range []struct {
		dst  string
		want []bool // Norah, Kobe, Arno, Norah
	}{
		{"Merci à mes enfants Norah et Kobe, à Arno et encore à Norah pour la carte Bataille.", []bool{true, true, true, true}},
		// The Norah left covers the one nearest its place.
		{"Merci à mes enfants, à Arno et encore à Norah pour la carte Bataille.", []bool{false, false, true, true}},
	} {
		b := read(fr, tc.dst)
		us, cov := lx.coverage(src, src.Sentences[0].Span, b, b.Sentences[0].Span)
		var got []bool
		for k, u := range us {
			switch w := src.Tokens[u.tok].Text; {
			case u.key == nameKey && w == "Battle":
				t.Errorf("%q is a name", w)
			case u.key == nameKey:
				got = append(got, cov[k])
			case u.stem == Stem("norah"):
				t.Errorf("%q is a word unit", w)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("names covered in %q = %v; want %v", tc.dst, got, tc.want)
		}
	}
}
