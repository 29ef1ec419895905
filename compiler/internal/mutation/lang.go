package mutation

import "strings"

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
		}, true
	case "fr":
		return &language{
			code:          "fr",
			numbers:       []string{"deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"},
			abbreviations: []string{"p.", "ex.", "etc.", "cf.", "env.", "max.", "min.", "n°.", "m.", "mme."},
			elisions:      []string{"l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"},
			negations:     negationsFR,
			contrasts:     [][2]string{{"gauche", "droite"}, {"avant", "après"}, {"au moins", "au plus"}, {"au minimum", "au maximum"}},
		}, true
	case "de":
		return &language{
			code:          "de",
			numbers:       []string{"zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"},
			abbreviations: []string{"z.", "b.", "d.", "h.", "u.", "a.", "usw.", "bzw.", "ggf.", "evtl.", "nr.", "ca.", "vgl.", "max.", "min.", "s.", "inkl.", "zzgl."},
			ordinalDot:    true,
			negations:     negationsDE,
			contrasts:     [][2]string{{"links", "rechts"}, {"bevor", "nachdem"}, {"mindestens", "höchstens"}, {"frühestens", "spätestens"}},
		}, true
	}
	return nil, false
}

// Languages lists the languages the generator knows.
func Languages() []string { return []string{"de", "en", "fr"} }
