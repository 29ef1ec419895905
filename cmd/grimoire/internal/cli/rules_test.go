package cli

import (
	"strings"
	"testing"
)

// TestRulesCommand: grimoire rules prints each section, in the language
// asked for, with the functions that implement it; its usage errors say
// what is wrong.
func TestRulesCommand(t *testing.T) {
	code, out, errs := run(t, "rules", "--game", "hearts", "--lang", "fr")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{
		"4.2 Cœurs ouverts [hearts_broken]\n",
		"  cards/hearts/rules.star:",
		"  leads(g, hand): nobody may lead a heart before hearts are broken, unless they hold only hearts.\n",
		"  no code: examples, which the tests play\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"rules"}, ExitUsage, "--game is required"},
		{[]string{"rules", "--root", tiny, "--game", "tiny"}, ExitUsage, "game tiny has no rules in the rules language"},
		{[]string{"rules", "--game", "hearts", "--lang", "it"}, ExitUsage, `--lang "it": game hearts is written in en, fr, de`},
		{[]string{"rules", "--game", "chess"}, ExitUsage, `no game "chess"`},
	} {
		code, out, errs := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errs, tc.code, tc.want)
		}
	}
}
