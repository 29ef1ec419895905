package bellummagica

import (
	"strings"
	"testing"
)

// sides sums a creature's abilities on the production side (left) and on
// the attack side (right).
func sides(c *Creature, faces int) (left, right int) {
	for a := range abilities {
		for row := range faces {
			if a < Swords {
				left += int(c.Rows[a][row])
			} else {
				right += int(c.Rows[a][row])
			}
		}
	}
	return left, right
}

// TestCreaturesDistinct: no two creature designs share their abilities.
func TestCreaturesDistinct(t *testing.T) {
	r := shipped(t)
	seen := map[Rows]string{}
	for _, c := range r.Creatures {
		if other, ok := seen[c.Rows]; ok {
			t.Errorf("%s and %s have the same abilities", other, c.ID)
		}
		seen[c.Rows] = c.ID
	}
}

// TestCreaturesFollowTheRulebook: what the rulebook says of creatures
// holds for the reconstructed ones. Each can be tucked on either side to
// some use (left: production and prospection; right: attack); goblins are
// the simplest creatures and, dealt rather than recruited, bring no bonus
// token; magic swords come from creatures only; recruited creatures bring
// every kind of bonus token; and the promised terrifying dragons are most
// evil creatures, stronger than any other, with magic swords.
func TestCreaturesFollowTheRulebook(t *testing.T) {
	r := shipped(t)
	faces := r.Params.Faces
	weakestRecruit, strongestGoblin := 1<<30, 0
	bonuses := map[Bonus]bool{}
	magic := false
	for i := range r.Creatures {
		c := &r.Creatures[i]
		left, right := sides(c, faces)
		if left == 0 || right == 0 {
			t.Errorf("%s: %d abilities on the left and %d on the right; either side must do something", c.ID, left, right)
		}
		for row := range faces {
			magic = magic || c.Rows[MagicSwords][row] > 0
		}
		if c.Kind == Goblin {
			strongestGoblin = max(strongestGoblin, left+right)
			if c.Bonus != NoBonus {
				t.Errorf("goblin %s brings a bonus token, which only recruiting gives", c.ID)
			}
			continue
		}
		weakestRecruit = min(weakestRecruit, left+right)
		bonuses[c.Bonus] = true
	}
	if strongestGoblin > weakestRecruit {
		t.Errorf("a goblin has %d abilities, a recruited creature only %d", strongestGoblin, weakestRecruit)
	}
	for _, b := range []Bonus{ShieldBonus, ConfusionBonus, MagicShieldBonus} {
		if !bonuses[b] {
			t.Errorf("no recruited creature brings bonus token %d", b)
		}
	}
	if !magic {
		t.Error("no creature has a magic sword")
	}
	for _, c := range r.Castles {
		for row := range faces {
			if c.Rows[MagicSwords][row] > 0 {
				t.Errorf("%s prints a magic sword; magic swords come from creatures", c.ID)
			}
		}
	}

	// Dragons are named so in every language.
	words := map[string]string{"fr": "dragon", "en": "dragon", "de": "drache"}
	isDragon := func(c *Creature, lang string) bool {
		return strings.Contains(strings.ToLower(r.name(lang, "card."+c.ID)), words[lang])
	}
	strongestOther, weakestDragon, dragons := 0, 1<<30, 0
	for i := range r.Creatures {
		c := &r.Creatures[i]
		left, right := sides(c, faces)
		if !isDragon(c, "fr") {
			strongestOther = max(strongestOther, left+right)
			continue
		}
		dragons++
		weakestDragon = min(weakestDragon, left+right)
		if c.Kind != MostEvil {
			t.Errorf("dragon %s is not a most evil creature", c.ID)
		}
		for lang := range words {
			if !isDragon(c, lang) {
				t.Errorf("dragon %s is not a dragon in %s: %q", c.ID, lang, r.name(lang, "card."+c.ID))
			}
		}
		n := 0
		for row := range faces {
			n += int(c.Rows[MagicSwords][row])
		}
		if n == 0 {
			t.Errorf("dragon %s has no magic sword", c.ID)
		}
	}
	if dragons == 0 {
		t.Fatal("no dragon among the creatures")
	}
	if weakestDragon <= strongestOther {
		t.Errorf("a dragon has %d abilities, another creature %d", weakestDragon, strongestOther)
	}
}
