package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionBash sources the bash completion script in bash and
// completes command lines as a user's Tab would.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script := filepath.Join(t.TempDir(), "grimoire.bash")
	for _, shell := range []string{"bash", "zsh"} {
		code, out, errs := run(t, "completion", shell)
		if code != ExitOK || errs != "" {
			t.Fatalf("completion %s: exit %d: %s", shell, code, errs)
		}
		// zsh reads it through bashcompinit: it is bash all the same.
		if err := exec.Command("bash", "-n", "-c", out).Run(); err != nil {
			t.Errorf("completion %s is no valid bash: %v", shell, err)
		}
		if shell == "bash" {
			if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		line string // the words typed, the last one being completed
		want string
	}{
		{"grimoire exp", "export"},
		{"grimoire s", "sheet site simulate stamp sweep score"},
		{"grimoire export --for", "--format"},
		{"grimoire export --format ", "json csv sqlite xliff po tts"},
		{"grimoire sheet --kind r", "reference rules"},
		{"grimoire check --game wa", "warlock warriors"},
		{"grimoire help ru", "rulebook rules"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			words := strings.Fields(tt.line)
			if strings.HasSuffix(tt.line, " ") {
				words = append(words, "")
			}
			var quoted []string
			for _, w := range words {
				quoted = append(quoted, "'"+w+"'")
			}
			// grimoire games stands in for the binary the script asks.
			prog := `grimoire() { printf 'GAME PLAYERS\nwarlock 3-5\nwarriors 2-4\n  +dragon_hordes 2-6\nhearts 4-4\n'; }
source ` + script + `
COMP_WORDS=(` + strings.Join(quoted, " ") + `)
COMP_CWORD=` + strconv.Itoa(len(words)-1) + `
_grimoire
echo "${COMPREPLY[@]}"`
			out, err := exec.Command("bash", "-c", prog).CombinedOutput()
			if err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			got, want := strings.Fields(string(out)), strings.Fields(tt.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("completes %q; want %q", got, want)
			}
		})
	}
}

// TestCompletionShells: every shell gets a script naming every command;
// another shell is a usage error.
func TestCompletionShells(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		_, out, _ := run(t, "completion", shell)
		for _, c := range commands() {
			if !strings.Contains(out, c.name) {
				t.Errorf("completion %s lacks command %s", shell, c.name)
			}
		}
	}
	if code, _, errs := run(t, "completion", "tcsh"); code != ExitUsage || !strings.Contains(errs, `unknown shell "tcsh"`) {
		t.Errorf("completion tcsh: exit %d, %s", code, errs)
	}
}
