package l10n

import (
	"text/template"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Render parses and runs one message template the way a Localizer does,
// with a missing key an error; parsed says whether it parsed (a template
// too costly to run counts as not parsed). The checks render every form
// of every message with it.
func Render(text string, data map[string]any) (out string, parsed bool, err error) {
	t, err := template.New("m").Funcs(Funcs()).Option("missingkey=error").Parse(text)
	if err != nil {
		return "", false, err
	}
	g, err := Guard(t)
	if err != nil {
		return "", false, err
	}
	out, err = g.Execute(data)
	return out, true, err
}

// WithArgs is the data a message is rendered with: data with .Count,
// and .Arg for a declared message (nil args for any other).
func WithArgs(data map[string]any, count any, args map[string]any) map[string]any {
	d := WithCount(data, count)
	if args != nil {
		d["Arg"] = args
	}
	return d
}

// SampleArgs gives every declared message its .Arg for checking: each
// declared argument with a sample value, so that naming any other is an
// error. Callers pass formatted text, so a string stands in.
func SampleArgs(g *model.Game) map[string]map[string]any {
	args := make(map[string]map[string]any, len(g.Messages))
	for _, m := range g.Messages {
		a := make(map[string]any, len(m.Args))
		for _, name := range m.Args {
			a[name] = name
		}
		args[m.ID] = a
	}
	return args
}
