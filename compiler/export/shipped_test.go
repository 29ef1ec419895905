package export

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// TestShippedExportsValidate validates every JSON export of every shipped
// game against the schema, as grimoire build writes them.
func TestShippedExportsValidate(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	files, err := Tree(games)
	if err != nil {
		t.Fatal(err)
	}
	sch := compileSchema(t)
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".json") || f.Path == SchemaFile {
			continue
		}
		n++
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Content))
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if err := sch.Validate(doc); err != nil {
			t.Errorf("%s does not validate: %v", f.Path, err)
		}
	}
	if want := 4 * len(games.Games); n < want { // all locales + one per language
		t.Errorf("validated %d JSON exports; want at least %d", n, want)
	}
}
