package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// runCompletion prints a completion script for a shell, made from the
// commands and the flags they define, as the command reference is.
func runCompletion(e *env, args []string) int {
	fs := flags(e, "completion")
	shell, code, ok := parseArgs(e, fs, args, "SHELL")
	if !ok {
		return code
	}
	specs, err := completionSpecs()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire completion: %v\n", err)
		return ExitFail
	}
	switch shell {
	case "bash":
		writeBash(e.stdout, specs)
	case "zsh":
		// zsh runs bash's completion functions through bashcompinit.
		fmt.Fprint(e.stdout, "#compdef grimoire\nautoload -U +X bashcompinit && bashcompinit\n")
		writeBash(e.stdout, specs)
	case "fish":
		writeFish(e.stdout, specs)
	default:
		fmt.Fprintf(e.stderr, "grimoire completion: unknown shell %q: bash, zsh or fish\n", shell)
		return ExitUsage
	}
	return ExitOK
}

// completionSpec is what a shell completes of one command: its flags,
// and the values a flag takes where its usage lists them ("--format
// json|csv").
type completionSpec struct {
	name, summary string
	flags         []completionFlag
}

type completionFlag struct {
	name, usage string
	values      []string // the values to offer; none for free text
	file        bool     // the value is a path
	boolean     bool     // the flag takes no value
}

func completionSpecs() ([]completionSpec, error) {
	var out []completionSpec
	for _, c := range commands() {
		fs, err := flagsOf(c)
		if err != nil {
			return nil, err
		}
		choices := flagChoices(c.args)
		s := completionSpec{name: c.name, summary: c.summary}
		fs.VisitAll(func(f *flag.Flag) {
			arg, usage := flag.UnquoteUsage(f)
			cf := completionFlag{name: f.Name, usage: usage, values: choices[f.Name]}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				cf.boolean = true
			}
			cf.file = !cf.boolean && len(cf.values) == 0 && (f.Name == "o" || f.Name == "root" || f.Name == "out" || f.Name == "log" || f.Name == "plots" || arg == "file")
			s.flags = append(s.flags, cf)
		})
		out = append(out, s)
	}
	return out, nil
}

// flagChoices reads the values a command's usage lists for its flags:
// "--format json|csv|xliff" offers json, csv and xliff.
func flagChoices(args string) map[string][]string {
	out := map[string][]string{}
	words := strings.Fields(strings.NewReplacer("[", " ", "]", " ").Replace(args))
	for i := 0; i+1 < len(words); i++ {
		name, ok := strings.CutPrefix(words[i], "--")
		v := words[i+1]
		if !ok || !strings.Contains(v, "|") || strings.ToLower(v) != v || strings.Contains(v, "=") {
			continue
		}
		out[name] = strings.Split(v, "|")
	}
	return out
}

// writeBash writes a bash completion function: commands first, then the
// command's flags, and a flag's values where the usage lists them; games
// for --game, from grimoire games.
func writeBash(w io.Writer, specs []completionSpec) {
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	fmt.Fprintf(w, `# bash completion for grimoire: source it, or put it in
# /etc/bash_completion.d/ (grimoire completion bash > ...).
_grimoire() {
	local cur prev cmd
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W %q -- "$cur"))
		return
	fi
	cmd=${COMP_WORDS[1]}
	case "$cmd $prev" in
`, strings.Join(append(names, "help", "--help", "--version"), " "))
	for _, s := range specs {
		for _, f := range s.flags {
			switch {
			case len(f.values) > 0:
				fmt.Fprintf(w, "\t%q)\n\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n\t\treturn;;\n", s.name+" --"+f.name, strings.Join(f.values, " "))
			case f.name == "game":
				fmt.Fprintf(w, "\t%q)\n\t\tCOMPREPLY=($(compgen -W \"$(grimoire games 2>/dev/null | awk 'NR>1 && !/^ /{print $1}')\" -- \"$cur\"))\n\t\treturn;;\n", s.name+" --game")
			case f.file:
				fmt.Fprintf(w, "\t%q)\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\t\treturn;;\n", s.name+" "+dashed(f.name))
			}
		}
	}
	fmt.Fprint(w, "\tesac\n\tcase \"$cmd\" in\n")
	for _, s := range specs {
		var fl []string
		for _, f := range s.flags {
			fl = append(fl, dashed(f.name))
		}
		fmt.Fprintf(w, "\t%s)\n\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"));;\n", s.name, strings.Join(fl, " "))
	}
	fmt.Fprint(w, `	help)
		COMPREPLY=($(compgen -W `+fmt.Sprintf("%q", strings.Join(names, " "))+` -- "$cur"));;
	esac
	if [ ${#COMPREPLY[@]} -eq 0 ]; then
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -F _grimoire grimoire
`)
}

// writeFish writes fish completions: each command, then each flag of
// each command with its usage, and its values where the usage lists them.
func writeFish(w io.Writer, specs []completionSpec) {
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	fmt.Fprint(w, "# fish completion for grimoire: grimoire completion fish > ~/.config/fish/completions/grimoire.fish\n")
	fmt.Fprint(w, "complete -c grimoire -f\n")
	for _, s := range specs {
		fmt.Fprintf(w, "complete -c grimoire -n '__fish_use_subcommand' -a %s -d %s\n", s.name, fishQuote(s.summary))
	}
	for _, s := range specs {
		for _, f := range s.flags {
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			line := fmt.Sprintf("complete -c grimoire -n '__fish_seen_subcommand_from %s' %s -d %s", s.name, opt, fishQuote(firstSentence(f.usage)))
			switch {
			case f.boolean:
			case len(f.values) > 0:
				line += " -x -a " + fishQuote(strings.Join(f.values, " "))
			case f.name == "game":
				line += " -x -a '(grimoire games 2>/dev/null | awk \"NR>1 && !/^ /{print \\$1}\")'"
			case f.file:
				line += " -r -F"
			default:
				line += " -x"
			}
			fmt.Fprintln(w, line)
		}
	}
	fmt.Fprintf(w, "complete -c grimoire -n '__fish_seen_subcommand_from help' -a %s\n", fishQuote(strings.Join(names, " ")))
}

// dashed is a flag as typed: -o, --game.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func fishQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// firstSentence is the start of a usage up to its first colon or
// parenthesis, as a completion menu has room for.
func firstSentence(s string) string {
	if i := strings.IndexAny(s, ":("); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
