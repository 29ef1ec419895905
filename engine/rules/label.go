package rules

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// Label is a text of the game's locales, as the rules name it with
// texts.label(id, Arg = value, ...): the message id rendered with its args. An
// action's part may be a list of labels (and cards), its choices: the
// action's message then shows the label of the choice played, where a
// part of plain numbers shows the number.
//
// An arg is a number, shown as it is; a card, shown by its name; another
// label, rendered; or a string, the id of a message whose name (its
// singular form, as a card's name is) it shows, such as "people.elf".
type Label struct {
	id   string
	args []starlark.Tuple // (name, value), in the order given
}

var _ starlark.Value = (*Label)(nil)

func (l *Label) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "texts.label(%q", l.id)
	for _, kv := range l.args {
		fmt.Fprintf(&b, ", %s = %s", kv[0].(starlark.String).GoString(), kv[1])
	}
	b.WriteString(")")
	return b.String()
}
func (l *Label) Type() string          { return "label" }
func (l *Label) Freeze()               {}
func (l *Label) Truth() starlark.Bool  { return true }
func (l *Label) Hash() (uint32, error) { return starlark.String(l.String()).Hash() }

// makeLabel is the rules' texts.label(id, **args).
func makeLabel(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var id string
	if err := starlark.UnpackPositionalArgs(b.Name(), args, nil, 1, &id); err != nil {
		return nil, err
	}
	for _, kv := range kwargs {
		switch v := kv[1].(type) {
		case starlark.Int, starlark.String, *Card, *Label:
		default:
			return nil, fmt.Errorf("texts.label: arg %s is a number, a string (a message's id), a card or a label, not %s", kv[0], describe(v))
		}
	}
	return &Label{id: id, args: kwargs}, nil
}

// labels reads a part given as a list of labels and cards, nil if v is
// not one.
func labels(v starlark.Value) ([]starlark.Value, error) {
	seq, ok := v.(starlark.Indexable)
	if !ok {
		return nil, nil
	}
	if _, isString := v.(starlark.String); isString || seq.Len() == 0 {
		return nil, nil
	}
	switch seq.Index(0).(type) {
	case *Label, *Card:
	default:
		return nil, nil
	}
	out := make([]starlark.Value, seq.Len())
	for i := range out {
		switch x := seq.Index(i).(type) {
		case *Label, *Card:
			out[i] = x
		default:
			return nil, fmt.Errorf("a list of choices holds labels and cards, not %s", describe(x))
		}
	}
	return out, nil
}

// render is a label's text in lang, or a card's name.
func (g *Game) render(v starlark.Value, lang string) string {
	switch x := v.(type) {
	case *Card:
		return g.CardName(lang, x.d)
	case *Label:
		args := make(map[string]any, len(x.args))
		for _, kv := range x.args {
			name := string(kv[0].(starlark.String))
			switch a := kv[1].(type) {
			case starlark.Int:
				n, _ := a.Int64()
				args[name] = n
			case starlark.String:
				s, err := g.locs.For(lang).Name(string(a))
				if err != nil {
					s = string(a)
				}
				args[name] = s
			default:
				args[name] = g.render(a, lang)
			}
		}
		return g.locs.Text(lang, x.id, args)
	}
	return v.String()
}

// checkLabels reports a label whose message, or a message its args name,
// a language of the game lacks.
func (b *builder) checkLabels(k *kind, v starlark.Value) {
	gm := b.gm
	var walk func(v starlark.Value)
	need := func(id string) {
		for _, lang := range gm.m.Languages {
			if !hasMessage(gm.m, lang, id) {
				b.d.Errorf(b.atKey(globalActions, k.id), diag.RulesName, "action %s: a label names message %s, which %s lacks", k.id, id, lang)
			}
		}
	}
	walk = func(v starlark.Value) {
		l, ok := v.(*Label)
		if !ok {
			return
		}
		need(l.id)
		for _, kv := range l.args {
			switch a := kv[1].(type) {
			case starlark.String:
				need(string(a))
			case *Label:
				walk(a)
			}
		}
	}
	walk(v)
}
