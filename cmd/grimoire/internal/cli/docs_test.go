package cli

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// byTest are the commands the docs show that a test of this file runs
// itself, each with the test that runs it.
func byTest() map[string]string {
	return map[string]string{
		"go install ./cmd/grimoire": "TestGoInstall",
	}
}

// notRun are the commands the docs show that no test runs: recipes for
// GNU parallel and for a cluster, which the tests do not have. Each names
// the test that runs what the recipe would run instead. Keep the list to such commands, word for word as
// the docs show them; an entry no doc shows any more is an error.
func notRun() map[string]string {
	const (
		shards = "docs-simulating.txtar runs its shards and their merge, on fewer games"
		k8s    = "TestKubernetesManifests runs docs/k8s/simulate-job.yaml and merge-job.yaml as Kubernetes would"
		slurm  = "TestSlurmScripts runs docs/slurm/simulate.sbatch and its merge as Slurm would"
	)
	return map[string]string{
		"parallel grimoire simulate --game warlock -n 1000000 --seed 7 --bots greedy,random --workers 1 --shard {}/4 --out shard-{}.json ::: 0 1 2 3":                                                shards,
		"parallel grimoire sweep --game warlock -n 100000 --seed 7 --bots greedy,random --set days=2,3,4 --set 'majority_bonus.giant=4..8' --workers 1 --shard {}/4 --out sweep-{}.json ::: 0 1 2 3": "TestKubernetesSweepManifests and TestSlurmScripts run the shards of this sweep, on fewer games",
		"kubectl apply -f docs/k8s/simulate-job.yaml":                                                                  k8s,
		"kubectl wait --for=condition=complete --timeout=24h job/grimoire-simulate":                                    k8s,
		"kubectl apply -f docs/k8s/merge-job.yaml":                                                                     k8s,
		"kubectl wait --for=condition=complete job/grimoire-merge && kubectl logs job/grimoire-merge":                  k8s,
		"jobid=$(sbatch --parsable docs/slurm/simulate.sbatch)":                                                        slurm,
		"sbatch --dependency=afterok:$jobid --output=results/summary.txt --wrap 'grimoire merge results/shard-*.json'": slurm,
	}
}

// TestDocCommands keeps every command the docs show true: each command of
// every ```sh block of README.md and docs/*.md that runs grimoire (or any
// other program) is run, word for word, by an exec line of a script in
// testdata/script; a go command is run by CI (.ci/run, which may add
// flags) or by a test (byTest); a cluster recipe is listed in notRun with
// the test that checks its files.
func TestDocCommands(t *testing.T) {
	repo := filepath.Join("..", "..", "..", "..")
	docs, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append([]string{filepath.Join(repo, "README.md")}, docs...)
	scripts := scriptCommands(t)
	ci := ciCommands(t, filepath.Join(repo, ".ci", "run"))
	tests, exceptions := byTest(), notRun()
	used := map[string]bool{}
	for _, doc := range docs {
		name, _ := filepath.Rel(repo, doc)
		for _, c := range docCommands(t, doc) {
			where := fmt.Sprintf("%s:%d", filepath.ToSlash(name), c.line)
			if _, ok := exceptions[c.text]; ok {
				used[c.text] = true
				continue
			}
			if _, ok := tests[c.text]; ok {
				continue
			}
			list, err := shellCommands(c.text)
			if err != nil {
				t.Errorf("%s: %s: %v", where, c.text, err)
				continue
			}
			for _, words := range list {
				switch {
				case slices.ContainsFunc(scripts, func(s []string) bool { return slices.Equal(s, words) }):
				case words[0] == "go" && slices.ContainsFunc(ci, func(s []string) bool { return runsAs(s, words) }):
				default:
					t.Errorf("%s: no test runs %q: add \"exec %s\" to a testdata/script/docs-*.txtar", where, c.text, strings.Join(words, " "))
				}
			}
		}
	}
	for c := range exceptions {
		if !used[c] {
			t.Errorf("notRun lists %q, which no doc shows", c)
		}
	}
}

// TestGoInstall runs the install command the README shows, into a
// directory of its own, and the command it installs.
func TestGoInstall(t *testing.T) {
	gobin := t.TempDir()
	cmd := exec.Command("go", "install", "./cmd/grimoire")
	cmd.Dir = filepath.Join("..", "..", "..", "..")
	cmd.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/grimoire: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(gobin, "grimoire"), "--version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "grimoire ") {
		t.Errorf("grimoire --version: %v\n%s", err, out)
	}
}

