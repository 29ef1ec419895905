package text

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler/model"
)

func lang(t testing.TB, tag string) *Language {
	t.Helper()
	l, err := Lang(tag)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// game is a small game: races that are alternatives, face up and face
// down, three places, a proper name and a possessive ("horses' heads"),
// named in English, French and German.
func game() *model.Game {
	g := &model.Game{ID: "tiny"}
	for _, id := range []string{"giant", "wizard", "face_up", "face_down", "hand", "discard_pile", "supply", "card", "city", "starting_player", "maldorf", "horse_head"} {
		g.Terms = append(g.Terms, &model.Term{ID: id, Message: "term." + id, Proper: id == "maldorf"})
	}
	g.Groups = []*model.Group{
		{ID: "race", Terms: []string{"giant", "wizard"}},
		{ID: "facing", Kind: model.Facing, Terms: []string{"face_up", "face_down"}},
		{ID: "places", Kind: model.Places, Terms: []string{"hand", "discard_pile", "supply"}},
	}
	names := map[string]map[string][2]string{
		"en": {"giant": {"giant", "giants"}, "wizard": {"wizard", "wizards"}, "face_up": {"face up", "face up"}, "face_down": {"face down", "face down"}, "hand": {"hand", "hands"}, "discard_pile": {"discard pile", "discard piles"}, "supply": {"supply", "supplies"}, "card": {"card", "cards"}, "city": {"city", "cities"}, "starting_player": {"starting player", "starting players"}, "maldorf": {"Maldorf", "Maldorf"}, "horse_head": {"horse's head", "horses' heads"}},
		"fr": {"giant": {"géant", "géants"}, "wizard": {"magicien", "magiciens"}, "face_up": {"face visible", "faces visibles"}, "face_down": {"face cachée", "faces cachées"}, "hand": {"main", "mains"}, "discard_pile": {"défausse", "défausses"}, "supply": {"réserve", "réserves"}, "card": {"carte", "cartes"}, "city": {"cité", "cités"}, "starting_player": {"premier joueur", "premiers joueurs"}, "maldorf": {"Maldorf", "Maldorf"}},
		"de": {"giant": {"Riese", "Riesen"}, "wizard": {"Zauberer", "Zauberer"}, "face_up": {"offen", "offen"}, "face_down": {"verdeckt", "verdeckt"}, "hand": {"Hand", "Hände"}, "discard_pile": {"Ablagestapel", "Ablagestapel"}, "supply": {"Vorrat", "Vorräte"}, "card": {"Karte", "Karten"}, "city": {"Stadt", "Städte"}, "starting_player": {"Startspieler", "Startspieler"}, "maldorf": {"Maldorf", "Maldorf"}},
	}
	for _, tag := range []string{"en", "fr", "de"} {
		loc := &model.Locale{Lang: tag}
		for id, n := range names[tag] {
			loc.Messages = append(loc.Messages, &model.Message{ID: "term." + id, Forms: map[string]string{"one": n[0], "other": n[1]}})
		}
		if tag == "de" {
			loc.Messages = append(loc.Messages, &model.Message{ID: "forms.card", Forms: map[string]string{"other": "Karten"}}, &model.Message{ID: "forms.giant", Forms: map[string]string{"other": "Riesen"}})
		}
		slices.SortFunc(loc.Messages, func(a, b *model.Message) int { return strings.Compare(a.ID, b.ID) })
		g.Locales = append(g.Locales, loc)
	}
	return g
}

func vocab(t testing.TB, tag string) *Vocab {
	t.Helper()
	g := game()
	return NewVocab(lang(t, tag), g, g.Locale(tag))
}

// read reads a text as message files are read: each line a paragraph.
func read(v *Vocab, s string) *Doc { return v.Read(s, Options{LineBreaks: true}) }

func TestTokens(t *testing.T) {
	type tok struct {
		Text  string
		Kind  Kind
		Value float64
		Weak  bool
		Ord   bool
		Ref   bool
	}
	tests := []struct {
		lang, in string
		want     []tok
	}{
		{"fr", "4,5 cartes", []tok{{"4,5", Number, 4.5, false, false, false}, {"cartes", Word, 0, false, false, false}}},
		{"en", "4,5 or 3", []tok{{"4", Number, 4, false, false, false}, {",", Punct, 0, false, false, false}, {"5", Number, 5, false, false, false}, {"or", Word, 0, false, false, false}, {"3", Number, 3, false, false, false}}},
		{"fr", "vingt-cinq", []tok{{"vingt-cinq", Number, 25, false, false, false}}},
		{"fr", "dix-sept", []tok{{"dix-sept", Number, 17, false, false, false}}},
		{"de", "fünfundzwanzig Elf", []tok{{"fünfundzwanzig", Number, 25, false, false, false}, {"Elf", Word, 0, false, false, false}}},
		{"de", "seine 16. Stadt", []tok{{"seine", Word, 0, false, false, false}, {"16.", Number, 16, false, true, false}, {"Stadt", Word, 0, false, false, false}}},
		{"de", "und 2. Da", []tok{{"und", Word, 0, false, false, false}, {"2", Number, 2, false, false, false}, {".", Punct, 0, false, false, false}, {"Da", Word, 0, false, false, false}}},
		{"fr", "le 3e tour", []tok{{"le", Word, 0, false, false, false}, {"3e", Number, 3, false, true, false}, {"tour", Word, 0, false, false, false}}},
		{"en", "see 2.1", []tok{{"see", Word, 0, false, false, false}, {"2.1", Number, 2.1, false, false, true}}},
		{"en", "a card can’t", []tok{{"a", Number, 1, true, false, false}, {"card", Word, 0, false, false, false}, {"can", Word, 0, false, false, false}, {"’t", Word, 0, false, false, false}}},
		{"fr", "l’empire", []tok{{"l", Word, 0, false, false, false}, {"empire", Word, 0, false, false, false}}},
		{"en", "{{.Param.days}} days", []tok{{"{{.Param.days}}", Placeholder, 0, false, false, false}, {"days", Word, 0, false, false, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.lang+" "+tc.in, func(t *testing.T) {
			var got []tok
			for _, x := range lang(t, tc.lang).Tokens(tc.in, nil) {
				got = append(got, tok{x.Text, x.Kind, x.Value, x.Weak, x.Ordinal, x.Ref})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("tokens (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTokensOffsets checks that every token's bytes are its text, so
// positions of findings are exact.
func TestTokensOffsets(t *testing.T) {
	in := "L’attaquant n’a qu’une carte : {{mul 2 .Param.x}} faces visibles, 4,5 points… can’t 16th"
	for _, tag := range []string{"en", "fr", "de"} {
		for _, x := range lang(t, tag).Tokens(in, nil) {
			if x.Kind == Word && x.Norm == "n't" {
				continue
			}
			if in[x.Off:x.End] != x.Text {
				t.Errorf("%s: token %q at [%d,%d) reads %q", tag, x.Text, x.Off, x.End, in[x.Off:x.End])
			}
		}
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		lang, in   string
		lineBreaks bool
		want       []string
	}{
		{"en", "Take a card. Then pass! Done?", true, []string{"Take a card.", "Then pass!", "Done?"}},
		{"en", "A. Play a card (see p. 8). Next.", true, []string{"A. Play a card (see p. 8).", "Next."}},
		{"en", "One line\nwrapped here.\n\nNew paragraph.", false, []string{"One line\nwrapped here.", "New paragraph."}},
		{"en", "Items:\n- first\n- second", false, []string{"Items:", "- first", "- second"}},
		{"fr", "« Il passe. » Puis il joue.", true, []string{"« Il passe. »", "Puis il joue."}},
		{"de", "Er würfelt 4 und 2. Da der Riese stark ist.", true, []string{"Er würfelt 4 und 2.", "Da der Riese stark ist."}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			d := vocab(t, tc.lang).Read(tc.in, Options{LineBreaks: tc.lineBreaks})
			var got []string
			for _, s := range d.Sentences {
				got = append(got, d.Text(s.Lo, s.Hi))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("sentences (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPolarity reads negation, restriction and modality as they mean.
func TestPolarity(t *testing.T) {
	tests := []struct {
		lang, in        string
		neg, only, mods string
	}{
		{"fr", "Il ne peut pas jouer.", "ne … pas", "", "can"},
		{"fr", "Il n’a que deux cartes.", "", "n … que", ""},
		{"fr", "N’importe quel joueur peut jouer.", "", "", "can"},
		{"fr", "Il lance plus de dés qu’il n’a de cartes.", "", "", ""},
		{"fr", "Il ne reste plus aucune carte.", "ne … plus", "", ""},
		{"de", "Er hat keine Karte und keine Münze.", "keine", "", ""},
		{"fr", "Ni ses factions ni la carte ne comptent.", "ni", "", ""},
		{"fr", "Sans voleur, pas d’attaque.", "sans,pas", "", ""},
		{"en", "It is not possible if you do not have it.", "not,not", "", ""},
		{"fr", "Les cartes non utilisées.", "non", "", ""},
		{"fr", "Le dragon doit partir.", "", "", "must"},
		{"de", "Er darf nicht spielen.", "nicht", "", "can"},
		{"de", "Nur der Riese darf nicht nur bauen.", "not_only", "nur", "can"},
		{"fr", "Il peut non seulement bâtir, magique ou non.", "not_only,or_not", "", "can"},
		{"fr", "Warlock est né d’une question.", "", "", ""},
		{"fr", "Il n’a pas de carte.", "n … pas", "", ""},
		{"fr", "Peuple M N T E G B", "", "", ""},
		{"de", "Er hat keine Karte.", "keine", "", ""},
		{"en", "Cities can’t be moved; only giants may.", "n't", "only", "can,can"},
		{"en", "Magic or not, it must go.", "or_not", "", "must"},
		{"en", "It is impossible to build.", "impossible", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			d := vocab(t, tc.lang).Read(tc.in, Options{LineBreaks: true})
			var neg, only, mods []string
			for _, s := range d.Sentences {
				for _, c := range s.Negations {
					neg = append(neg, c.Kind)
				}
				for _, c := range s.Restrictions {
					only = append(only, c.Kind)
				}
				for _, c := range s.Modals {
					mods = append(mods, c.Kind)
				}
			}
			got := [3]string{strings.Join(neg, ","), strings.Join(only, ","), strings.Join(mods, ",")}
			if want := [3]string{tc.neg, tc.only, tc.mods}; got != want {
				t.Errorf("negations, restrictions, modals = %q, want %q", got, want)
			}
		})
	}
}

func TestMentionsAndUnits(t *testing.T) {
	tests := []struct {
		lang, in string
		concepts string
		units    string // the unit of each number stated
	}{
		{"fr", "Posez 3 cartes face cachée sur la défausse.", "card,discard_pile,face_down", "card"},
		{"de", "Lege 2 Riesenkarten offen in den Vorrat.", "card,face_up,giant,supply", "giant"},
		{"en", "Maldorf gives 25 wizards and a giant.", "giant,maldorf,wizard", "wizard"},
		{"en", "Roll 3 times.", "", ""},
		{"fr", "Le premier joueur pose 3 cartes.", "card,starting_player", "card"},
		// A possessive's apostrophe, typeset or not.
		{"en", "Horses’ heads do not count.", "horse_head", ""},
		{"en", "Take a horse's head and 2 cards.", "card,horse_head", "card"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			d := vocab(t, tc.lang).Read(tc.in, Options{LineBreaks: true})
			var cs, us []string
			for k := range d.Sentences {
				s := &d.Sentences[k]
				cs = append(cs, d.Concepts(s)...)
				for _, i := range s.Numbers {
					us = append(us, d.Unit(s, i))
				}
			}
			slices.Sort(cs)
			if got := strings.Join(cs, ","); got != tc.concepts {
				t.Errorf("concepts = %q, want %q", got, tc.concepts)
			}
			if got := strings.Join(us, ","); got != tc.units {
				t.Errorf("units = %q, want %q", got, tc.units)
			}
		})
	}
}

// TestCompare puts one difference of each kind into a translation and
// checks that it is found, at the word concerned.
func TestCompare(t *testing.T) {
	src := "Take 3 cards face up. A giant goes to the supply. Maldorf can take {{.Param.x}} cards. Each player keeps a card in hand and passes, then the next player takes the discard pile and draws again. Art by 121DESIGN."
	good := "Prenez 3 cartes face visible. Un géant va dans la réserve. Maldorf peut prendre {{.Param.x}} cartes. Chaque joueur garde une carte en main et passe, puis le joueur suivant prend la défausse et pioche encore. Graphisme : 121DESIGN."
	tests := []struct {
		name, dst string
		kind      DiffKind
		at        string // the words of the translation the finding points at
	}{
		{"number", strings.Replace(good, "3", "4", 1), DiffNumber, "4"},
		{"placeholder dropped", strings.Replace(good, " {{.Param.x}}", "", 1), DiffPlaceholder, ""},
		{"placeholder typed", strings.Replace(good, "{{.Param.x}}", "7", 1), DiffPlaceholder, "7"},
		{"term", strings.Replace(good, "géant", "magicien", 1), DiffConcept, "magicien"},
		{"facing", strings.Replace(good, "face visible", "face cachée", 1), DiffFacing, "face cachée"},
		{"place", strings.Replace(good, "réserve", "défausse", 1), DiffPlace, "défausse"},
		{"proper", strings.Replace(good, "Maldorf", "Maldrof", 1), DiffProper, "Maldrof"},
		{"code", strings.Replace(good, "121DESIGN", "141DESIGN", 1), DiffProper, "141DESIGN"},
		{"negation", strings.Replace(good, "Maldorf peut", "Maldorf ne peut pas", 1), DiffNegation, "ne … pas"},
		{"not only", strings.Replace(good, "Maldorf peut prendre", "Maldorf peut non seulement prendre", 1), DiffNegation, "non seulement"},
		{"omission", strings.Replace(good, " Un géant va dans la réserve.", "", 1), DiffOmission, ""},
		{"clause", strings.Replace(good, ", puis le joueur suivant prend la défausse et pioche encore", "", 1), DiffLength, ""},
	}
	a := vocab(t, "en").Read(src, Options{LineBreaks: true, Eval: func(string) (string, bool) { return "7", true }})
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1}
	if ds := Compare(a, vocab(t, "fr").Read(good, Options{LineBreaks: true}), Align(a, vocab(t, "fr").Read(good, Options{LineBreaks: true}), cal), cal, false); len(ds) != 0 {
		t.Fatalf("the good translation has findings: %+v", ds)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			ds := Compare(a, b, Align(a, b, cal), cal, false)
			var kinds []string
			for _, d := range ds {
				kinds = append(kinds, fmt.Sprint(d.Kind))
				if d.Kind != tc.kind {
					continue
				}
				if tc.at != "" && b.Text(d.B.Lo, d.B.Hi) != tc.at && !(tc.at == "ne … pas" && b.Text(d.B.Lo, d.B.Lo+1) == "ne") {
					t.Errorf("found at %q, want %q", b.Text(d.B.Lo, d.B.Hi), tc.at)
				}
				return
			}
			t.Errorf("no difference of kind %d found; found %v", tc.kind, kinds)
		})
	}
}

// TestAlignMoved pairs a list item that a translation moved.
func TestAlignMoved(t *testing.T) {
	a := vocab(t, "en").Read("Take 3 cards.\nGive 2 giants to Maldorf.\nPass.", Options{LineBreaks: true})
	b := vocab(t, "fr").Read("Donnez 2 géants à Maldorf.\nPrenez 3 cartes.\nPassez.", Options{LineBreaks: true})
	for _, p := range Align(a, b, DefaultCalibration()) {
		if len(p.A) == 0 || len(p.B) == 0 {
			t.Errorf("unpaired sentence: %+v", p)
		}
	}
}

// TestAlignJoined pairs sentences a translation joins: three into one,
// and never across a blank line when the paragraphs pair otherwise.
func TestAlignJoined(t *testing.T) {
	tests := []struct {
		name, src, dst string
		want           []Pair
	}{
		{
			"three into one",
			"Each player draws two cards from the deck. Then each player looks at the cards drawn. Finally each player keeps one card in hand.",
			"Chaque joueur pioche deux cartes du paquet, les regarde puis en garde une en main.\nLe tour passe.",
			nil, // checked below: every source sentence paired
		},
		{
			"three into one, then one",
			"The wind blows through the old trees. The leaves fall to the ground. Night falls on the forest.\nA door opens.",
			"Le vent souffle dans les vieux arbres, les feuilles tombent par terre et la nuit tombe sur la forêt.\nUne porte s’ouvre.",
			[]Pair{{A: []int{0, 1, 2}, B: []int{0}}, {A: []int{3}, B: []int{1}}},
		},
		{
			"paragraphs kept apart",
			"Take a card from the deck.\n\nPass the die to the player on your left. That player then plays the next turn.",
			"Prenez une carte de la pioche sans la montrer.\n\nPassez le dé au joueur de gauche, qui joue ensuite le tour suivant.",
			[]Pair{{A: []int{0}, B: []int{0}}, {A: []int{1, 2}, B: []int{1}}},
		},
	}
	cal := Calibration{Ratio: 1.1, Spread: 0.01, Short: 2, Joins: true}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := vocab(t, "en").Read(tc.src, Options{LineBreaks: true})
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			got := Align(a, b, cal)
			if tc.want != nil && !cmp.Equal(got, tc.want) {
				t.Errorf("Align = %+v; want %+v", got, tc.want)
			}
			for _, p := range got {
				if len(p.A) > 0 && len(p.B) == 0 {
					t.Errorf("source sentences %v unpaired: %+v", p.A, got)
				}
			}
		})
	}
}

// TestAlignItems keeps a translation's list items as its source's: a
// list item left out stands alone rather than pairing with the sentence
// before the list, and a join takes in no list item.
func TestAlignItems(t *testing.T) {
	tests := []struct {
		name, src, dst string
		want           []Pair
	}{
		{
			"an item left out after a split sentence",
			"In player order, each player may make one attack, choosing between the following options:\n\n- attacking the kingdom of the humans;\n- attacking another player's castle (see the next section).",
			"Dans l’ordre du jeu, chaque joueur peut faire une attaque. Il choisit alors entre :\n\n- attaquer le château d’un autre joueur (voir la section suivante).",
			[]Pair{{A: []int{0}, B: []int{0, 1}}, {A: []int{1}}, {A: []int{2}, B: []int{2}}},
		},
		{
			"an item's last sentence left out",
			"- The player who holds the gavel opens the bidding by placing any number of cards face up on the table, or passes. The total gold on the cards is the value of the bid.\n- Then, in player order, each other player may place any number of cards on the table or pass. A bid must be higher or lower than the bids already on the table: a bid equal to another is not allowed. Players cannot change or raise their bid later; a player who passes makes no bid.",
			"- Le joueur qui a le marteau ouvre les enchères : il pose autant de cartes qu’il veut face visible sur la table, ou passe.\n- Ensuite, dans l’ordre du jeu, c’est-à-dire dans le sens des aiguilles d’une montre et sans jamais revenir en arrière, chaque autre joueur peut à son tour poser autant de cartes qu’il veut sur la table, ou bien passer. Une offre doit être plus forte ou plus faible que les offres déjà sur la table : une offre égale à une autre est interdite. Les joueurs ne peuvent ni changer ni augmenter leur offre plus tard ; un joueur qui passe ne fait pas d’offre.",
			[]Pair{{A: []int{0}, B: []int{0}}, {A: []int{1}}, {A: []int{2}, B: []int{1}}, {A: []int{3}, B: []int{2}}, {A: []int{4}, B: []int{3}}},
		},
	}
	cal := Calibration{Ratio: 1.1, Spread: 0.01, Short: 2, Joins: true}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := vocab(t, "en").Read(tc.src, Options{LineBreaks: true})
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			if got := Align(a, b, cal); !cmp.Equal(got, tc.want) {
				t.Errorf("Align = %+v; want %+v", got, tc.want)
			}
		})
	}
}

// TestAlignPrior aligns a game too small to measure its languages with
// their usual lengths: a short sentence left out stands alone, where a
// ratio of 1 reads French as running as long as English and joins it to
// the sentence before.
func TestAlignPrior(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	a := en.Read("Shuffle the trees and deal 4 cards to each player. Put the remaining cards face down in the supply.\n\nEach player places one tree face up in front of them. The youngest player starts.", Options{LineBreaks: true})
	b := fr.Read("Mélangez les arbres et distribuez 4 cartes à chaque joueur. Placez les cartes restantes face cachée dans la réserve.\n\nChaque joueur pose un arbre face visible devant lui.", Options{LineBreaks: true})
	c := Prior(en.Lang, fr.Lang)
	if want := 1.19; math.Abs(c.Ratio-want) > 1e-9 {
		t.Errorf("Prior(en, fr).Ratio = %g; want %g", c.Ratio, want)
	}
	c.Joins = true
	want := []Pair{{A: []int{0}, B: []int{0}}, {A: []int{1}, B: []int{1}}, {A: []int{2}, B: []int{2}}, {A: []int{3}}}
	if got := Align(a, b, c); !cmp.Equal(got, want) {
		t.Errorf("Align = %+v; want %+v", got, want)
	}
	if got := Prior(en.Lang, &Language{Tag: "x"}).Ratio; got != 1 {
		t.Errorf("Prior with a language of unknown length: ratio %g; want 1", got)
	}
}

// TestCompareJoinedShort reports a pair of joined sentences far shorter
// than its sources: a sentence dropped from a join, which the alignment
// takes for part of it.
func TestCompareJoinedShort(t *testing.T) {
	src := "Each player draws two cards from the deck and looks at them. Then each player keeps one card in hand and discards the other one."
	tests := []struct {
		name, dst string
		want      []DiffKind
	}{
		{"joined", "Chaque joueur pioche deux cartes du paquet et les regarde, puis garde une carte en main et défausse l’autre.", nil},
		{"one dropped", "Chaque joueur pioche deux cartes.", []DiffKind{DiffLength}},
	}
	a := vocab(t, "en").Read(src, Options{LineBreaks: true})
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1, Joins: true}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			var got []DiffKind
			for _, d := range Compare(a, b, []Pair{{A: []int{0, 1}, B: []int{0}}}, cal, false) {
				got = append(got, d.Kind)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Compare = %v; want %v", got, tc.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	f.Add("fr", "Il n’a qu’une carte : {{.Param.x}} faces visibles, 4,5 points.")
	f.Add("de", "seine 16. Stadt und 2. Da")
	f.Add("en", "can’t {{ if }} 2.1.3 '- \n\n- x")
	f.Fuzz(func(t *testing.T, tag, s string) {
		v := vocab(t, tag)
		d := v.Read(s, Options{LineBreaks: len(s)%2 == 0})
		for _, x := range d.Tokens {
			if x.Off < 0 || x.End > len(s) || x.Off > x.End {
				t.Fatalf("token %q out of the text: [%d,%d)", x.Text, x.Off, x.End)
			}
		}
		Compare(d, d, Align(d, d, DefaultCalibration()), DefaultCalibration(), false)
	})
}

// lexiconCorpus is a few English sentences and their French translations,
// for the lexicon to learn from.
func lexiconCorpus() [][2]string {
	return [][2]string{
		{"The starting player shuffles the deck.", "Le premier joueur mélange le paquet."},
		{"Then the starting player shuffles the deck again.", "Puis le premier joueur mélange encore le paquet."},
		{"Whoever shuffles the deck deals the cards.", "Celui qui mélange le paquet distribue les cartes."},
		{"Each round, the starting player deals.", "À chaque manche, le premier joueur distribue."},
		{"Pass the die to the left.", "Passez le dé à gauche."},
		{"The starting player keeps the die.", "Le premier joueur garde le dé."},
		{"Players pass the die to the left.", "Les joueurs passent le dé à gauche."},
		{"Always pass to the left.", "Passez toujours à gauche."},
	}
}

// dropCorpus is lexiconCorpus and one sentence more, which says in one
// clause what the dropped clauses of the tests say.
func dropCorpus() [][2]string {
	return append(lexiconCorpus(), [2]string{"The starting player shuffles the deck and passes the die.", "Le premier joueur mélange le paquet et passe le dé."})
}

// TestLexiconMissing learns which words translate which from a few
// sentence pairs, then finds the clause a translation leaves out.
func TestLexiconMissing(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck.")
	full := read(fr, "Passez le dé à gauche, puis le premier joueur mélange le paquet.")
	cut := read(fr, "Passez le dé à gauche.")
	lx := learnt(t, "en", "fr", lexiconCorpus(), [2]*Doc{src, cut})
	s := &src.Sentences[0]
	if _, ok := lx.Missing(src, s, full, full.Sentences[0].Span, false); ok {
		t.Errorf("a clause reported missing from the full translation")
	}
	cl, ok := lx.Missing(src, s, cut, cut.Sentences[0].Span, false)
	if !ok {
		t.Fatalf("the dropped clause is not found")
	}
	if got := src.Text(cl.Lo, cl.Hi); got != "then the starting player shuffles the deck." {
		t.Errorf("missing clause %q", got)
	}
}

// TestLexiconDropped weighs the words a translation lacks by how reliably
// the other pairs translate them: a clause dropped scores far higher than
// the full translation, and the run found lies in the clause.
func TestLexiconDropped(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	corpus := dropCorpus()
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck.")
	full := read(fr, "Passez le dé à gauche, puis le premier joueur mélange le paquet.")
	cut := read(fr, "Passez le dé à gauche.")
	score := func(b *Doc) (Span, float64) {
		lx := learnt(t, "en", "fr", corpus, [2]*Doc{src, b})
		return lx.Dropped(src, &src.Sentences[0], b, b.Sentences[0].Span, DefaultCalibration())
	}
	_, clean := score(full)
	run, dropped := score(cut)
	t.Logf("full %.2f, cut %.2f: %q", clean, dropped, src.Text(run.Lo, run.Hi))
	if dropped < clean+5 {
		t.Errorf("the clause dropped scores %.2f, the full translation %.2f", dropped, clean)
	}
	if got := src.Text(run.Lo, run.Hi); !strings.Contains("then the starting player shuffles the deck.", got) || got == "" {
		t.Errorf("dropped run %q", got)
	}
}

// TestCompareFree holds a free translation to what it states, to the
// sentences it leaves out and to a sentence far shorter than its source,
// not to its wording or what it adds.
func TestCompareFree(t *testing.T) {
	src := "Take 3 cards face up. A giant goes to the supply. Maldorf can take {{.Param.x}} cards. Each player keeps a card in hand and passes, then the next player takes the discard pile and draws again."
	good := "Prenez 3 cartes face visible. Un géant va dans la réserve. Maldorf peut prendre {{.Param.x}} cartes. Chaque joueur garde une carte en main et passe, puis le joueur suivant prend la défausse et pioche encore."
	tests := []struct {
		name, dst string
		want      DiffKind // 0 for no finding
	}{
		{"omission", strings.Replace(good, " Un géant va dans la réserve.", "", 1), DiffOmission},
		{"number", strings.Replace(good, "3", "4", 1), DiffNumber},
		{"addition", good + " Le vent souffle dans les arbres dénudés depuis toujours.", 0},
		{"negation", strings.Replace(good, "Maldorf peut", "Maldorf ne peut pas", 1), 0},
		{"clause", strings.Replace(good, ", puis le joueur suivant prend la défausse et pioche encore", "", 1), DiffLength},
	}
	a := vocab(t, "en").Read(src, Options{LineBreaks: true, Eval: func(string) (string, bool) { return "7", true }})
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			var got []DiffKind
			for _, d := range Compare(a, b, Align(a, b, cal), cal, true) {
				got = append(got, d.Kind)
			}
			var want []DiffKind
			if tc.want != 0 {
				want = []DiffKind{tc.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Compare(free) = %v; want %v", got, want)
			}
		})
	}
}

// TestCompareFreeSibling judges a free translation's negation where the
// other translation keeps the source's polarity: the translation then
// differs from both.
func TestCompareFreeSibling(t *testing.T) {
	src := "Take 3 cards face up. Maldorf can take {{.Param.x}} cards."
	sibText := "Nimm 3 Karten offen. Maldorf kann {{.Param.x}} Karten nehmen."
	good := "Prenez 3 cartes face visible. Maldorf peut prendre {{.Param.x}} cartes."
	bad := strings.Replace(good, "Maldorf peut", "Maldorf ne peut pas", 1)
	eval := Options{LineBreaks: true, Eval: func(string) (string, bool) { return "7", true }}
	a := vocab(t, "en").Read(src, eval)
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1}
	for _, tc := range []struct {
		name    string
		sibling string
		want    []DiffKind
	}{
		{"sibling keeps the polarity", sibText, []DiffKind{DiffNegation}},
		{"sibling negates too", strings.Replace(sibText, "kann", "kann nicht", 1), nil},
		// Joined, the sibling keeps no sentence of the source, but counts
		// as many negations in all.
		{"sibling keeps the count in all", "Nimm 3 Karten offen, und Maldorf kann {{.Param.x}} Karten nehmen.", []DiffKind{DiffNegation}},
		{"sibling counts otherwise in all", "Nimm 3 Karten offen, und Maldorf kann nicht {{.Param.x}} Karten nehmen.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := vocab(t, "de").Read(tc.sibling, Options{LineBreaks: true})
			b := vocab(t, "fr").Read(bad, Options{LineBreaks: true})
			sib := &Sibling{Doc: u, FromSource: Align(a, u, cal), ToB: Align(u, b, cal)}
			var got []DiffKind
			for _, d := range CompareWith(a, b, Align(a, b, cal), cal, true, sib) {
				got = append(got, d.Kind)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("CompareWith(free) = %v; want %v", got, tc.want)
			}
		})
	}
}

