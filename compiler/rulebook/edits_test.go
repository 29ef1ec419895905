package rulebook

import (
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestPrintedEdits makes single edits of the printed rulebooks that the
// checker once missed or placed off their line, and wants a finding of
// the code given on the line, as the edit leaves the book, that starts
// with at, near the edit.
func TestPrintedEdits(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		name, game, lang string
		old, new         string
		code             diag.Code
		at               string
	}{
		// A section left out whole: its heading is missing where the
		// next section starts.
		{"section left out", "warriors", "fr",
			"5 Les événements\nIl existe deux sortes d’événements : les catapultes et les magiciens.\n\n", "",
			diag.RulebookOmission, "5.1 Les catapultes"},
		// A heading left out with its first sentence: the opening words
		// of the section are then a later sentence's, which the text of
		// the section before also has.
		{"heading and first sentence", "warriors", "en",
			"4.3 Cavalry charge\nWhen a battle is over (because the attacker decided so after one or more attacks, or because they\n" +
				"destroyed all the cards of the targeted faction and put them in their victory pile), the attacker may make\n" +
				"a cavalry charge if they have at least one horse’s head in their attacking faction or on their battle card. ", "",
			diag.RulebookOmission, "A"},
		// The same at a section whose words repeat from its first: the
		// gap does not slide past the section's start (it once
		// panicked there).
		{"heading and first sentence, words repeated", "warriors", "en",
			"3.1 Preparing the first and second rounds\nThe dealer deals 7 new cards to each player, who must keep 4 of them. ", "",
			diag.RulebookOmission, "The cards not kept"},
		// An unnumbered heading left out with the first sentence after
		// it, which reads like the section before's first: the section
		// does not start on that one's first line.
		{"opening like the section before's", "warlock", "fr",
			"\fLes gnomes\nPouvoir : placez dans votre empire une carte de votre main valant au maximum 2 points de victoire. ", "\f",
			diag.RulebookOmission, "\f"},
		// A heading left out with the sentence after it, leaving a
		// short line that reads like its title ("Ces cartes" for
		// "Distribuer des cartes"), its sentence going on below.
		{"short line like the title", "warlock", "fr",
			"2.1 Distribuer des cartes\nLe premier joueur, celui qui possède Elrohir, distribue 5 cartes de la pioche à chaque joueur. ", "",
			diag.RulebookOmission, "Ces cartes"},
		// An unnumbered heading left out with the label after it.
		{"unnumbered heading", "warlock", "fr", "Les gobelins\nPouvoir : prenez", "Prenez", diag.RulebookOmission, "Prenez une carte"},
		// A heading left out alone: the section is found by its
		// opening words, which do not make it a heading.
		{"heading alone", "warriors", "fr", "7.4 Nouvelles règles des batailles\n", "", diag.RulebookOmission, "A. Charge de cavalerie"},
		// An item of the list of steps names the step as its heading
		// does: it is not the heading.
		{"heading kept in a list", "bellum_magica", "de",
			"4.1 Wahl der aktiven Horde\nAuch als böser Herrscher bringst du nicht alle deine Kreaturen gleichzeitig zum Arbeiten!\n", "",
			diag.RulebookOmission, "Der Kapitän wirft den Würfel"},
		// A sentence left out of a short section, half of its words.
		{"half a section", "warriors", "de",
			" Bei\nGleichstand erhält jeder der Beteiligten diese 12† Punkte.", "",
			diag.RulebookOmission, "Der Spieler, der die meisten lebenden Drachen"},
		// Words that open a sentence the next page goes on with, left
		// out at the end of a page.
		{"end of a page", "bellum_magica", "fr",
			" Comme pour les boucliers ordinaires,\n", "\n",
			diag.RulebookOmission, "épées magiques, que vous obtiendrez"},
		// Headings that name another concept of the game, sibling or
		// not, numbered or not, or one concept twice for two.
		{"numbered heading", "warlock", "de", "2.4 Startspieler\n", "2.4 Auktionator\n", diag.RulebookConcept, "2.4 Auktionator"},
		{"unnumbered heading", "warlock", "en", "A new day\n", "A new round\n", diag.RulebookConcept, "A new round"},
		{"concept twice", "warlock", "fr", "5 Pouvoirs et capacités\n", "5 Pouvoirs et pouvoirs\n", diag.RulebookConcept, "5 Pouvoirs et pouvoirs"},
		{"unrelated concept", "warlock", "en", "A new day\n", "A new auction\n", diag.RulebookConcept, "A new auction"},
		// A race's heading naming another race, where the section's
		// first sentence repeats its words ("3 Karten vom Ziehstapel
		// … eine Karte vom Ziehstapel"), or where that race has a
		// section of its own.
		{"race heading", "warlock", "de", "\nMenschen\n", "\nZwerge\n", diag.RulebookConcept, "Zwerge"},
		{"another race's heading", "warlock", "fr", "\nLes humains\n", "\nLes géants\n", diag.RulebookConcept, "Les géants"},
		// The same at a page's top, after a race's section written
		// alike ("POWER: … SKILL: …").
		{"race heading at a page's top", "warlock", "en", "\fWizards\n", "\fGiants\n", diag.RulebookConcept, "Giants"},
		// A heading numbered otherwise, its section not placed there.
		{"numbered otherwise", "warriors", "fr", "7.6 Fin du jeu", "9.6 Fin du jeu", diag.HeadingNumber, "9.6 Fin du jeu"},
		{"table title", "bellum_magica", "fr", "Cartes Ville du royaume des humains\n", "Cartes Taverne du royaume des humains\n", diag.RulebookConcept, "Cartes Taverne"},
		// A negation put in an idiom that is none ("nicht nur"), and
		// one left out of a section's last words.
		{"negation in an idiom", "bellum_magica", "de", "kann nur durch", "kann nicht nur durch", diag.RulebookRule, "Manche Orte sind"},
		// A negation left out at the end of a line: the gap is there,
		// not where the line after starts.
		{"negation at a line's end", "warriors", "de", "Magier kann nicht\n", "Magier kann\n", diag.RulebookRule, "Magier schützen eine Fraktion"},
		{"negation at the end", "bellum_magica", "de", "können nicht verloren", "können verloren", diag.RulebookRule, "Bonusplättchen sind dauerhaft"},
		// In a text that renders the rules word for word, a concept in
		// place of another that is no sibling of it.
		{"unrelated concept in the text", "warlock", "en", "to the starting player, and Tonar", "to the gold, and Tonar", diag.RulebookConcept, "Give Elrohir"},
		// A word left out of a name of several words names another
		// concept.
		{"name of several words", "bellum_magica", "fr", "Créature super maléfique pour", "Créature maléfique pour", diag.RulebookConcept, "Mélangez séparément"},
		// The first word of such a name left out.
		{"first word of a name", "bellum_magica", "en", "the most evil creature cards separately", "the evil creature cards separately", diag.RulebookConcept, "Shuffle the evil"},
		// A word put in that opens another name, which the sentence
		// also has.
		{"word put in a name", "bellum_magica", "en", "Shuffle the evil creature cards", "Shuffle the most evil creature cards", diag.RulebookConcept, "Shuffle the most"},
		// A name of several words for another ("removed from the game").
		{"place of several words", "warriors", "en", "not kept are removed from the game.", "not kept are discard pile.", diag.RulebookRule, "player, who keeps"},
		// A concept named by an elided word ("l’attaquant").
		{"elided concept", "warriors", "fr", "jetés, l’attaquant compte", "jetés, le défenseur compte", diag.RulebookConcept, "Une fois les dés"},
		// An ordinal in digits changed, which the data states.
		{"ordinal", "warlock", "fr", "après le 3e jour", "après le 9e jour", diag.RulebookParam, "• après le 9e jour"},
		{"ordinal with a point", "warlock", "de", "nach dem 3. Tag", "nach dem 6. Tag", diag.RulebookParam, "• nach dem 6. Tag"},
		// A number the reading takes for a section's ("6.5").
		{"number read as a reference", "warlock", "en", "provides 0.5 or 2", "provides 6.5 or 2", diag.RulebookParam, "SKILL: a human"},
		// A subheading that opens a section, with a concept changed or
		// left out with the sentence after it.
		{"subheading changed", "bellum_magica", "fr", "A. Châteaux et gobelins\n", "A. Pioches et gobelins\n", diag.RulebookRule, "A. Pioches"},
		{"subheading left out", "bellum_magica", "en", "Castles and goblins\nEach player chooses their castle board. ", "", diag.RulebookOmission, "A. If the players"},
		// A table's title written as another table's, or with a concept
		// changed next to a subheading that names the same things.
		{"title of another table", "bellum_magica", "fr", "Cartes Village du royaume des humains\n", "Cartes Ville du royaume des humains\n", diag.RulebookConcept, "Cartes Ville du royaume"},
		{"title near a subheading", "bellum_magica", "fr", "Cartes Ferme du royaume des humains\n", "Cartes Ferme du réserve\n", diag.RulebookRule, "Cartes Ferme du réserve"},
		// A cell of words changed reads as no cell of the game.
		{"cell of words", "warlock", "de", "\nSiegpunkte\n\n6\n", "\nGold\n\n6\n", diag.RulebookParam, "Gold"},
		// A text the rules print after a section is theirs.
		{"text after a section", "warlock", "de", ", bringt ebenfalls 9 Siegpunkte.", ".", diag.RulebookOmission, "Jede weitere Stadt"},
		// The note of a mark the page shows, left out or cut short.
		{"note left out", "bellum_magica", "fr", "† valeur reconstituée : elle n’est pas imprimée dans la règle du jeu\n", "", diag.RulebookOmission, "Payer une tournée"},
		{"note cut short", "bellum_magica", "de", ": nicht in der Spielregel abgedruckt", "", diag.RulebookOmission, "† rekonstruiert"},
		// The game's tagline, on the first page.
		{"tagline", "warlock", "en", "Build an empire", "Build a supply", diag.RulebookRule, "Build a supply"},
		// A heading left out with the words of its first sentence that
		// the section before has too ("The cards not kept are").
		{"words of the section before", "warriors", "en",
			"3.2 Preparing the third (and last) round\nThis round is prepared like the first two, except for the dealing of the cards: the dealer takes the draw\n" +
				"pile, shuffles into it all the cards discarded during the first two rounds, then deals 7 new cards to each\nplayer, who keeps 5 of them. ", "",
			diag.RulebookOmission, "The cards not kept are removed"},
		// The first words of a list's item that the next page goes on
		// with, a name after them.
		{"item going on with a name", "warlock", "de",
			"\n• Korrekturlesen und Übersetzung der Spielregel: Benjamin Verpoort, Marleen Windels, Dieter Claus,", "",
			diag.RulebookOmission, "• Grafikdesign"},
		// The first words of a sentence left out at a page's top, the
		// rest of it starting the page with a capital the rules do not
		// write there.
		{"sentence start at a page's top", "bellum_magica", "en",
			"\fThe rule of magic shields", "\fShields",
			diag.RulebookOmission, "\f"},
		// A sentence left out that leaves a line reading like a
		// numbered heading ("2. Thanks to your thief, you steal 1 chest
		// from"), amid a sentence.
		{"line like a numbered heading", "bellum_magica", "en",
			"2. Your 2 swords beat their shield: the attack succeeds. Thanks", "2. Thanks",
			diag.RulebookOmission, "2. Thanks"},
		// A line of text that reads as a table's cell ("2."), and the
		// sentence after it, left out: the line ends the sentence
		// before, so the gap is after it.
		{"text that reads as a number cell", "warriors", "fr",
			"Exemple : un symbole Bouclier permet de jeter un dé, mais 4 symboles Bouclier ne permettent pas\nd’en jeter plus de 2.\n", "",
			diag.RulebookOmission, "Note : même si"},
		// A line of text whose words read as a table's cell ("peuple.").
		{"text that reads as a cell", "warriors", "fr", ", ou une faction de l’ennemi juré de son peuple", "", diag.RulebookOmission, "peuple"},
		// A negation taken out around a word, and one put in next to
		// the same word.
		{"negation around a word", "warriors", "fr", "4 symboles Bouclier ne permettent pas", "4 symboles Bouclier permettent", diag.RulebookRule, "Exemple : un symbole"},
		{"negation doubled", "warriors", "de", "können\nnicht in einer", "können nicht\nnicht in einer", diag.RulebookRule, "Drachen sind Einzelgänger"},
		// A heading left out with the sentence after it, where the
		// section goes on with a list: its opening words are a list
		// item's, not the words of the sentence before.
		{"heading before a list", "warlock", "en", "Final scoring\nPreparation of the final scoring:\n", "", diag.RulebookOmission, "• Giant cities"},
		// A heading left out whose title a sentence of the section
		// before quotes at a line's start ("(see\n“Powers and
		// skills”)."): that line goes on with its sentence; it is no
		// heading.
		{"title quoted", "warlock", "en", "5 Powers and skills\nBy now it should be clear that you have to be both evil and clever here. ", "", diag.RulebookOmission, "Combine these traits"},
		// The last item of a list and the last paragraph of a block,
		// left out before a page padded to its foot: they ended the
		// page, on a line of their own, not started the next.
		{"last item before a page break", "warriors", "en", "• there are factions they can legally target with an attack.\n", "", diag.RulebookOmission, "battle card);\n"},
		{"last paragraph before a page break", "warriors", "en",
			"Had the defender rolled 6 and 3, the attacker would have had to discard 2 flames so as not to give\ntheir dragon to the defender: after the bonus of +1 for the dragon’s power, the comparison of the\n" +
				"second-highest dice is a tie (3 against 3), which the defender wins.\n", "", diag.RulebookOmission, "and put it in their victory pile.\n"},
		// A heading left out with the sentence after it, where the
		// section goes on with a line that starts with "Une", a number
		// word.
		{"opening with a number word", "warriors", "fr", "5.2 Les magiciens\nLes magiciens servent à protéger une faction, mais cette protection ne dure qu’un round. ", "", diag.RulebookOmission, "Une fois posé"},
		// The same, where the section goes on with a number ("84
		// Kriegerkarten") after a cover page whose blank lines part it
		// from the tagline.
		{"opening with a number", "warriors", "de", "\f1 Spielmaterial\nDie Schachtel enthält folgende Karten und Würfel.\n", "\f\n", diag.RulebookOmission, "\f"},
		// The same, where the rest of the section reads too little like
		// its start to place it: the section started where the text of
		// the section before ends.
		{"opening not found", "warriors", "de",
			"7.5 Spielvorbereitung\nMit der Erweiterung hängt die Zahl der ausgeteilten Karten von der Zahl der Spieler ab, wie die folgenden\n" +
				"Tabellen zeigen: Sie geben an, wie viele Karten jeder Spieler bei der ersten Verteilung erhält und wie viele\n" +
				"er vor der ersten und zweiten Runde sowie vor der dritten und letzten Runde erhält und behält.\n", "",
			diag.RulebookOmission, "Wie im Grundspiel"},
		// A table's title left out at a page's start, after the blank
		// lines that end the page before.
		{"table title at a page's start", "warriors", "en", "\fFirst and second rounds: cards kept (expansion)\n", "\f\n", diag.RulebookOmission, "\f"},
		// A block of its own (an example) left out at the top of a page:
		// it does not end the block before it, so it stood there.
		{"block at a page's top", "warriors", "fr",
			"Exemple : 2 symboles Bouclier permettent de jeter 2 dés, mais 5 symboles Bouclier ne permettent pas\nd’en jeter plus de 3.\n", "",
			diag.RulebookOmission, "\f"},
		// The end of a sentence, and of its block, left out at the top
		// of a page: the last line of the page before has no room for
		// it.
		{"end of a block at a page's top", "warlock", "fr",
			"\fles éditeurs qui ont examiné le prototype « Citopia » et aux nombreux testeurs.\n", "\f\n",
			diag.RulebookOmission, "\f"},
		// Words left out where a heading meets its text.
		{"heading cut short", "warlock", "en", "recruiting creatures in Hubba's bar\nStaring at your subordinates is tiresome and extremely dull", "", diag.RulebookOmission, "3 The auction"},
		// Words that open a paragraph of the rules, left out, started
		// the line after a paragraph's end; words that went on one,
		// the line of its text before.
		{"paragraph start", "warlock", "en", "If Hubba's bar is full (3 cards per player)", "", diag.RulebookOmission, ", the day ends"},
		{"paragraph's last sentence", "bellum_magica", "en", " Reveal the first 2 cards of each deck and line\nthem up face up below their deck.", "", diag.RulebookOmission, "which you place"},
		// A sentence left out whose opening words the next sentence
		// repeats: the gap is where it started, not along the repeat.
		{"sentence the next one repeats", "warriors", "en", "A dragon can always be the target of a charge.", "", diag.RulebookOmission, "(see the base game)"},
		{"sentence the next line repeats", "warlock", "en", "If Hubba's bar isn't full, continue with the next round.", "", diag.RulebookOmission, "pile."},
		{"list item the next one repeats", "warlock", "en", "15\ngnomes (red) and 15 goblins (brown)", "", diag.RulebookOmission, "• 120 creature cards"},
		// The end of a list item's sentence, on lines of its own after
		// the item's colon, left out at a page's foot: the page lost
		// lines, so the words stood there, after the item. The item is
		// there: only the words are reported.
		{"end of an item at a page's foot", "warlock", "de",
			"Die Städte einer Kette bringen nacheinander 1, 2, 3, 5, 7, 9 Siegpunkte, und jede weitere Stadt bringt\nso viel wie die letzte.\n", "",
			diag.RulebookOmission, "• Siegpunkte für jede Kette"},
		// Words that go on with a sentence, left out at the start of a
		// line that is short now, the paragraph going on below it: they
		// did not fit on the full line before.
		{"words starting a line", "warriors", "de", "Der Geber nimmt den Ziehstapel, mischt", "Mischt", diag.RulebookOmission, "Mischt alle"},
		// A subheading left out with the sentence after it at a page's
		// top: a book keeps a subheading with its text, so they stood
		// there, not on the blank lines that end the page before.
		{"subheading at a page's top", "warlock", "en", "A. Play a card from your hand\nIf you play a card from your hand, you give the creature a task. ", "", diag.RulebookOmission, "\f"},
		{"subheading and its paragraph at a page's top", "bellum_magica", "fr",
			"C. Les pioches de créatures\nMélangez séparément les cartes Créature maléfique et les cartes Créature super maléfique pour former\n" +
				"deux pioches distinctes, que vous placez face cachée au-dessus du royaume des humains. ", "",
			diag.RulebookOmission, "\f"},
		// A subheading left out at a page's foot with the first line of
		// a sentence the next page goes on with: they stood on that
		// foot.
		{"subheading and a sentence's start at a page's foot", "bellum_magica", "de",
			"C. Die Kreaturenstapel\nMischt die bösen Kreaturen und die superbösen Kreaturen getrennt und bildet daraus zwei eigene Stapel,\n", "",
			diag.RulebookOmission, "neben die Taverne."},
		// A heading left out with the words that open its sentence,
		// leaving a line that starts with the heading's words and leads
		// in a list with a colon: a sentence, not the heading.
		{"heading's words leading in a list", "warlock", "fr", "Un nouveau jour\nAprès chaque vente aux enchères, un nouveau jour", "Un nouveau jour", diag.RulebookOmission, "Un nouveau jour commence"},
		// The end of a sentence left out at the top of a page that is
		// short by nature, not by the words: they stood there.
		{"end of a sentence at a page's top", "bellum_magica", "de", "die ihr verdeckt oberhalb des Menschenreichs ablegt. ", "", diag.RulebookOmission, "\f"},
		// A sentence that ends a block of the rules, left out at the top
		// of a page that lost its line: it stood there, reported once.
		{"end of a block at the top of a page that lost it", "bellum_magica", "en", "\fThe rule of magic shields and magic swords applies too.\n", "\f", diag.RulebookOmission, "\f"},
		// The same, its line left blank: a page that starts blank lost
		// its first line.
		{"end of a block at a blank page top", "bellum_magica", "en", "\fThe rule of magic shields and magic swords applies too.\n", "\f\n", diag.RulebookOmission, "\f"},
		// A list item left out at a page's top, its line left blank:
		// it stood there, not after the next item's bullet.
		{"item at a blank page top", "warlock", "de", "\f• eine Karte aus seiner Hand spielen ODER\n", "\f\n", diag.RulebookOmission, "\f"},
		// The last sentence of a section's text left out before a page
		// break, the page lost its line: it stood on that page.
		{"last sentence before a page break", "bellum_magica", "en", "The table below gives the chests of the game and their value.\n", "", diag.RulebookOmission, "In case of a tie, the player with the most chests wins.\n"},
		// A heading left out with the sentence after it, where a later
		// paragraph of the section repeats that sentence's words ("If a
		// dragon loses a comparison of dice"): the section starts where
		// its words resume, not there.
		{"opening repeated later", "warriors", "en",
			"7.2 Flame cards\nFlame cards protect the dragon they are assigned to: when a dragon loses a comparison of dice between\n" +
				"the attacker and the defender (of the highest dice or of the second-highest dice), its owner may discard a\n" +
				"flame card assigned to this dragon so as not to lose it. ", "",
			diag.RulebookOmission, "A flame never goes"},
		// Words that open a paragraph after one ending with an ellipsis
		// started its line.
		{"paragraph start after an ellipsis", "warriors", "fr", "Pour annoncer une charge, l’attaquant", "L’attaquant", diag.RulebookOmission, "L’attaquant doit retourner"},
	}
	// The edits whose finding is the only one: the rest of the sentence
	// is no loss.
	alone := map[string]bool{
		"end of an item at a page's foot":                  true,
		"subheading and its paragraph at a page's top":     true,
		"end of a block at the top of a page that lost it": true,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := books[tt.game][tt.lang]
			clean := bookText(p.book)
			edited := strings.Replace(clean, tt.old, tt.new, 1)
			if edited == clean {
				t.Fatalf("%q is not in the book", tt.old)
			}
			// The line looked for is near the edit; at ending with a
			// line break stands for the line after at's, a form feed
			// alone for a page's first line.
			near := strings.Count(clean[:strings.Index(clean, tt.old)], "\n") - 3
			at, after := strings.CutSuffix(tt.at, "\n")
			want := 0
			for i, l := range strings.Split(edited, "\n") {
				if i >= near && (at == "\f" && strings.HasPrefix(l, at) || at != "\f" && strings.HasPrefix(strings.TrimPrefix(l, "\f"), at)) {
					want = i + 1
					if after {
						want++
					}
					break
				}
			}
			got, err := checkText(p.g, "book.txt", tt.lang, edited)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range got {
				// A quotation is marked once: “…”, not "“…”".
				if strings.Contains(d.Message, "\"“") || strings.Contains(d.Message, "”\"") {
					t.Errorf("quoted twice: %s", d.Message)
				}
			}
			if alone[tt.name] && len(got) > 1 {
				t.Errorf("%d findings, want 1:\n%s", len(got), got)
			}
			for _, d := range got {
				if d.Code == tt.code && d.Pos.Line == want {
					return
				}
			}
			t.Errorf("no %s finding at line %d (%q); got:\n%s", tt.code, want, tt.at, got)
		})
	}
}

