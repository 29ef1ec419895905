package gogen_test

import (
	"fmt"

	"github.com/grimoire-games/grimoire/gen/warlock"
)

// Using the committed Warlock tables, as the README shows.
func Example_warlock() {
	for _, c := range warlock.CreatureCards()[:2] {
		cr := c.Creature
		fmt.Println(c.ID, c.Copies, cr.Race, cr.Points, cr.Cost, cr.Race.Name(warlock.LangFR, c.Copies))
	}
	p := warlock.DefaultParams()
	fmt.Println(p.MajorityBonus[warlock.RaceGiant], warlock.TotalCreatures)
	// Output:
	// giant_1 7 giant 2 [human] géants
	// giant_2 6 giant 3 [gnome goblin] géants
	// 6 120
}