// TestCompareWitness reports a facing the source does not state where the
// sibling translation states the other one, quoting the sibling's words.
func TestCompareWitness(t *testing.T) {
	src := "Turn one card over onto the discard pile."
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1}
	for _, tc := range []struct {
		name, sibling, dst string
		want               string // the sibling's words the finding quotes
		src                string // the source, if not src
		named              bool   // the source names either concept
	}{
		{"the source names one less often", "Lege eine Karte offen auf den Ablagestapel und eine verdeckt.", "Retournez une carte face visible sur la défausse et une face visible.", "verdeckt",
			"Place one card face up onto the discard pile, and another.", true},
		{"translations disagree", "Lege eine Karte verdeckt auf den Ablagestapel.", "Retournez une carte face visible sur la défausse.", "verdeckt", "", false},
		{"one witness for one swap", "Lege zwei Karten auf den Ablagestapel, die eine verdeckt, die andere verdeckt.", "Retournez une carte face visible et une face visible, puis posez-les sur la défausse.", "verdeckt, verdeckt", "", false},
		{"as many of the group in all", "Lege eine Karte verdeckt auf den Ablagestapel.", "Retournez une carte face visible et une face visible sur la défausse.", "", "", false},
		{"translations agree", "Lege eine Karte offen auf den Ablagestapel.", "Retournez une carte face visible sur la défausse.", "", "", false},
		{"sibling silent", "Dreh eine Karte um und lege sie auf den Ablagestapel.", "Retournez une carte face visible sur la défausse.", "", "", false},
		{"a part of a compound is no witness", "Lege eine Karte auf den Ablagestapel, neben den Vorratsbeutel.", "Retournez une carte sur la défausse, à portée de main.", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			source := src
			if tc.src != "" {
				source = tc.src
			}
			a := read(vocab(t, "en"), source)
			u := read(vocab(t, "de"), tc.sibling)
			b := read(vocab(t, "fr"), tc.dst)
			sib := &Sibling{Doc: u, FromSource: Align(a, u, cal), ToB: Align(u, b, cal)}
			var ws []string
			seen := map[Span]bool{}
			for _, d := range CompareWith(a, b, Align(a, b, cal), cal, false, sib) {
				if d.Witness.Hi > d.Witness.Lo {
					ws = append(ws, u.Quote(d.Witness))
					if d.Named != tc.named {
						t.Errorf("Named = %v; want %v", d.Named, tc.named)
					}
					if seen[d.Witness] {
						t.Errorf("%q witnesses two swaps", u.Quote(d.Witness))
					}
					seen[d.Witness] = true
				}
			}
			got := strings.Join(ws, ", ")
			if got != tc.want {
				t.Errorf("witness = %q; want %q", got, tc.want)
			}
		})
	}
}

