package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/star"
)

// The globals the rules define, besides functions.
const (
	globalStart    = "START"     // card type → the zone its cards start in
	globalActions  = "ACTIONS"   // action kind → what its argument ranges over
	globalGame     = "GAME"      // the table's variables and their first values
	globalPlayer   = "PLAYER"    // each seat's variables and their first values
	globalRounds   = "ROUNDS"    // the GAME variable that counts the game's length
	globalTextOnly = "TEXT_ONLY" // sections with no code, and why
	globalPhases   = "PHASES"    // the phases, the first the one the game starts in
	globalHorizon  = "HORIZON"   // the GAME variable whose change ends a search's play-out
	globalOutcomes = "OUTCOMES"  // the most outcomes a chance node has (a die's faces)
	globalPrivate  = "PRIVATE"   // each seat's variables that only that seat sees
)

// The functions the rules define.
const (
	fnSetup   = "setup"   // setup(g): deals and first values
	fnReturns = "returns" // returns(g): each seat's result, once over
	fnValue   = "value"   // value(g, p): how good the position is for p, for the greedy bot
	legalPre  = "legal_"  // legal_<kind>(g, p): the arguments p may play
	applyPre  = "apply_"  // apply_<kind>(g, p, x): what playing x does
)

// Build builds the game of g from its rules, with every diagnostic its
// rules deserve; the game is nil when there is an error.
func Build(g *model.Game) (*Game, diag.List) { return build(g, Budget) }

// build is Build with a step budget for each call of the rules.
func build(g *model.Game, budget uint64) (*Game, diag.List) {
	var d diag.List
	if len(g.Rules) == 0 {
		d.Errorf(g.Pos, diag.RulesShape, "game %s has no rules: a .star file in its directory gives them", g.ID)
		return nil, d
	}
	gm := &Game{m: g, byID: map[string]int{}}
	for _, c := range g.Cards {
		gm.byID[c.ID] = len(gm.designs)
		gm.designs = append(gm.designs, c)
	}
	if len(gm.designs) > 1<<15 {
		d.Errorf(g.Pos, diag.RulesShape, "%d card designs; the rules engine plays at most %d", len(gm.designs), 1<<15)
		return nil, d
	}
	types := map[string]*model.Type{}
	for _, t := range g.Types {
		types[t.ID] = t
		for _, f := range t.Fields {
			if f.ID == "id" || f.ID == "type" || f.ID == "order" {
				// The rules read c.id, c.type and c.order(field) of
				// every card.
				d.Errorf(f.Pos, diag.RulesShape, "type %s has a field %s, which the rules language keeps for every card (c.id, c.type, c.order): rename the field", t.ID, f.ID)
			}
		}
	}
	if d.HasErrors() {
		return nil, d
	}
	enums := map[string]*model.Enum{}
	for _, e := range g.Enums {
		enums[e.ID] = e
	}
	gm.cards = make([]*Card, len(gm.designs))
	for i := range gm.designs {
		gm.cards[i] = &Card{g: gm, d: i}
	}
	for i, c := range gm.designs {
		gm.cards[i].attrs = cardAttrs(gm, c, types[c.Type], enums)
	}
	cardSet := &cardSet{g: gm, names: slices.Sorted(maps.Keys(gm.byID))}
	paramDict := starlark.StringDict{}
	for _, p := range g.Params {
		paramDict[p.ID] = toStar(gm, p.Type, p.Value, enums)
	}
	gm.params = starlarkstruct.FromStringDict(starlark.String("params"), paramDict)
	predeclared := starlark.StringDict{
		"params": gm.params,
		"cards":  cardSet,
		"sum":    starlark.NewBuiltin("sum", sum),
		"texts":  textsModule(gm),
		"players": starlarkstruct.FromStringDict(starlark.String("players"), starlark.StringDict{
			"min": starlark.MakeInt(g.Players.Min), "max": starlark.MakeInt(g.Players.Max),
		}),
	}
	components, componentIDs := componentSet(g)
	predeclared["components"] = components
	prog, cd := star.Compile(g.Rules, predeclared, budget)
	d = append(d, cd...)
	if prog == nil {
		return nil, d
	}
	gm.prog = prog
	b := &builder{gm: gm, d: &d}
	b.zones()
	b.vars()
	b.actions()
	b.functions()
	b.layout()
	b.names()
	b.labels()
	b.attributes()
	b.uses(paramDict, gm.byID, componentIDs)
	b.sections()
	b.rulings()
	if d.HasErrors() {
		return nil, d.Sort()
	}
	return gm, d.Sort()
}