// TestSlurmScripts runs the job arrays of docs/slurm as Slurm would, one
// task per index of the array with its environment, on fewer games, then
// the merge their header's recipe runs after them.
func TestSlurmScripts(t *testing.T) {
	tests := []struct {
		file, games, fewer, want string
	}{
		{"simulate.sbatch", "-n 1000000", "-n 12", "warlock: 12 games of 4 players, seed 7\n"},
		{"sweep.sbatch", "-n 100000", "-n 4", "warlock: 4 games of 4 players at each of 15 grid points, seed 7;"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "slurm", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			script := string(data)
			if !strings.Contains(script, "\n#SBATCH --array=0-3\n") || !strings.Contains(script, "\nshards=$((SLURM_ARRAY_TASK_MAX + 1))\n") {
				t.Fatalf("%s: no array of 4 tasks whose shards are counted from it", tt.file)
			}
			_, task, ok := strings.Cut(script, "\nexec grimoire ")
			if !ok {
				t.Fatalf("%s runs no grimoire command", tt.file)
			}
			task = strings.ReplaceAll(strings.TrimSpace(task), "\\\n", " ")
			_, merge, ok := strings.Cut(script, "--wrap '")
			if !ok {
				t.Fatalf("%s shows no merge", tt.file)
			}
			merge, _, _ = strings.Cut(merge, "'")
			dir := t.TempDir()
			results := strings.NewReplacer("results/", dir+"/", tt.games, tt.fewer)
			for k := range 4 {
				line := strings.NewReplacer("$SLURM_ARRAY_TASK_ID", fmt.Sprint(k), "$shards", "4", "$SLURM_CPUS_PER_TASK", "1").Replace(results.Replace(task))
				args, err := shellWords(line)
				if err != nil {
					t.Fatal(err)
				}
				if code, _, errs := run(t, args...); code != ExitOK {
					t.Fatalf("task %d, %q: exit %d: %s", k, args, code, errs)
				}
			}
			args, err := shellWords(results.Replace(merge))
			if err != nil || len(args) < 2 || args[0] != "grimoire" {
				t.Fatalf("merge %q: %v", merge, err)
			}
			files, err := filepath.Glob(args[len(args)-1])
			if err != nil || len(files) != 4 {
				t.Fatalf("merge %q: %d files, %v", args, len(files), err)
			}
			args = append(args[1:len(args)-1], files...)
			if code, out, errs := run(t, args...); code != ExitOK || !strings.HasPrefix(out, tt.want) {
				t.Errorf("merge %q: exit %d:\n%s%s", args, code, out, errs)
			}
		})
	}
}

// A docCommand is one command of a ```sh block, its continuation lines
// joined, at the line it starts on.
type docCommand struct {
	text string
	line int
}

