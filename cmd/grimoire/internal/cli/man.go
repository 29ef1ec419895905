package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// runMan prints the manual page, grimoire(1), from the commands and the
// flags they define, as the command reference is made.
func runMan(e *env, args []string) int {
	fs := flags(e, "man")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	if err := Manual(e.stdout); err != nil {
		fmt.Fprintf(e.stderr, "grimoire man: %v\n", err)
		return ExitFail
	}
	return ExitOK
}

// Manual writes grimoire(1) in roff (man's -man macros).
func Manual(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH GRIMOIRE 1 \"\" \"grimoire %s\" \"User Commands\"\n", roff(version()))
	// Flags and paths read better unjustified and unhyphenated.
	b.WriteString(".ad l\n.nh\n")
	b.WriteString(".SH NAME\ngrimoire \\- compile board and card games described in TOML into engines, printouts, exports and checks\n")
	b.WriteString(".SH SYNOPSIS\n.B grimoire\n.I command\n[\\fIflags\\fR]\n")
	b.WriteString(".SH DESCRIPTION\n")
	b.WriteString(roff("A game is described once, in its folder: cards and rule parameters in TOML, rule texts in message files, and its rules as data. Without --root DIR, a command works on the games built into the binary; --root DIR reads a games tree (cards/<game>/, locales/<game>/). Every command takes --help.") + "\n")
	b.WriteString(".SH COMMANDS\n")
	for _, c := range commands() {
		fs, err := flagsOf(c)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ".SS \"%s\"\n", roff("grimoire "+c.name+" "+c.args))
		fmt.Fprintf(&b, "%s.\n", roff(strings.ToUpper(c.summary[:1])+c.summary[1:]))
		fs.VisitAll(func(f *flag.Flag) {
			arg, usage := flag.UnquoteUsage(f)
			if arg != "" {
				fmt.Fprintf(&b, ".TP\n.BI \"%s \" \"%s\"\n", roff(dashed(f.Name)), roff(arg))
			} else {
				fmt.Fprintf(&b, ".TP\n.B %s\n", roff(dashed(f.Name)))
			}
			b.WriteString(roff(usage))
			if d := strings.Trim(defaultOf(f), "`"); d != "" {
				fmt.Fprintf(&b, " (default: %s)", roff(d))
			}
			b.WriteString("\n")
		})
	}
	b.WriteString(".SH \"EXIT STATUS\"\n")
	for _, x := range exitCodes() {
		fmt.Fprintf(&b, ".TP\n.B %d\n%s\n", x.code, roff(strings.ReplaceAll(x.meaning, "`", "")))
	}
	b.WriteString(".SH \"SEE ALSO\"\nThe guides and the command reference in the docs directory of the source: docs/commands.md.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// roff escapes text for a roff line: backslashes, hyphens (which roff
// would set as typographic ones, breaking copied flags) and a leading
// control character; and any character past ASCII.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`, "\n", " ").Replace(s)
	// roff reads ASCII: any other character is named by its code point.
	var b strings.Builder
	for _, r := range s {
		if r > unicode.MaxASCII {
			fmt.Fprintf(&b, `\[u%04X]`, r)
		} else {
			b.WriteRune(r)
		}
	}
	s = b.String()
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