// builder reads the rules' declarations into a Game.
type builder struct {
	gm *Game
	d  *diag.List
}

// at is where the rules define name, or the start of their first file.
func (b *builder) at(name string) diag.Pos {
	if p, ok := b.gm.prog.DefPos(name); ok {
		return p
	}
	return diag.Pos{File: b.gm.m.Rules[0].Name, Line: 1, Col: 1}
}

func (b *builder) zones() {
	for _, z := range b.gm.m.Zones {
		b.gm.zones = append(b.gm.zones, zoneDecl{id: z.ID, player: z.Owner == model.ZonePlayer, visible: z.Visible})
	}
	gm := b.gm
	gm.start = make([]int, len(gm.designs))
	for i := range gm.start {
		gm.start[i] = -1
	}
	v := gm.prog.Global(globalStart)
	if v == nil {
		return // a game played with no cards, such as a dice game
	}
	dict, ok := v.(*starlark.Dict)
	if !ok {
		b.d.Errorf(b.at(globalStart), diag.RulesShape, "%s is a dict of the card types the game is played with, each with the zone of the table its cards start in (the rules have %s)", globalStart, describe(v))
		return
	}
	var typeIDs []string
	for _, t := range gm.m.Types {
		typeIDs = append(typeIDs, t.ID)
	}
	for _, it := range dict.Items() {
		typ, _ := it[0].(starlark.String)
		zone, _ := it[1].(starlark.String)
		if !slices.Contains(typeIDs, string(typ)) {
			b.unknown(b.atKey(globalStart, string(typ)), "card type", string(typ), typeIDs)
			continue
		}
		zi := slices.IndexFunc(gm.zones, func(z zoneDecl) bool { return z.id == string(zone) })
		switch {
		case zi < 0:
			b.unknown(b.atKey(globalStart, string(zone)), "zone", string(zone), b.zoneIDs())
			continue
		case gm.zones[zi].player:
			b.d.Errorf(b.atKey(globalStart, string(zone)), diag.RulesShape, "%s: zone %s is one per player; the cards start in a zone of the table", globalStart, zone)
			continue
		}
		for d, c := range gm.designs {
			if c.Type == string(typ) {
				gm.start[d] = zi
			}
		}
	}
}

func (b *builder) zoneIDs() []string {
	ids := make([]string, len(b.gm.zones))
	for i, z := range b.gm.zones {
		ids[i] = z.id
	}
	return ids
}

// unknown reports a name the game does not have, with the closest it has.
func (b *builder) unknown(at diag.Pos, what, name string, have []string) {
	b.d.Errorf(at, diag.RulesName, "the game has no %s %q%s", what, name, editdist.Suggest(name, have))
}

// atKey is where the rules write key, a string, in the value of global:
// an entry of ACTIONS, START, ...; else where the global is defined.
func (b *builder) atKey(global, key string) diag.Pos {
	for _, f := range b.gm.prog.Files() {
		for _, st := range f.Stmts {
			as, ok := st.(*syntax.AssignStmt)
			if !ok {
				continue
			}
			if id, ok := as.LHS.(*syntax.Ident); !ok || id.Name != global {
				continue
			}
			var at *diag.Pos
			syntax.Walk(as.RHS, func(n syntax.Node) bool {
				if lit, ok := n.(*syntax.Literal); ok && at == nil && lit.Value == key {
					p := b.gm.prog.Pos(lit.TokenPos)
					at = &p
				}
				return at == nil
			})
			if at != nil {
				return *at
			}
		}
	}
	return b.at(global)
}