// joined0 is the whole of a document as one sentence.
func joined0(d *Doc) *Sentence { return joined(d, []int{0, len(d.Sentences) - 1}) }

// TestCompareJoinedDrop finds a clause dropped from sentences the
// alignment joins: a drop makes the aligner join the sentences around it,
// so the pair is weighed as one and, its sentences matching one to one,
// sentence by sentence.
func TestCompareJoinedDrop(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	corpus := dropCorpus()
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck. Always pass to the left.")
	tests := []struct {
		name, dst string
		want      bool
	}{
		{"full", "Passez le dé à gauche, puis le premier joueur mélange le paquet. Passez toujours à gauche.", false},
		{"cut", "Passez le dé à gauche. Passez toujours à gauche.", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := read(fr, tc.dst)
			var pairs [][2]*Doc
			for _, p := range corpus {
				pairs = append(pairs, [2]*Doc{read(en, p[0]), read(fr, p[1])})
			}
			pairs = append(pairs, [2]*Doc{src, b})
			c := DefaultCalibration()
			c.Joins = true
			c.Lexicon = Learn(pairs, nil, c)
			joined := []Pair{{A: []int{0, 1}, B: []int{0, 1}}}
			var got []Diff
			for _, d := range Compare(src, b, joined, c, false) {
				if d.Kind == DiffClause {
					got = append(got, d)
				}
			}
			_, _, score := dropped(src, b, joined[0], c, nil)
			r := c.Lexicon.drop(src, joined0(src), b, Span{0, len(b.Tokens)}, c)
			whole := max(r.score-DropLimit, r.clauseScore-ClauseLimit)
			t.Logf("score %.2f, as one sentence %.2f", score, whole)
			if tc.want && score <= whole {
				t.Errorf("the sentence that lost the clause, weighed alone, scores %.2f; want more than the pair as one, %.2f", score, whole)
			}
			if (len(got) > 0) != tc.want {
				t.Fatalf("clauses found dropped: %v; want some: %v", got, tc.want)
			}
			if len(got) > 0 {
				if cl := src.Text(got[0].A.Lo, got[0].A.Hi); !strings.Contains("then the starting player shuffles the deck.", cl) || cl == "" {
					t.Errorf("dropped clause %q", cl)
				}
			}
		})
	}
}

