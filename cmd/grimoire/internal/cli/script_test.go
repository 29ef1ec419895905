package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
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
		Condition: condition,
	})
}

// condition answers a script's own conditions: [sqlite3], whether the
// sqlite3 program is there to read a database. CI installs it and sets
// GRIMOIRE_SQLITE3=required, so there a script that needs it fails
// rather than skips when it is missing.
func condition(cond string) (bool, error) {
	switch cond {
	case "sqlite3":
		if _, err := exec.LookPath("sqlite3"); err != nil {
			if os.Getenv("GRIMOIRE_SQLITE3") == "required" {
				return false, errors.New("sqlite3 not found: install sqlite3")
			}
			return false, nil
		}
		return true, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