// docCommands returns the commands of the ```sh blocks of a Markdown file.
// A leading "$ " is a prompt, and in a block that uses prompts the lines
// without one are the commands' output.
func docCommands(t *testing.T, path string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var cmds []docCommand
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```sh" {
			continue
		}
		start := i + 1
		end := start
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		block := lines[start:end]
		prompts := slices.ContainsFunc(block, func(l string) bool { return strings.HasPrefix(l, "$ ") })
		for j := 0; j < len(block); j++ {
			l := block[j]
			if prompts {
				if !strings.HasPrefix(l, "$ ") {
					continue
				}
				l = strings.TrimPrefix(l, "$ ")
			}
			first := start + j + 1
			for strings.HasSuffix(l, `\`) && j+1 < len(block) {
				j++
				l = strings.TrimRight(strings.TrimSuffix(l, `\`), " \t") + " " + strings.TrimSpace(block[j])
			}
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				cmds = append(cmds, docCommand{l, first})
			}
		}
		i = end
	}
	return cmds
}

// scriptCommands returns the words of every exec line of the scripts of
// testdata/script, its conditions, "!" or "?" and "exec" left out; for
// "exec sh -c LINE", those of each command of LINE.
func scriptCommands(t *testing.T) [][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds [][]string
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(a.Comment), "\n") {
			l = strings.TrimSpace(l)
			for strings.HasPrefix(l, "[") && strings.Contains(l, "]") {
				l = strings.TrimSpace(l[strings.Index(l, "]")+1:])
			}
			l = strings.TrimSpace(strings.TrimLeft(l, "!?"))
			rest, ok := strings.CutPrefix(l, "exec ")
			if !ok {
				continue
			}
			words, err := scriptWords(rest)
			if err != nil {
				t.Fatalf("%s: %s: %v", f, l, err)
			}
			if len(words) == 3 && words[0] == "sh" && words[1] == "-c" {
				// The shell runs the commands of its line, globs and
				// pipes included.
				list, err := shellCommands(words[2])
				if err != nil {
					t.Fatalf("%s: %s: %v", f, l, err)
				}
				cmds = append(cmds, list...)
				continue
			}
			cmds = append(cmds, words)
		}
	}
	return cmds
}

// ciCommands returns the simple commands of the CI script.
func ciCommands(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		list, err := shellCommands(sc.Text())
		if err != nil {
			continue // a line of a compound command: not one of the docs'
		}
		cmds = append(cmds, list...)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cmds
}

// runsAs reports whether the CI command ci runs the doc's command doc: the
// same words, to which CI may add flags.
func runsAs(ci, doc []string) bool {
	return len(ci) >= len(doc) && slices.Equal(ci[:len(doc)], doc) &&
		(len(ci) == len(doc) || strings.HasPrefix(ci[len(doc)], "-"))
}

// shellCommands splits a command line into its simple commands (at |, ||,
// && and ;) and each into its words, unquoted as the shell does, without
// its redirections: a script's exec captures what they would write.
func shellCommands(line string) ([][]string, error) {
	toks, err := shellTokens(line)
	if err != nil {
		return nil, err
	}
	var cmds [][]string
	var cur []string
	for i := 0; i < len(toks); i++ {
		tk := toks[i]
		switch {
		case tk.op && slices.Contains([]string{"|", "||", "&&", ";"}, tk.s):
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
		case tk.op && strings.HasSuffix(tk.s, "&") || tk.op && strings.Contains(tk.s, ">&"):
			// 2>&1: no target word
		case tk.op:
			i++ // a redirection's target
		default:
			cur = append(cur, tk.s)
		}
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds, nil
}

// shellWords returns the words of one simple command.
func shellWords(line string) ([]string, error) {
	toks, err := shellTokens(line)
	if err != nil {
		return nil, err
	}
	var words []string
	for _, tk := range toks {
		words = append(words, tk.s)
	}
	return words, nil
}

// scriptWords returns the words of a script's line as testscript splits
// them: at spaces, with '…' quoting, in which a doubled quote stands for
// one quote, so that a script can hand sh -c a line whose SQL quotes
// its strings.
func scriptWords(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	inWord, quoted := false, false
	r := []rune(line)
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case quoted && c == '\'' && i+1 < len(r) && r[i+1] == '\'':
			b.WriteRune(c)
			i++
		case c == '\'':
			quoted, inWord = !quoted, true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				words = append(words, b.String())
			}
			b.Reset()
			inWord = false
		default:
			b.WriteRune(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unclosed '")
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, nil
}

type token struct {
	s  string
	op bool // an operator: | || && ; or a redirection
}

// shellTokens splits a line into words, unquoted as the shell does
// ('…' literal, "…" with \ before " \ $ ` and newline, \ outside quotes),
// and operators; a # that starts a word starts a comment.
func shellTokens(line string) ([]token, error) {
	var toks []token
	var b strings.Builder
	inWord := false
	end := func() {
		if inWord {
			toks = append(toks, token{s: b.String()})
		}
		b.Reset()
		inWord = false
	}
	r := []rune(line)
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == ' ' || c == '\t':
			end()
		case c == '#' && !inWord:
			return toks, nil
		case c == '\\':
			if i+1 < len(r) {
				i++
				b.WriteRune(r[i])
			}
			inWord = true
		case c == '\'':
			j := i + 1
			for j < len(r) && r[j] != '\'' {
				j++
			}
			if j == len(r) {
				return nil, fmt.Errorf("unclosed '")
			}
			b.WriteString(string(r[i+1 : j]))
			i, inWord = j, true
		case c == '"':
			j := i + 1
			for ; j < len(r) && r[j] != '"'; j++ {
				if r[j] == '\\' && j+1 < len(r) && strings.ContainsRune("\"\\$`", r[j+1]) {
					j++
				}
				b.WriteRune(r[j])
			}
			if j == len(r) {
				return nil, fmt.Errorf("unclosed \"")
			}
			i, inWord = j, true
		case strings.ContainsRune("|&;<>", c):
			op := string(c)
			if inWord && c == '>' && isDigits(b.String()) {
				op = b.String() + op // 2>
				b.Reset()
				inWord = false
			}
			end()
			for i+1 < len(r) && strings.ContainsRune("|&>", r[i+1]) {
				i++
				op += string(r[i])
			}
			if strings.HasSuffix(op, "&") && i+1 < len(r) && r[i+1] >= '0' && r[i+1] <= '9' {
				i++
				op += string(r[i]) // >&1
			}
			toks = append(toks, token{s: op, op: true})
		default:
			b.WriteRune(c)
			inWord = true
		}
	}
	end()
	return toks, nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
