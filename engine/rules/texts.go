package rules

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// The functions with which rules name cards and actions as the game's
// texts do, beyond the card's name and the argument's number:
//
//   - label(c, lang): the name of card c in actions and draws, in lang,
//     or None for its name; called once per card and language when the
//     game is built.
//   - args_<action>(g, p, x, lang) (args_<action>(g, p, lang) for an
//     action played on "none"): a dict of more args for the action's
//     message, or args that replace those the engine gives (.Card,
//     .Player, ...), worked out from the game as it stands.
//
// Both render the game's texts with texts.name(lang, id) (a name in its
// singular form, such as "race.giant"), texts.message(lang, id, **args)
// (a message with its args) and texts.number(lang, x) (a number as lang
// writes it).
const (
	fnLabel = "label"
	argsPre = "args_"
)

// textsModule is texts, the game's texts for label and args_ functions.
func textsModule(gm *Game) starlark.Value {
	fn := func(name string, f func(*Game, starlark.Tuple, []starlark.Tuple) (starlark.Value, error)) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if gm.locs == nil {
				return nil, fmt.Errorf("texts.%s: the game's texts are read once the rules are: call it from label or an args_ function", name)
			}
			return f(gm, args, kwargs)
		})
	}
	return starlarkstruct.FromStringDict(starlark.String("texts"), starlark.StringDict{
		"name":    fn("name", textName),
		"message": fn("message", textMessage),
		"number":  fn("number", textNumber),
		"label":   starlark.NewBuiltin("texts.label", makeLabel),
	})
}

func textName(gm *Game, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var lang, id string
	if err := starlark.UnpackPositionalArgs("texts.name", args, kwargs, 2, &lang, &id); err != nil {
		return nil, err
	}
	s, err := gm.locs.For(lang).Name(id)
	if err != nil {
		return nil, fmt.Errorf("texts.name: %s in %s: %w", id, lang, err)
	}
	return starlark.String(s), nil
}

func textMessage(gm *Game, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var lang, id string
	if err := starlark.UnpackPositionalArgs("texts.message", args, nil, 2, &lang, &id); err != nil {
		return nil, err
	}
	margs := map[string]any{}
	for _, kv := range kwargs {
		v, err := gm.argValue(lang, kv[1])
		if err != nil {
			return nil, fmt.Errorf("texts.message: %s: %w", kv[0], err)
		}
		margs[string(kv[0].(starlark.String))] = v
	}
	s, err := gm.locs.For(lang).Format(id, margs)
	if err != nil {
		return nil, fmt.Errorf("texts.message: %s in %s: %w", id, lang, err)
	}
	return starlark.String(s), nil
}

func textNumber(gm *Game, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var lang string
	var x starlark.Value
	if err := starlark.UnpackPositionalArgs("texts.number", args, kwargs, 2, &lang, &x); err != nil {
		return nil, err
	}
	f, ok := starlark.AsFloat(x)
	if !ok {
		return nil, fmt.Errorf("texts.number: a number, not %s", describe(x))
	}
	return starlark.String(gm.locs.For(lang).Number(f)), nil
}

// argValue is a value of the rules as a message's arg: a whole number as
// it is, a decimal as lang writes it, a string, a truth, or a card by its
// name in actions.
func (gm *Game) argValue(lang string, v starlark.Value) (any, error) {
	switch x := v.(type) {
	case starlark.Int:
		n, ok := x.Int64()
		if !ok {
			return nil, fmt.Errorf("a number too large")
		}
		return int(n), nil
	case starlark.Float:
		return gm.locs.For(lang).Number(float64(x)), nil
	case starlark.String:
		return string(x), nil
	case starlark.Bool:
		return bool(x), nil
	case *Card:
		if gm.names != nil {
			return gm.CardName(lang, x.d), nil
		}
		return x.String(), nil
	}
	return nil, fmt.Errorf("an arg is a number, a string, a truth or a card, not %s", describe(v))
}

// labels names each card by the rules' label(c, lang), where they define
// it.
func (b *builder) labels() {
	gm := b.gm
	f, ok := gm.funcs[fnLabel].(*starlark.Function)
	if !ok || gm.names == nil {
		return
	}
	if f.NumParams() != 2 || f.HasVarargs() || f.HasKwargs() {
		b.d.Errorf(b.at(fnLabel), diag.RulesShape, "%s is %s(c, lang), with 2 parameters: it names card c in lang", fnLabel, fnLabel)
		return
	}
	for _, lang := range gm.m.Languages {
		names := gm.names[lang]
		for d, c := range gm.cards {
			v, err := gm.prog.Call(fnLabel, c, starlark.String(lang))
			if err != nil {
				b.d.Errorf(b.at(fnLabel), diag.RulesShape, "%s(%s, %q): %v", fnLabel, c, lang, err)
				return
			}
			switch x := v.(type) {
			case starlark.NoneType:
			case starlark.String:
				names[d] = string(x)
			default:
				b.d.Errorf(b.at(fnLabel), diag.RulesShape, "%s(%s, %q) gives %s, not a string or None", fnLabel, c, lang, describe(v))
				return
			}
		}
	}
}

// argsFuncs finds the args_ function of each action, and checks its
// parameters.
func (b *builder) argsFuncs() {
	for _, k := range b.gm.kinds {
		name := argsPre + k.id
		f, ok := b.gm.funcs[name].(*starlark.Function)
		if !ok {
			continue
		}
		n, params := 4, "g, p, x, lang"
		if k.domain == domNone {
			n, params = 3, "g, p, lang"
		}
		if f.NumParams() != n || f.HasVarargs() || f.HasKwargs() {
			b.d.Errorf(b.at(name), diag.RulesShape, "%s is %s(%s), with %d parameters: it gives the args of action %s's name", name, name, params, n, k.id)
			continue
		}
		k.args = f
	}
}

// moreArgs adds to args those the rules' args_ function of kind k gives
// for argument i, in lang, read from the state.
func (s *State) moreArgs(k *kind, i int, lang string, args map[string]any) error {
	call := append(s.args[:0], nil, starlark.MakeInt(s.turn))
	if x := s.g.arg(k, i); x != nil {
		call = append(call, x)
	}
	call = append(call, starlark.String(lang))
	v, t, err := s.callWith(k.args, false, call)
	defer t.done()
	if err != nil {
		return err
	}
	d, ok := v.(*starlark.Dict)
	if !ok {
		return fmt.Errorf("%s gives %s, not a dict of args", argsPre+k.id, describe(v))
	}
	for _, kv := range d.Items() {
		key, ok := kv[0].(starlark.String)
		if !ok {
			return fmt.Errorf("%s: an arg's name is a string, not %s", argsPre+k.id, describe(kv[0]))
		}
		x, err := s.g.argValue(lang, kv[1])
		if err != nil {
			return fmt.Errorf("%s: %s: %w", argsPre+k.id, key, err)
		}
		args[string(key)] = x
	}
	return nil
}
