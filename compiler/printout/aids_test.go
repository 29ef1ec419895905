package printout_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// shippedGame loads the shipped games afresh, so that a test may override
// one's parameters, and returns the game whose id is id.
func shippedGame(t *testing.T, id string, set ...string) *model.Game {
	t.Helper()
	for _, g := range shipped(t).Games {
		if g.ID != id {
			continue
		}
		for _, a := range set {
			if d := compiler.Override(g, a); d.HasErrors() {
				t.Fatalf("--set %s: %s", a, d)
			}
		}
		return g
	}
	t.Fatalf("no shipped game %s", id)
	return nil
}

// printed returns the text of a printout of g played in variant, with
// spaces squashed.
func printed(t *testing.T, g *model.Game, variant, lang string, k printout.Kind) string {
	t.Helper()
	p, err := g.Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	return squash(string(run(t, write(t, p, printout.Options{Kind: k, Lang: lang}), "pdftotext", "-layout")))
}

// TestDragonHordesAids prints Warriors' reference sheet and player aids
// with parameters set to numbers found nowhere else: those played with
// the expansion show its deal, dragons and bonus from the parameters and
// never the base game's deal, and the base game's show none of it.
func TestDragonHordesAids(t *testing.T) {
	g := shippedGame(t, "warriors",
		"hordes_initial_deal.2=21", "hordes_round_deal.2=31", "hordes_round_keep.2=29",
		"hordes_last_round_deal.2=37", "hordes_last_round_keep.2=33",
		"catapult_dragon_hit=5", "dragon_bonus=47", "victory_points=3")
	tests := []struct {
		variant, lang string
		has, lacks    []string
	}{
		{"dragon_hordes", "en", []string{
			"2 players: 21; 31, keep 29; 37, keep 33",
			"flames stay",
			"it takes a 5 on the die to kill a dragon",
			"Draconic battle:", "Mixed battle:",
			"scores a bonus of 47 points",
			"Each card in your victory pile scores 3 points",
			"the tied player with the most cards in their victory pile wins",
		}, []string{"is dealt 7 cards and keeps 4", "is dealt 7 cards and keeps 5"}},
		{"dragon_hordes", "fr", []string{
			"2 joueurs : 21 ; 31, en garder 29 ; 37, en garder 33",
			"il faut 5 au dé pour tuer un dragon",
			"marque un bonus de 47 points",
			"Chaque carte de sa pile de victoire rapporte 3 points",
			"chacun des ex æquo marque la totalité du bonus",
		}, []string{"reçoit 7 cartes et en garde 4", "reçoit 7 cartes et en garde 5"}},
		{"dragon_hordes", "de", []string{
			"2 Spieler: 21; 31, davon 29 behalten; 37, davon 33 behalten",
			"braucht es eine 5 auf dem Würfel",
			"einen Bonus von 47 Punkten",
			"Jede Karte im eigenen Siegstapel bringt 3 Punkte",
		}, []string{"erhält 7 Karten und behält 4", "erhält 7 Karten und behält 5"}},
		{"", "en", []string{
			"is dealt 7 cards and keeps 4",
			"Each card in your victory pile scores 3 points",
		}, []string{"31, keep 29", "kill a dragon", "47 points"}},
	}
	for _, tt := range tests {
		for _, k := range []printout.Kind{printout.Reference, printout.Cards} {
			t.Run(tt.variant+" "+tt.lang+" "+k.String(), func(t *testing.T) {
				text := printed(t, g, tt.variant, tt.lang, k)
				hasLacks(t, text, tt.has, tt.lacks)
			})
		}
	}
}

// TestHumanChainFurther checks that Warlock's sheet and rulebook say what
// every city of a chain beyond the table scores: the last value, read
// from the data.
func TestHumanChainFurther(t *testing.T) {
	g := shippedGame(t, "warlock", "human_chain_points=[1,2,3,5,7,9,11]")
	for lang, want := range map[string]string{
		"en": "Every further city of a chain, beyond the last in the table, also scores 11 victory points.",
		"fr": "Chaque cité supplémentaire d’une chaîne, au-delà de la dernière du tableau, rapporte elle aussi 11 points de victoire.",
		"de": "Jede weitere Stadt einer Kette, über die letzte der Tabelle hinaus, bringt ebenfalls 11 Siegpunkte.",
	} {
		for _, k := range []printout.Kind{printout.Reference, printout.Rules} {
			if text := printed(t, g, "", lang, k); !strings.Contains(text, want) {
				t.Errorf("%s %s lacks %q:\n%s", lang, k, want, text)
			}
		}
	}
}