// TestOmissionAt places a sentence left out where it would be: after the
// sentence before it in its paragraph or its list, else before the next.
func TestOmissionAt(t *testing.T) {
	src := "Take 3 cards.\n\n- A giant goes to the supply.\n- A wizard goes to the discard pile.\n\nMaldorf passes."
	good := "Prenez 3 cartes.\n\n- Un géant va dans la réserve.\n- Un magicien va dans la défausse.\n\nMaldorf passe."
	tests := []struct {
		name, drop string
		line       int // of the translation, where the finding should be
	}{
		{"first item", "- Un géant va dans la réserve.\n", 3},
		{"last item", "\n- Un magicien va dans la défausse.", 3},
		{"paragraph", "\n\nMaldorf passe.", 4},
	}
	a := vocab(t, "en").Read(src, Options{LineBreaks: true})
	cal := Calibration{Ratio: 1.1, Spread: 0.003, Short: 1, Joins: true}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dst := strings.Replace(good, tc.drop, "", 1)
			b := vocab(t, "fr").Read(dst, Options{LineBreaks: true})
			var found []int
			for _, d := range Compare(a, b, Align(a, b, cal), cal, false) {
				if d.Kind == DiffOmission {
					found = append(found, 1+strings.Count(dst[:b.Tokens[d.B.Lo].Off], "\n"))
				}
			}
			if !slices.Equal(found, []int{tc.line}) {
				t.Errorf("omissions found at lines %v, want %d", found, tc.line)
			}
		})
	}
}

