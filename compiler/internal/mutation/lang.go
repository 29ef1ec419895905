package mutation

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// language holds what the edits need to know of one language. These
// tables are this package's own on purpose: an edit must not be shaped by
// the way the checker it measures reads a text.
type language struct {
	code string
	// numbers are the words for two to twelve, in order.
	numbers []string
	// abbreviations end with a dot that does not end a sentence.
	abbreviations []string
	// elisions are the words that lose their vowel before another vowel
	// (French l’, d’): a name written with one is matched without it.
	elisions []string
	// ordinalDot: a dot after a number makes an ordinal ("3. Runde"), not
	// the end of a sentence.
	ordinalDot bool
	// negations lists the places of a text where a negation can be added
	// or removed.
	negations func(t *text) []site
	// contrasts are pairs of words or phrases of opposite meaning:
	// direction, time, bound.
	contrasts [][2]string
	// closed are, for each kind of closed-class edit, the words that
	// turn one rule into another, each with what it becomes: "may" with
	// "must", "each" with "one". "un|une" is chosen by the next word:
	// "une" before a word ending in e or é.
	closed map[Kind][][2]string
	// idioms hold closed-class words that state no degree or quantity of
	// their own ("no more", "or more"): no closed-class edit touches them.
	idioms []string
	// function are the language's words of closed classes of four
	// letters or more (determiners, pronouns, adpositions, conjunctions,
	// auxiliaries, common adverbs), lower case: no open-class edit
	// touches or writes them.
	function []string
	// short are its closed-class words of three letters (articles,
	// adpositions, pronouns, conjunctions, auxiliaries), which no clause
	// counts among its content words.
	short []string
}

// content reports whether a word carries content: a number, or a word
// of three letters or more none of whose closed classes holds.
func (l *language) content(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if unicode.IsDigit(r) {
		return true
	}
	lw := strings.ToLower(w)
	return utf8.RuneCountInString(w) >= 3 && !slices.Contains(l.function, lw) && !slices.Contains(l.short, lw)
}