// TestContents checks the box's contents on every reference sheet: the
// aids Grimoire prints are not listed, and every component is.
func TestContents(t *testing.T) {
	for _, g := range shipped(t).Games {
		for _, v := range append([]string{""}, g.VariantIDs()...) {
			p, err := g.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range g.Languages {
				t.Run(g.ID+" "+v+" "+lang, func(t *testing.T) {
					loc, err := l10n.New(p, lang)
					if err != nil {
						t.Fatal(err)
					}
					// Read in reading order: a name that wraps in its cell
					// follows its count.
					text := squash(string(run(t, write(t, p, printout.Options{Kind: printout.Reference, Lang: lang}), "pdftotext", "-raw")))
					aids := 0
					for _, c := range p.Cards {
						if c.Type != "aid" {
							continue
						}
						aids++
						name, err := loc.Count(c.Message, c.Copies)
						if err != nil {
							t.Fatal(err)
						}
						if s := fmt.Sprintf("%d %s", c.Copies, name); strings.Contains(text, s) {
							t.Errorf("the contents list the aid %q", s)
						}
					}
					if aids == 0 {
						t.Errorf("game %s has no aid to leave out of its contents", g.ID)
					}
					for _, c := range p.Components {
						name, err := loc.Count(c.Message, c.Count)
						if err != nil {
							t.Fatal(err)
						}
						if s := fmt.Sprintf("%d %s", c.Count, upperFirst(squash(name))); !strings.Contains(text, s) {
							t.Errorf("the contents lack %q:\n%s", s, text)
						}
					}
				})
			}
		}
	}
}

// TestAidTexts checks what the aids say that players at the table ask
// for: Bellum Magica's castle magic shields, magic swords, one shield
// token per attack and the winner; and the name the box gives the
// re-roll tokens ("Relance", printed on the token), which the
// translations keep.
func TestAidTexts(t *testing.T) {
	g := shippedGame(t, "bellum_magica", "robbery_shields=3", "end_chests=13")
	for _, tt := range []struct {
		lang string
		kind printout.Kind
		want []string
	}{
		{"fr", printout.Reference, []string{
			"épées magiques ≥ jetons Bouclier magique",
			"les épées magiques comptent aussi comme épées",
			"gagne 3 jeton Bouclier par attaque, quel que soit le nombre de coffres volés",
			"13 coffres ou plus après la phase d’attaque : fin de la partie. Le joueur le plus riche (valeur de ses coffres) gagne",
			"17 Jetons Relance",
		}},
		{"en", printout.Reference, []string{
			"magic swords ≥ magic shield tokens",
			"magic swords count as swords too",
			"gains 3 shield token per attack, however many chests are stolen",
			"The richest player (value of their chests) wins; in case of a tie, the one with the most chests",
			"17 Relance tokens",
		}},
		{"de", printout.Reference, []string{
			"Zauberschwerter ≥ Zauberschildplättchen",
			"Zauberschwerter zählen auch als Schwerter",
			"erhält 3 Schildplättchen pro Angriff",
			"Der reichste Spieler (Wert seiner Truhen) gewinnt",
			"17 Relance-Plättchen",
		}},
		{"fr", printout.Rules, []string{"17 jetons Relance (sorts de confusion)", "un jeton Relance (sort de confusion) vous permet"}},
		{"en", printout.Rules, []string{"17 Relance tokens (confusion spells)", "a Relance token (confusion spell) lets you"}},
		{"de", printout.Rules, []string{"17 Relance-Plättchen (Verwirrungszauber)", "ein Relance-Plättchen (Verwirrungszauber) erlaubt dir"}},
	} {
		text := printed(t, g, "", tt.lang, tt.kind)
		for _, s := range tt.want {
			if !strings.Contains(text, s) {
				t.Errorf("%s %s lacks %q", tt.lang, tt.kind, s)
			}
		}
	}
}

// TestPowersCardSize checks that Warlock's powers and skills, split over
// two cards, print at 7 pt or more in every language.
func TestPowersCardSize(t *testing.T) {
	g := shippedGame(t, "warlock")
	for _, lang := range g.Languages {
		sizes, err := printout.CardTextSizes(g, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, card := range []string{"reference_powers", "aid_powers"} {
			if s, ok := sizes[card]; !ok || s < 7 {
				t.Errorf("%s: card %s prints at %g pt; want 7 pt or more", lang, card, s)
			}
		}
	}
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