// start is the start of the rules' first file, where what is missing is
// reported.
func (b *builder) start() diag.Pos {
	return diag.Pos{File: b.gm.m.Rules[0].Name, Line: 1, Col: 1}
}

func (b *builder) vars() {
	for _, scope := range []string{globalGame, globalPlayer, globalPrivate} {
		v := b.gm.prog.Global(scope)
		if v == nil {
			continue
		}
		dict, ok := v.(*starlark.Dict)
		if !ok {
			b.d.Errorf(b.at(scope), diag.RulesShape, "%s is a dict of variable names and their first values (the rules have %s)", scope, describe(v))
			continue
		}
		for _, it := range dict.Items() {
			name, ok := it[0].(starlark.String)
			if !ok {
				b.d.Errorf(b.at(scope), diag.RulesShape, "%s: a variable's name is a string, not %s", scope, describe(it[0]))
				continue
			}
			vd := varDecl{id: string(name), player: scope != globalGame, private: scope == globalPrivate}
			switch x := it[1].(type) {
			case starlark.Bool:
				vd.isBool = true
				if x {
					vd.init = 1
				}
			case starlark.Int:
				n, ok := x.Int64()
				if !ok {
					b.d.Errorf(b.at(scope), diag.RulesShape, "%s: variable %s starts at a number too large", scope, name)
				}
				vd.init = n
			default:
				b.d.Errorf(b.at(scope), diag.RulesShape, "%s: variable %s starts as a number or True or False, not %s", scope, name, describe(it[1]))
				continue
			}
			b.gm.vars = append(b.gm.vars, vd)
		}
	}
	b.gm.horizon = b.gameNumber(globalHorizon, "whose change ends a search's play-out, such as the rounds")
	b.gm.rounds = b.gameNumber(globalRounds, "that counts the game's rounds")
}

// gameNumber is the number variable of GAME the global names, -1 when
// the rules have no such global; what says what it is for.
func (b *builder) gameNumber(global, what string) int {
	v := b.gm.prog.Global(global)
	if v == nil {
		return -1
	}
	s, _ := v.(starlark.String)
	i := slices.IndexFunc(b.gm.vars, func(vd varDecl) bool { return vd.id == string(s) && !vd.player && !vd.isBool })
	if i < 0 {
		b.d.Errorf(b.at(global), diag.RulesName, "%s names a number variable of GAME %s (the rules have %s)", global, what, describe(v))
	}
	return i
}