// TestNegationQuoted: a negation finding quotes the negation as the
// text writes it, both its words where it has two.
func TestNegationQuoted(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		game, lang, old, new, quote string
	}{
		{"warriors", "fr", "4 symboles Bouclier ne permettent pas", "4 symboles Bouclier permettent", "(\"ne … pas\")"},
		{"bellum_magica", "de", "kann nur durch", "kann nicht nur durch", "(\"nicht nur\")"},
	}
	for _, tt := range tests {
		p := books[tt.game][tt.lang]
		clean := bookText(p.book)
		edited := strings.Replace(clean, tt.old, tt.new, 1)
		got, err := checkText(p.g, "book.txt", tt.lang, edited)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(got, func(d diag.Diagnostic) bool {
			return d.Code == diag.RulebookRule && strings.Contains(d.Message, tt.quote)
		}) {
			t.Errorf("%s %s: no %s finding quoting %s; got:\n%s", tt.game, tt.lang, diag.RulebookRule, tt.quote, got)
		}
	}
}

// TestQuoteStopsAtTitle: a finding's quotation does not run a subheading
// the book sets on its own line into the sentence below it.
func TestQuoteStopsAtTitle(t *testing.T) {
	books := printBooks(t)
	p := books["bellum_magica"]["en"]
	clean := bookText(p.book)
	const title = "The creature decks"
	edited := strings.Replace(clean, "Shuffle the evil creature cards", "Shuffle the most evil creature cards", 1)
	if edited == clean || !strings.Contains(clean, title+"\n") {
		t.Fatalf("the printed book no longer has the text this test edits")
	}
	got, err := checkText(p.g, "book.txt", "en", edited)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range got {
		if d.Code != diag.RulebookConcept {
			continue
		}
		found = true
		if strings.Contains(d.Message, title) {
			t.Errorf("the quotation runs the title into the sentence: %s", d.Message)
		}
	}
	if !found {
		t.Errorf("no %s finding; got:\n%s", diag.RulebookConcept, got)
	}
}
