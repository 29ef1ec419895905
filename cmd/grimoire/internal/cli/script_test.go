package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary stand for the grimoire command in the
// scripts of testdata/script, so they run the real command, in its own
// process: exit codes, signals, file limits and all.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"grimoire": func() { os.Exit(Main()) },
	})
}

// TestScripts runs the command-line scenarios of testdata/script. Each
// starts with a copy of the tiny games tree in $WORK/tiny.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			return os.CopyFS(filepath.Join(env.WorkDir, "tiny"), os.DirFS(tiny))
		},
	})
}