func (b *builder) actions() {
	gm := b.gm
	if v := gm.prog.Global(globalPhases); v != nil {
		list, ok := v.(*starlark.List)
		if !ok || list.Len() == 0 {
			b.d.Errorf(b.at(globalPhases), diag.RulesShape, "%s is a list of the phases' names, the first the one the game starts in (the rules have %s)", globalPhases, describe(v))
		} else {
			for i := range list.Len() {
				id, ok := list.Index(i).(starlark.String)
				if !ok || !model.IsID(string(id)) || slices.Contains(gm.phases, string(id)) {
					b.d.Errorf(b.at(globalPhases), diag.RulesShape, "%s: a phase's name is a lower-case identifier, once, not %s", globalPhases, list.Index(i))
					continue
				}
				gm.phases = append(gm.phases, string(id))
			}
		}
	}
	v := gm.prog.Global(globalActions)
	dict, ok := v.(*starlark.Dict)
	if !ok || dict.Len() == 0 {
		b.d.Errorf(b.at(globalActions), diag.RulesShape, "%s is a dict of the actions' names and what each is played on: \"card\", \"player\", \"none\" or a number of choices (the rules have %s)", globalActions, describe(v))
		return
	}
	// Chance outcomes come first: a card drawn, numbered by its design,
	// then the outcomes of g.roll and g.chance.
	if v := gm.prog.Global(globalOutcomes); v != nil {
		n, err := starlark.AsInt32(v)
		if err != nil || n < 1 || n > 1<<16 {
			b.d.Errorf(b.at(globalOutcomes), diag.RulesShape, "%s is the most outcomes a chance node of the rules has, from 1 to %d, such as a die's faces (the rules have %s)", globalOutcomes, 1<<16, v)
		}
		gm.outcomes = max(n, 0)
	}
	gm.dice = make([][]int32, gm.outcomes+1)
	for f := range gm.dice {
		gm.dice[f] = make([]int32, f)
		for i := range gm.dice[f] {
			gm.dice[f][i] = 1
		}
	}
	next := len(gm.designs) + gm.outcomes
	for _, it := range dict.Items() {
		name, ok := it[0].(starlark.String)
		if !ok || !model.IsID(string(name)) {
			b.d.Errorf(b.at(globalActions), diag.RulesShape, "%s: an action's name is a lower-case identifier, not %s", globalActions, it[0])
			continue
		}
		k := &kind{id: string(name), base: next}
		on := it[1]
		if d, ok := on.(*starlark.Dict); ok && !namedParts(d) {
			// {"on": what it is played on, "phase": its phase or phases}
			if !b.kindDict(k, d) {
				continue
			}
			on, _, _ = d.Get(starlark.String("on"))
		}
		var parts []starlark.Value
		var partNames []string
		if named, ok := on.(*starlark.Dict); ok {
			// {"Card": "card", "Target": "player"}: parts with names.
			for _, kv := range named.Items() {
				n, _ := kv[0].(starlark.String)
				if !argName(string(n)) {
					b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s names a part %s; a part's name is a capitalised identifier, as its message's args are (\"Card\", \"Target\")", globalActions, k.id, kv[0])
					ok = false
				}
				partNames = append(partNames, string(n))
				parts = append(parts, kv[1])
			}
			if !ok || len(parts) == 0 {
				if len(parts) == 0 {
					b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s has no parts", globalActions, k.id)
				}
				continue
			}
			on = starlark.None
		}
		switch x := on.(type) {
		case starlark.NoneType:
		case *starlark.List:
			for i := range x.Len() {
				parts = append(parts, x.Index(i))
			}
			if len(parts) < 2 {
				b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s is played on a list of two parts or more, such as [\"card\", \"player\"], not %s", globalActions, k.id, x)
				continue
			}
		default:
			parts = []starlark.Value{on}
		}
		ok = true
		k.size = 1
		for i, pv := range parts {
			pt, good := b.part(k, pv, len(parts) > 1)
			ok = ok && good
			if partNames != nil {
				pt.name = partNames[i]
			}
			k.parts = append(k.parts, pt)
			k.size = min(k.size*max(pt.size, 1), 1<<40) // no overflow, however many parts
		}
		if !ok {
			continue
		}
		if k.size > 1<<20 {
			b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s has %d arguments; at most %d", globalActions, k.id, k.size, 1<<20)
			continue
		}
		if len(k.parts) == 1 {
			k.domain = k.parts[0].domain
		}
		next += k.size
		k.pos = len(gm.kinds)
		gm.kinds = append(gm.kinds, k)
	}
}

