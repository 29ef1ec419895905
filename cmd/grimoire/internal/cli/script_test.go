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
// starts with a copy of the tiny games tree in $WORK/tiny; $REPO is the
// top of this module, for its test data.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			return os.CopyFS(filepath.Join(env.WorkDir, "tiny"), os.DirFS(tiny))
		},
	})
}