// languageOf returns the tables of a language tag's base language.
func languageOf(tag string) (*language, bool) {
	base, _, _ := strings.Cut(strings.ToLower(tag), "-")
	base, _, _ = strings.Cut(base, "_")
	switch base {
	case "en":
		return &language{
			code:          "en",
			numbers:       []string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"},
			abbreviations: []string{"e.g.", "i.e.", "etc.", "vs.", "no.", "cf.", "approx.", "mr.", "mrs.", "st."},
			negations:     negationsEN,
			contrasts:     [][2]string{{"left", "right"}, {"before", "after"}, {"at least", "at most"}, {"clockwise", "counterclockwise"}},
			closed: map[Kind][][2]string{
				Modality: {{"may", "must"}, {"can", "must"}, {"must", "may"}},
				Quantity: {{"each", "one"}, {"every", "one"}},
				Degree:   {{"most", "least"}, {"least", "most"}, {"more", "fewer"}, {"fewer", "more"}, {"highest", "lowest"}, {"lowest", "highest"}, {"higher", "lower"}, {"lower", "higher"}},
				Identity: {{"same", "other"}, {"other", "same"}},
			},
			function: strings.Fields(`also among another before after both cannot does each either even every from have here into less many more most much must neither never none only other over same should some such than that their them then there these they this those through under until upon when where whether which while will with within without would your yours what been being were shall could might`),
			short:    strings.Fields(`the and but nor yet for its his her our who how why you she him may can has had was are not any all off out one few own too via per`),
			idioms:   []string{"no more", "any more", "not more", "or more", "or fewer", "no fewer", "each other", "one another"},
		}, true
	case "fr":
		return &language{
			code:          "fr",
			numbers:       []string{"deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"},
			abbreviations: []string{"p.", "ex.", "etc.", "cf.", "env.", "max.", "min.", "n°.", "m.", "mme."},
			elisions:      []string{"l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"},
			negations:     negationsFR,
			contrasts:     [][2]string{{"gauche", "droite"}, {"avant", "après"}, {"au moins", "au plus"}, {"au minimum", "au maximum"}},
			closed: map[Kind][][2]string{
				Modality: {{"peut", "doit"}, {"peuvent", "doivent"}, {"pouvez", "devez"}, {"pourra", "devra"}, {"pourront", "devront"}, {"doit", "peut"}, {"doivent", "peuvent"}, {"devez", "pouvez"}},
				Quantity: {{"chaque", "un|une"}},
				Degree:   {{"le plus", "le moins"}, {"la plus", "la moins"}, {"les plus", "les moins"}, {"le moins", "le plus"}, {"la moins", "la plus"}, {"plus de", "moins de"}, {"moins de", "plus de"}},
				Identity: {{"le même", "un autre"}, {"la même", "une autre"}, {"les mêmes", "d’autres"}},
			},
			function: strings.Fields(`alors aucun aucune aussi autre autres avec avez avoir avant après celle celles celui ceux cette chaque comme dans depuis donc dont elle elles encore entre être leur leurs lors lorsque mais même mêmes moins notre nous pour plus puis quand quel quelle quelles quels sans selon sera seront sont sous votre vous vers chacun chacune tout toute toutes tous très peut peuvent pouvez doit doivent devez ainsi jusqu jusque lorsqu puisque parmi pendant contre chez afin déjà ensuite`),
			short:    strings.Fields(`les des une aux par sur que qui pas ses son sur mes tes nos vos eux lui est ont ces cet sans mon ton moi toi elle vos car ni ou dès via`),
			idioms:   []string{"ou plus", "ou moins", "au plus", "au moins", "ne plus", "n’en plus", "de plus", "non plus"},
		}, true
	case "de":
		return &language{
			code:          "de",
			numbers:       []string{"zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"},
			abbreviations: []string{"z.", "b.", "d.", "h.", "u.", "a.", "usw.", "bzw.", "ggf.", "evtl.", "nr.", "ca.", "vgl.", "max.", "min.", "s.", "inkl.", "zzgl."},
			ordinalDot:    true,
			negations:     negationsDE,
			contrasts:     [][2]string{{"links", "rechts"}, {"bevor", "nachdem"}, {"mindestens", "höchstens"}, {"frühestens", "spätestens"}},
			closed: map[Kind][][2]string{
				Modality: {{"kann", "muss"}, {"können", "müssen"}, {"darf", "muss"}, {"dürfen", "müssen"}, {"kannst", "musst"}, {"muss", "kann"}, {"müssen", "können"}, {"musst", "kannst"}},
				Quantity: {{"jeder", "ein"}, {"jede", "eine"}, {"jedes", "ein"}, {"jedem", "einem"}, {"jeden", "einen"}},
				Degree:   {{"meisten", "wenigsten"}, {"wenigsten", "meisten"}, {"mehr", "weniger"}, {"weniger", "mehr"}, {"höchste", "niedrigste"}, {"höchsten", "niedrigsten"}, {"niedrigste", "höchste"}, {"niedrigsten", "höchsten"}},
				Identity: {{"gleiche", "andere"}, {"gleichen", "anderen"}, {"selbe", "andere"}, {"selben", "anderen"}, {"derselbe", "ein anderer"}, {"dieselbe", "eine andere"}, {"dasselbe", "ein anderes"}, {"denselben", "einen anderen"}, {"demselben", "einem anderen"}},
			},
			function: strings.Fields(`aber alle allen aller alles also andere anderen anderer anderes auch auf aus bei beim beide beiden bevor bereits bis dann dass dein deine deinen deiner dem den denen der deren des dessen die dies diese diesem diesen dieser dieses doch durch eine einem einen einer eines einige etwa falls für gegen haben habt hast hat hinter ihnen ihre ihrem ihren ihrer ihres immer jede jedem jeden jeder jedes jetzt kann kein keine keinem keinen keiner können mehr muss müssen nach nachdem neben nicht noch nur oder ohne schon sein seine seinem seinen seiner sich sie sind solange sondern über unter vom von vor während wann warum was weil welche welchem welchen welcher wenn werden wird wieder zwischen zum zur darf dürfen sowie sobald damit davon dabei dazu darauf daher`),
			short:    strings.Fields(`der die das den dem des ein und mit von vom zum zur bei aus auf sie ihr ihn ihm wir man ist hat wie als nur für vor um bis ins ohne was wer wo sich dir dich mir mich uns euch noch so im am an in zu`),
			idioms:   []string{"nicht mehr", "kein mehr", "keine mehr", "oder mehr", "oder weniger", "nie mehr", "mehr als"},
		}, true
	}
	return nil, false
}

// Languages lists the languages the generator knows.
func Languages() []string { return []string{"de", "en", "fr"} }