// part reads one part of what action k is played on; none may not be a
// part of several.
func (b *builder) part(k *kind, v starlark.Value, several bool) (part, bool) {
	gm := b.gm
	bad := func() (part, bool) {
		b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s is played on \"card\", \"player\", \"none\", a number of choices, or a list of those (\"none\" alone), not %s", globalActions, k.id, v)
		return part{}, false
	}
	switch x := v.(type) {
	case starlark.String:
		switch string(x) {
		case domCard:
			return part{domain: domCard, size: len(gm.designs)}, true
		case domPlayer:
			return part{domain: domPlayer, size: gm.m.Players.Max}, true
		case domNone:
			if several {
				return bad()
			}
			return part{domain: domNone, size: 1}, true
		}
	case starlark.Int:
		n, ok := x.Int64()
		if ok && n >= 1 && n <= 1<<16 {
			return part{size: int(n)}, true
		}
	case *starlark.List, starlark.Tuple:
		// Choices, each named by a label (or a card's name).
		ls, err := labels(x)
		if err != nil {
			b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s: %v", globalActions, k.id, err)
			return part{}, false
		}
		if ls == nil {
			return bad()
		}
		for _, l := range ls {
			b.checkLabels(k, l)
		}
		return part{size: len(ls), labels: ls}, true
	}
	return bad()
}

// kindDict reads an action's dict form: its phases, and that it says what
// it is played on.
func (b *builder) kindDict(k *kind, d *starlark.Dict) bool {
	for _, key := range d.Keys() {
		if key != starlark.String("on") && key != starlark.String("phase") {
			b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s has a key %s; an action's dict has \"on\" and \"phase\"", globalActions, k.id, key)
			return false
		}
	}
	if _, ok, _ := d.Get(starlark.String("on")); !ok {
		b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesShape, "%s: action %s says what it is played on with \"on\"", globalActions, k.id)
		return false
	}
	if ph, ok, _ := d.Get(starlark.String("phase")); ok {
		return b.kindPhases(k, ph)
	}
	return true
}

// kindPhases reads the phase, or the list of phases, an action is played
// in.
func (b *builder) kindPhases(k *kind, v starlark.Value) bool {
	var names []starlark.Value
	switch x := v.(type) {
	case starlark.String:
		names = []starlark.Value{x}
	case *starlark.List:
		for i := range x.Len() {
			names = append(names, x.Index(i))
		}
	case starlark.Tuple:
		names = x
	}
	if len(names) == 0 {
		b.d.Errorf(b.at(globalActions), diag.RulesShape, "%s: action %s is played in a phase or a list of phases, not %s", globalActions, k.id, describe(v))
		return false
	}
	k.phases = make([]bool, len(b.gm.phases))
	ok := true
	for _, n := range names {
		s, _ := n.(starlark.String)
		i := slices.Index(b.gm.phases, string(s))
		if i < 0 {
			b.unknown(b.atKey(globalActions, string(s)), "phase", string(s), b.gm.phases)
			ok = false
			continue
		}
		k.phases[i] = true
	}
	return ok
}

// functions finds the functions the rules must define and checks their
// parameters.
func (b *builder) functions() {
	gm := b.gm
	gm.funcs = map[string]starlark.Value{}
	for _, name := range gm.prog.Globals() {
		if f, ok := gm.prog.Global(name).(*starlark.Function); ok {
			gm.funcs[name] = f
		}
	}
	need := func(name string, params int, what string) starlark.Value {
		f, ok := gm.funcs[name]
		if !ok {
			at, code := b.start(), diag.RulesShape
			if k, ok := strings.CutPrefix(name, legalPre); ok {
				at, code = b.atKey(globalActions, k), diag.RulesAction
			} else if k, ok := strings.CutPrefix(name, applyPre); ok {
				at, code = b.atKey(globalActions, k), diag.RulesAction
			}
			b.d.Errorf(at, code, "the rules define no %s(%s): %s", name, paramList(params), what)
			return nil
		}
		if fn := f.(*starlark.Function); fn.NumParams() != params || fn.HasVarargs() || fn.HasKwargs() {
			b.d.Errorf(b.at(name), diag.RulesShape, "%s is %s(%s), with %s: %s", name, name, paramList(params), plural(params, "parameter"), what)
			return nil
		}
		return f
	}
	gm.setup = need(fnSetup, 1, "it sets the game up")
	gm.returns = need(fnReturns, 1, "it gives each seat's result once the game is over")
	if _, ok := gm.funcs[fnValue]; ok {
		gm.value = need(fnValue, 2, "it says how good the position is for a seat")
	}
	for _, k := range gm.kinds {
		k.legal = need(legalPre+k.id, 2, "it lists what seat p may play action "+k.id+" on")
		n := 3
		if k.domain == domNone {
			n = 2
		}
		k.apply = need(applyPre+k.id, n, "it plays action "+k.id)
	}
	b.argsFuncs()
	for _, k := range gm.kinds {
		if k.apply != nil && b.empty(applyPre+k.id) {
			b.d.Errorf(b.at(applyPre+k.id), diag.RulesAction, "%s does nothing: playing action %s would change nothing in the game", applyPre+k.id, k.id)
		}
	}
	for name := range gm.funcs {
		k, ok := strings.CutPrefix(name, legalPre)
		if !ok {
			k, ok = strings.CutPrefix(name, applyPre)
		}
		if !ok {
			k, ok = strings.CutPrefix(name, argsPre)
		}
		if ok && !slices.ContainsFunc(gm.kinds, func(x *kind) bool { return x.id == k }) {
			b.d.Errorf(b.at(name), diag.RulesAction, "%s is for an action %s that ACTIONS does not declare", name, k)
		}
	}
}

