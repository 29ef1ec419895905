package bellummagica

import "github.com/grimoire-games/grimoire/engine"

// Kind is what an action does. The engine's own number of an action is
// its kind times 256 plus its argument; the game's is the rules' (see
// numbers).
type Kind uint8

const (
	DealCastle        Kind = iota + 1 // chance: Arg is the castle the next seat is dealt
	DealGoblin                        // chance: Arg is the goblin design dealt
	RevealLocation                    // chance: Arg is the location design turned face up
	RevealCreature                    // chance: Arg is the creature design turned face up
	Roll                              // chance: the die shows Arg+1
	DrawChest                         // chance: Arg is the chest design taken from its stack
	StolenChest                       // chance: Arg is the chest design a thief picked blind
	PlaceLeft                         // tuck creature design Arg to the left of the castle
	PlaceRight                        // tuck creature design Arg to the right
	KeepRoll                          // let the die stand
	PayRound                          // spend a barrel to force a re-roll
	CastConfusion                     // the Captain flips a confusion spell to re-roll
	AttackLocation                    // attack the face-up location design Arg
	AttackCastle                      // attack the castle of seat Arg
	NoAttack                          // make no attack
	Steal                             // steal a chest of kind Arg, blind
	RecruitFood                       // recruit face-up evil creature design Arg for food
	RecruitGlyphsFood                 // recruit face-up most evil creature design Arg for glyphs and food
	RecruitGlyphs                     // recruit face-up most evil creature design Arg for glyphs alone
	StopRecruiting                    // recruit no more this day
	StopStealing                      // steal no more chests in this castle attack
	kinds
)

// Move is a decoded action.
type Move struct {
	Kind Kind
	Arg  int
}

// encode turns a move into its own action number (see numbers).
func encode(m Move) engine.Action { return engine.Action(int(m.Kind)<<8 | m.Arg) }

// decode turns an own action number into a move.
func decode(a engine.Action) (Move, bool) {
	k, arg := Kind(a>>8), int(a&0xff)
	if a < 0 || k == 0 || k >= kinds {
		return Move{}, false
	}
	return Move{Kind: k, Arg: arg}, true
}

func act(k Kind, arg int) engine.Action { return encode(Move{Kind: k, Arg: arg}) }