// TestUnjoin splits off a source sentence the translation left out when
// the pair joins it to its neighbour, and leaves a faithful join alone.
func TestUnjoin(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	src := read(en, "Pass the die to the left. Then the starting player shuffles the deck.")
	unjoin := func(b *Doc) []Pair {
		lx := learnt(t, "en", "fr", lexiconCorpus(), [2]*Doc{src, b})
		return lx.unjoin(src, b, []Pair{{A: []int{0, 1}, B: []int{0}}})
	}
	joined := read(fr, "Passez le dé à gauche, puis le premier joueur mélange le paquet.")
	if got, want := unjoin(joined), []Pair{{A: []int{0, 1}, B: []int{0}}}; !cmp.Equal(got, want) {
		t.Errorf("a faithful join split: %+v", got)
	}
	cut := read(fr, "Passez le dé à gauche.")
	if got, want := unjoin(cut), []Pair{{A: []int{0}, B: []int{0}}, {A: []int{1}}}; !cmp.Equal(got, want) {
		t.Errorf("unjoin = %+v, want %+v", got, want)
	}
}

// TestSentenceAt finds the sentence of a token, and none for a token
// outside every sentence.
func TestSentenceAt(t *testing.T) {
	d := vocab(t, "en").Read("Take 3 cards. Then pass.\nMaldorf plays.", Options{LineBreaks: true})
	for k, s := range d.Sentences {
		for i := s.Lo; i < s.Hi; i++ {
			if got := d.SentenceAt(i); got != k {
				t.Errorf("SentenceAt(%d) = %d, want %d", i, got, k)
			}
		}
	}
	if got := d.SentenceAt(len(d.Tokens)); got != -1 {
		t.Errorf("SentenceAt(past the end) = %d, want -1", got)
	}
}