func paramList(n int) string { return []string{"", "g", "g, p", "g, p, x"}[n] }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (b *builder) layout() {
	gm := b.gm
	for n := gm.m.Players.Min; n <= gm.m.Players.Max; n++ {
		var l layout
		for zi, z := range gm.zones {
			l.zone = append(l.zone, l.nzone)
			l.zw = append(l.zw, gm.width(z.player, n))
			l.nzone += gm.width(z.player, n)
			for seat := range gm.width(z.player, n) {
				if !z.player {
					seat = -1
				}
				l.inst = append(l.inst, instOf{zone: zi, seat: seat})
			}
		}
		for _, v := range gm.vars {
			l.v = append(l.v, l.nvar)
			l.vw = append(l.vw, gm.width(v.player, n))
			l.nvar += gm.width(v.player, n)
		}
		gm.layouts = append(gm.layouts, l)
	}
}

// names checks that every action has a name in every language, and keeps
// the cards' names.
func (b *builder) names() {
	gm := b.gm
	locs, err := l10n.NewSet(gm.m)
	if err != nil {
		b.d.Errorf(gm.m.Pos, diag.RulesName, "cannot read the game's texts: %v", err)
		return
	}
	gm.locs = locs
	gm.names = map[string][]string{}
	for _, lang := range gm.m.Languages {
		loc := locs.For(lang)
		names := make([]string, len(gm.designs))
		for i, c := range gm.designs {
			if names[i], err = loc.Name("card." + c.ID); err != nil {
				names[i] = c.ID
			}
		}
		gm.names[lang] = names
		for _, k := range gm.kinds {
			if !hasMessage(gm.m, lang, "action."+k.id) {
				b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesAction, "action %s has no name in %s: the locale needs a message action.%s", k.id, lang, k.id)
			}
		}
		for _, ph := range gm.phases {
			if !hasMessage(gm.m, lang, "phase."+ph) {
				b.d.Errorf(b.atKey(globalPhases, ph), diag.RulesName, "phase %s has no name in %s: the locale needs a message phase.%s", ph, lang, ph)
			}
		}
	}
}

func hasMessage(g *model.Game, lang, id string) bool {
	for _, l := range g.Locales {
		if l.Lang == lang {
			return l.Message(id) != nil
		}
	}
	return false
}

