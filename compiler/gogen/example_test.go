package gogen_test

import (
	"fmt"

	"github.com/grimoire-games/grimoire/gen/warlock"
)

// Using the committed Warlock tables, as docs/integrating.md shows.
func Example_warlock() {
	for _, c := range warlock.CreatureCards()[:2] {
		cr := c.Creature // the card's typed fields
		fmt.Println(c.ID, c.Copies, cr.Race, cr.Points, cr.Cost, c.Reconstructed)
		fmt.Println(c.ID.Name(warlock.LangFR, c.Copies), cr.Race.Name(warlock.LangDE, 1))
	}
	p := warlock.DefaultParams() // every rule parameter, typed
	fmt.Println(p.MajorityBonus[warlock.RaceGiant], p.HumanChainPoints, warlock.TotalCreatures)
	fmt.Println(warlock.CardTonar.Name(warlock.LangEN, 1), warlock.MinPlayers, warlock.MaxPlayers)
	// Output:
	// giant_1 7 giant 2 [human] [copies gold points cost]
	// géants Riese
	// giant_2 6 giant 3 [gnome goblin] [copies gold points cost]
	// géants Riese
	// 6 [1 2 3 5 7 9] 120
	// Tonar 3 5
}