// TestAlignNames pairs a translation cut short by the names both texts
// write alike, where its length alone would pair it with the sentence
// before.
func TestAlignNames(t *testing.T) {
	a := read(vocab(t, "en"), "It took five years of work. I hope that playing it will be as fascinating for you as it was for me. Many thanks to my wife, my children Norah and Kobe, my brothers, Arno, every publisher who reviewed the prototype and the many playtesters.")
	b := read(vocab(t, "fr"), "Il a fallu cinq ans de travail, une expérience passionnante. J’espère que le jeu vous plaira. Un grand merci à ma femme, à mes enfants Norah et Kobe, à Arno.")
	cal := Calibration{Ratio: 1.15, Spread: 0.01, Short: 2, Joins: true}
	got := Align(a, b, cal)
	if last := got[len(got)-1]; !cmp.Equal(last, Pair{A: []int{2}, B: []int{2}}) {
		t.Errorf("Align = %+v; want the thanks paired with the thanks", got)
	}
}

// TestCompoundMentions reads a German compound as the concepts it is
// made of, its head included, even where a shorter split would make a
// form of its first part alone ("Riesens|tädte").
func TestCompoundMentions(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Riesenstädte", "city,giant"},
		{"Riesenstadt", "city,giant"},
		{"Zaubererstadt", "city,wizard"},
		{"Riesenkarten", "card,giant"},
		{"Riesenschritt", "giant"},
	}
	for _, tc := range tests {
		d := read(vocab(t, "de"), "Kobe sieht die "+tc.in+".")
		var got []string
		for _, m := range d.Mentions {
			got = append(got, m.Concept)
		}
		slices.Sort(got)
		if strings.Join(got, ",") != tc.want {
			t.Errorf("concepts of %q = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// differs reports whether comparing dst (in lang) with src (in English)
// finds a difference of kind.
func differs(t *testing.T, lang, src, dst string, kind DiffKind) bool {
	t.Helper()
	cal := Calibration{Ratio: 1.1, Spread: 0.01, Short: 1}
	a := vocab(t, "en").Read(src, Options{LineBreaks: true})
	b := vocab(t, lang).Read(dst, Options{LineBreaks: true})
	for _, d := range Compare(a, b, Align(a, b, cal), cal, false) {
		if d.Kind == kind {
			return true
		}
	}
	return false
}

// TestInflectedNumbers: a number word inflected as its grammar wants
// ("dreier Flotten", "zu dritt") states the number the source does.
func TestInflectedNumbers(t *testing.T) {
	tests := []struct{ en, de string }{
		{"Take the ships of three fleets.", "Nimm die Schiffe dreier Flotten."},
		{"Three players play as one team.", "Zu dritt spielt ihr als ein Team."},
		{"Two players share the board.", "Zu zweit teilt ihr das Spielbrett."},
	}
	for _, tt := range tests {
		if differs(t, "de", tt.en, tt.de, DiffNumber) {
			t.Errorf("%q against %q: a number differs", tt.de, tt.en)
		}
	}
}

// TestPlaceRoles: a place a card comes from faces no place it goes to
// ("draw from the discard pile" against "piochez … en main"), and a place
// swapped in the same role is still found.
func TestPlaceRoles(t *testing.T) {
	tests := []struct {
		en, fr string
		swap   bool
	}{
		{"Draw cards from the discard pile until you have 5 cards.", "Piochez jusqu’à avoir 5 cartes en main.", false},
		{"Put the card into the discard pile.", "Mettez la carte dans la réserve.", true},
		{"Take the card from the discard pile.", "Prenez la carte de la réserve.", true},
	}
	for _, tt := range tests {
		if swap := differs(t, "fr", tt.en, tt.fr, DiffPlace); swap != tt.swap {
			t.Errorf("%q against %q: a place swapped is %v, want %v", tt.fr, tt.en, swap, tt.swap)
		}
	}
}

// TestModalsCounted: "may" turned into "must" is found where the sentence
// keeps another "can" ("ne peut jamais"), and a modal left out is style.
func TestModalsCounted(t *testing.T) {
	tests := []struct {
		en, fr string
		swap   bool
	}{
		{"You may take a card, but a giant can never be taken.", "Vous devez prendre une carte, mais un géant ne peut jamais être pris.", true},
		{"You may take a card, but a giant can never be taken.", "Vous pouvez prendre une carte, mais un géant ne peut jamais être pris.", false},
		{"You may take a card, but a giant can never be taken.", "Prenez une carte, mais un géant ne peut jamais être pris.", false},
		{"You must take a card.", "Vous pouvez prendre une carte.", true},
	}
	for _, tt := range tests {
		if swap := differs(t, "fr", tt.en, tt.fr, DiffModality); swap != tt.swap {
			t.Errorf("%q against %q: a modal swapped is %v, want %v", tt.fr, tt.en, swap, tt.swap)
		}
	}
}

// TestContrasts: a word of direction, time or bound turned into its
// opposite is found, in each language pair; the same word, or none, is
// not.
func TestContrasts(t *testing.T) {
	tests := []struct {
		lang, src, dst string
		found          bool
	}{
		{"fr", "Pass the die to the left.", "Passez le dé à droite.", true},
		{"fr", "Pass the die to the left.", "Passez le dé à gauche.", false},
		{"de", "Play passes clockwise.", "Es wird gegen den Uhrzeigersinn gespielt.", true},
		{"de", "Play passes clockwise.", "Es wird im Uhrzeigersinn gespielt.", false},
		{"fr", "Play passes clockwise.", "On joue dans le sens inverse des aiguilles d’une montre.", true},
		{"fr", "Draw a card before you play.", "Piochez une carte après avoir joué.", true},
		{"de", "Keep at least two cards.", "Behalte höchstens zwei Karten.", true},
		{"de", "Keep at least two cards.", "Behalte mindestens zwei Karten.", false},
		{"fr", "Keep at least two cards.", "Gardez deux cartes.", false},
		{"fr", "The battle ends at the latest when the cards run out.", "La bataille se termine au plus tard quand les cartes manquent.", false},
		{"fr", "Each player draws a card.", "Un seul joueur pioche une carte.", true},
		{"fr", "Each player draws a card.", "Chaque joueur pioche une carte.", false},
		{"fr", "Each day a player may recruit.", "Un joueur peut recruter en un jour.", false},
		{"de", "Each player draws a card.", "Ein einziger Spieler zieht eine Karte.", true},
		{"de", "Each player draws a card.", "Jeder Spieler zieht eine Karte.", false},
		{"fr", "Draw more cards than you discard.", "Piochez moins de cartes que vous n’en défaussez.", true},
		{"fr", "Draw more cards than you discard.", "Piochez plus de cartes que vous n’en défaussez.", false},
		{"de", "The same player plays again.", "Ein anderer Spieler spielt erneut.", true},
		{"de", "The same player plays again.", "Derselbe Spieler spielt erneut.", false},
	}
	for _, tt := range tests {
		if found := differs(t, tt.lang, tt.src, tt.dst, DiffContrast); found != tt.found {
			t.Errorf("%q against %q: a contrast turned is %v, want %v", tt.dst, tt.src, found, tt.found)
		}
	}
}

// TestNumbersBound: a number is bound to what it counts. Two numbers of a
// sentence swapped, or the thing a number counts replaced, are found; the
// same things counted in another order or other words are not.
func TestNumbersBound(t *testing.T) {
	tests := []struct {
		lang, src, dst string
		kind           DiffKind
		found          bool
	}{
		{"fr", "Take 2 cards and 3 cities.", "Prenez 3 cartes et 2 cités.", DiffNumber, true},
		{"fr", "Take 2 cards and 3 cities.", "Prenez 2 cartes et 3 cités.", DiffNumber, false},
		{"fr", "Take 2 cards and 3 cities.", "Prenez 3 cités et 2 cartes.", DiffNumber, false},
		{"de", "Take two cards and three cities.", "Nimm drei Karten und zwei Städte.", DiffNumber, true},
		{"fr", "Each player takes 3 cards.", "Chaque joueur prend 3 cités.", DiffCounted, true},
		{"fr", "Each player takes 3 cards.", "Chaque joueur prend 3 cartes.", DiffCounted, false},
		{"fr", "Take 2 giant cards.", "Prenez 2 cartes de géant.", DiffCounted, false},
		{"fr", "Take {{.Param.a}} cards and {{.Param.b}} cities.", "Prenez {{.Param.b}} cartes et {{.Param.a}} cités.", DiffNumber, true},
		{"fr", "Take {{.Param.a}} cards and {{.Param.b}} cities.", "Prenez {{.Param.b}} cités et {{.Param.a}} cartes.", DiffNumber, false},
		{"fr", "The winner gets 6 points for the giants, 4 for the cities.", "Le vainqueur reçoit 6 points pour les géants et 4 points pour les cités.", DiffNumber, false},
	}
	for _, tt := range tests {
		if found := differs(t, tt.lang, tt.src, tt.dst, tt.kind); found != tt.found {
			t.Errorf("%q against %q: a number bound otherwise is %v, want %v", tt.dst, tt.src, found, tt.found)
		}
	}
}

// TestSplitSentences: a sentence the translation splits where its source
// has a semicolon, or two it joins with one, is no sentence added or left
// out; a sentence added or left out on a line of its own still is.
func TestSplitSentences(t *testing.T) {
	tests := []struct {
		src, dst string
		kind     DiffKind
		found    bool
	}{
		{"Choose a first dealer at random; after each round, the deal moves on clockwise.\nShuffle the cards.", "Tirez au sort le premier donneur. Après chaque manche, la donne passe au joueur suivant dans le sens des aiguilles d’une montre.\nMélangez les cartes.", DiffAddition, false},
		{"Draw a card. Then pass the die to the left.\nShuffle the cards.", "Piochez une carte ; puis passez le dé à gauche.\nMélangez les cartes.", DiffOmission, false},
		{"Draw a card.\nShuffle the cards.", "Piochez une carte.\nLe dé reste sur la table pendant toute la partie.\nMélangez les cartes.", DiffAddition, true},
		{"Draw a card.\nThe die stays on the table for the whole game.\nShuffle the cards.", "Piochez une carte.\nMélangez les cartes.", DiffOmission, true},
	}
	for _, tt := range tests {
		// A game's texts measure lengths closely: the second half of a
		// verbose translation then fits its source alone.
		cal := Calibration{Ratio: 1.1, Spread: 0.012, Short: 0.5, Joins: true}
		a, b := read(vocab(t, "en"), tt.src), read(vocab(t, "fr"), tt.dst)
		found := false
		for _, d := range Compare(a, b, Align(a, b, cal), cal, false) {
			found = found || d.Kind == tt.kind
		}
		if found != tt.found {
			t.Errorf("%q against %q: kind %d found %v, want %v", tt.dst, tt.src, tt.kind, found, tt.found)
		}
	}
}

// TestAlignParagraphs keeps each pair within a paragraph where both texts
// have as many: a free translation that joins two sentences of one
// paragraph (the Warlock prologue, in French) must not shift the pairs of
// the next ones.
func TestAlignParagraphs(t *testing.T) {
	src, dst := prologueEN, prologueFR
	a := vocab(t, "en").Read(src, Options{LineBreaks: true})
	b := vocab(t, "fr").Read(dst, Options{LineBreaks: true})
	cal := Calibration{Ratio: 1.1, Spread: 0.01, Short: 2, Joins: true}
	for _, p := range Align(a, b, cal) {
		for _, i := range p.A {
			for _, j := range p.B {
				if a.Sentences[i].Para != b.Sentences[j].Para {
					t.Errorf("source sentence %d (paragraph %d) paired with translated sentence %d (paragraph %d)", i, a.Sentences[i].Para, j, b.Sentences[j].Para)
				}
			}
		}
	}
}

// prologueEN and prologueFR are three paragraphs of the Warlock prologue,
// a free translation, the French with two sentences joined.
const (
	prologueEN = `It's pitch-dark… A deafening roar of laughter reverberates… a sudden feeling of panic and chaos arises… A torch is lit again, they gasp for air… They are all rooted to the spot…

In front of the flame they see a shape that defies imagination. The shape lets out never-ending laughter, all the while mumbling strange words. Although no one understands them, the words sound threatening. The shape backs up its words with wild gestures. Its abnormally long fingers light up. A flash of lightning shoots from each finger and strikes each of them right in the heart. Just below the ceiling a dark chasm opens… One by one, they all vanish… The chasm evaporates into the night…

A seemingly lifeless creature is lying on the ground. A scar on its chest hints at what happened. The scar swells, and meanwhile a strange sort of energy fills the lifeless carcass. It is as if the Devil himself were coursing through the veins of his host. The creature awakens and drags itself to the window overlooking a stunning countryside. On the horizon several castles emerge, and it dawns on the creature that it too is inside a castle. On the other side of the room, just where the sunlight hits the wall, a string of words appears:`
	prologueFR = `Et puis, un ricanement assourdissant. C’est la panique et le chaos… La plus flegmatique du groupe réussit toutefois à rallumer sa torche, mais elle a le souffle coupé et reste paralysée…

Les autres, les yeux fixés sur la lumière, ne bougent plus… Devant la flamme se dresse un monstre horrible qui s’esclaffe sans cesse tout en proférant des paroles incompréhensibles mais fort menaçantes. L’effroyable créature agite les bras pour appuyer ses braillements, tandis que ses doigts anormalement longs brillent d’une vive lumière et lancent des éclairs qui percent le cœur de chacune des ombres ; puis, tout à coup, un tourbillon obscur surgit au plafond de la tombe, avale les victimes et se dissipe aussi vite, non sans recracher leurs corps l’un après l’autre.

Un corps, à première vue sans vie, gît par terre ; la cicatrice sur sa poitrine est le seul témoin du passé. Tandis que la cicatrice gonfle, le corps inerte s’emplit d’une étrange énergie : le diable en personne semble envahir la chair de son hôte. Une fois réveillée, la créature se traîne jusqu’à la fenêtre, qui donne sur un paysage fabuleux parsemé de plusieurs châteaux. C’est alors qu’elle se rend compte qu’elle se trouve elle aussi dans un château. Soudain, dans un coin vaguement éclairé par le soleil, une formule apparaît :`
)

// TestFreeMerged: a free translation is not held to a sentence the
// aligner leaves unpaired when its paragraph says as much as its source
// (the lexicon knows too few of its words to tell), but is where the
// paragraph lost a good part of what its source says.
func TestFreeMerged(t *testing.T) {
	a := vocab(t, "en").Read(prologueEN, Options{LineBreaks: true})
	for _, tc := range []struct {
		name, dst string
		omitted   bool
	}{
		{"merged", prologueFR, false},
		{"dropped", strings.Replace(prologueFR, "L’effroyable créature agite les bras pour appuyer ses braillements, tandis que ses doigts anormalement longs brillent d’une vive lumière et lancent des éclairs qui percent le cœur de chacune des ombres ; puis, tout à coup, un tourbillon obscur surgit au plafond de la tombe, avale les victimes et se dissipe aussi vite, non sans recracher leurs corps l’un après l’autre.", "", 1), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := vocab(t, "fr").Read(tc.dst, Options{LineBreaks: true})
			cal := Calibration{Ratio: 1.1, Spread: 0.01, Short: 2, Joins: true}
			cal.Lexicon = Learn([][2]*Doc{{a, b}}, nil, cal)
			omitted := false
			for _, d := range CompareWith(a, b, Align(a, b, cal), cal, true, nil) {
				omitted = omitted || d.Kind == DiffOmission
			}
			if omitted != tc.omitted {
				t.Errorf("omission reported: %v, want %v", omitted, tc.omitted)
			}
		})
	}
}