// attributes lists what g.<name> may be, each name once.
func (b *builder) attributes() {
	gm := b.gm
	gm.attrs = map[string]attr{}
	add := func(name string, a attr, what string) {
		if _, dup := gm.attrs[name]; dup {
			b.d.Errorf(b.at(globalGame), diag.RulesShape, "%s %s has the name of another zone, variable or method of g", what, name)
			return
		}
		gm.attrs[name] = a
	}
	if len(gm.phases) > 0 {
		add("phase", attr{what: attrPhase}, "the phase")
	}
	for i, m := range methodNames() {
		add(m, attr{what: attrMethod, index: i}, "method")
	}
	for i, z := range gm.zones {
		add(z.id, attr{what: attrZone, index: i}, "zone")
	}
	for i, v := range gm.vars {
		add(v.id, attr{what: attrVar, index: i}, "variable")
	}
	gm.attrNames = slices.Sorted(func(yield func(string) bool) {
		for k := range gm.attrs {
			if !yield(k) {
				return
			}
		}
	})
}

// uses reports the names the rules use that the game does not have:
// g.<name>, params.<name>, cards.<name> and components.<name>, where g
// is the game a rules function is given (its first parameter).
func (b *builder) uses(params starlark.StringDict, cards map[string]int, components map[string]bool) {
	gm := b.gm
	for _, f := range gm.prog.Files() {
		syntax.Walk(f, func(n syntax.Node) bool {
			dot, ok := n.(*syntax.DotExpr)
			if !ok {
				return true
			}
			x, ok := dot.X.(*syntax.Ident)
			if !ok {
				return true
			}
			name := dot.Name.Name
			at := gm.prog.Pos(dot.Name.NamePos)
			switch x.Name {
			case "g":
				if _, ok := gm.attrs[name]; !ok {
					b.unknown(at, "zone, variable or method of g", name, b.attrsZonesFirst())
				}
			case "params":
				if _, ok := params[name]; !ok {
					b.unknown(at, "parameter", name, params.Keys())
				}
			case "cards":
				if _, ok := cards[name]; !ok {
					b.unknown(at, "card", name, slices.Sorted(maps.Keys(cards)))
				}
			case "components":
				if !components[name] {
					b.unknown(at, "component", name, slices.Sorted(maps.Keys(components)))
				}
			}
			return true
		})
	}
}

// describe names a value's type for a message.
func describe(v starlark.Value) string {
	if v == nil {
		return "none"
	}
	return "a " + v.Type()
}

// sections reads which rulebook section each function implements: its
// docstring begins with "§" and the section's id. TEXT_ONLY lists the
// sections that have no code, each with the reason.
func (b *builder) sections() {
	gm := b.gm
	known := map[string]bool{}
	ids := make([]string, len(gm.m.Sections))
	for i, sec := range gm.m.Sections {
		known[sec.ID] = true
		ids[i] = sec.ID
	}
	gm.textOnly = map[string]string{}
	if v := gm.prog.Global(globalTextOnly); v != nil {
		dict, ok := v.(*starlark.Dict)
		if !ok {
			b.d.Errorf(b.at(globalTextOnly), diag.RulesShape, "%s is a dict of the sections that have no code and why (the rules have %s)", globalTextOnly, describe(v))
		} else {
			for _, it := range dict.Items() {
				id, _ := it[0].(starlark.String)
				why, _ := it[1].(starlark.String)
				switch {
				case !known[string(id)]:
					b.unknown(b.atKey(globalTextOnly, string(id)), "section", string(id), ids)
				case why == "":
					b.d.Errorf(b.at(globalTextOnly), diag.RulesShape, "%s: say why section %s has no code, as a string", globalTextOnly, id)
				default:
					gm.textOnly[string(id)] = string(why)
				}
			}
		}
	}
	gm.cites = map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(gm.funcs)) {
		doc := gm.funcs[name].(*starlark.Function).Doc()
		id, ok := cited(doc)
		at := b.at(name)
		switch {
		case !ok:
			b.d.Warnf(at, diag.RulesUncited, "function %s cites no rulebook section: begin its docstring with § and the id of the section it implements", name)
		case !known[id]:
			b.unknown(at, "section", id, ids)
		default:
			if _, text := gm.textOnly[id]; text {
				b.d.Errorf(at, diag.RulesShape, "function %s implements section %s, which %s lists as having no code", name, id, globalTextOnly)
			}
			gm.cites[id] = append(gm.cites[id], name)
		}
	}
	for _, sec := range gm.m.Sections {
		if sec.Rulings {
			continue // its code is the rulings', which rulings checks
		}
		if _, text := gm.textOnly[sec.ID]; !text && len(gm.cites[sec.ID]) == 0 {
			b.d.Warnf(sec.Pos, diag.RulesUncoded, "no rules function implements section %s (%s): cite it in a docstring (§%s), or list it in %s with the reason it has no code", sec.ID, sec.Number, sec.ID, globalTextOnly)
		}
	}
}

// rulings checks that the rules name, in a comment, each ruling the game
// declares ("# ruling short-deal: …" where it is played), and no other.
func (b *builder) rulings() {
	declared := map[string]bool{}
	for _, r := range b.gm.m.Rulings {
		declared[r.ID] = true
		if !slices.ContainsFunc(b.gm.m.Rules, func(f *model.RulesFile) bool { return model.NamesRuling(f.Src, r.ID) }) {
			b.d.Warnf(r.Pos, diag.RulesRuling, "ruling %s is named nowhere in the rules: write \"# ruling %s\" where they play it", r.ID, strings.ReplaceAll(r.ID, "_", "-"))
		}
	}
	for _, f := range b.gm.m.Rules {
		for i, line := range strings.Split(f.Src, "\n") {
			for _, id := range model.RulingsNamed(line) {
				if !declared[id] {
					col := strings.Index(line, "ruling ") + 1
					b.d.Warnf(diag.Pos{File: f.Name, Line: i + 1, Col: col}, diag.RulesRuling, "the rules name ruling %s, which the game does not declare: add a [[ruling]] with id %q and its text, or name one it declares", id, id)
				}
			}
		}
	}
}

// cited is the section a docstring cites: "§id" at its start.
func cited(doc string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(doc), "§")
	if !ok {
		return "", false
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return !(r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9') })
	if end < 0 {
		end = len(rest)
	}
	return rest[:end], end > 0
}

// attrsZonesFirst lists g's attributes for a suggestion: zones and
// variables before methods, the likelier to be misspelt.
func (b *builder) attrsZonesFirst() []string {
	var first, then []string
	for _, name := range b.gm.attrNames {
		if b.gm.attrs[name].what == attrMethod {
			then = append(then, name)
		} else {
			first = append(first, name)
		}
	}
	return append(first, then...)
}

// empty reports whether the function name's body is only its docstring
// and pass statements.
func (b *builder) empty(name string) bool {
	for _, f := range b.gm.prog.Files() {
		for _, st := range f.Stmts {
			def, ok := st.(*syntax.DefStmt)
			if !ok || def.Name.Name != name {
				continue
			}
			for _, st := range def.Body {
				switch st := st.(type) {
				case *syntax.BranchStmt:
					if st.Token == syntax.PASS {
						continue
					}
				case *syntax.ExprStmt:
					if lit, ok := st.X.(*syntax.Literal); ok && lit.Token == syntax.STRING {
						continue
					}
				}
				return false
			}
			return true
		}
	}
	return false
}

// argName reports whether s may name a part of an action: a capitalised
// identifier, as a template's args are.
func argName(s string) bool {
	for i, r := range s {
		switch {
		case i == 0 && 'A' <= r && r <= 'Z':
		case i > 0 && ('A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_'):
		default:
			return false
		}
	}
	return s != ""
}

// namedParts reports whether an action's dict names its parts ({"Card":
// "card"}) rather than giving its options ({"on": ..., "phase": ...}).
func namedParts(d *starlark.Dict) bool {
	for _, k := range d.Keys() {
		if s, ok := k.(starlark.String); !ok || s == "" || s[0] < 'A' || s[0] > 'Z' {
			return false
		}
	}
	return d.Len() > 0
}
