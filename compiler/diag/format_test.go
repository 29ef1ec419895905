package diag

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sampleList holds an error with a position, a warning on a whole file, and
// a code that Codes does not list. It is not sorted, to show that Write
// keeps the order it is given.
func sampleList() List {
	return List{
		{Pos: Pos{File: "games/demo/locales/fr.toml"}, Severity: Warning, Code: ObsoleteMessage, Message: `message "card.old" is not used`},
		{Pos: Pos{File: "games/demo/game.toml", Line: 3, Col: 7}, Severity: Error, Code: WrongType, Message: `players.min: want an integer, got "two" <&>`},
		{Pos: Pos{File: "rulebooks/en rules.md", Line: 12}, Severity: Error, Code: "G999", Message: "a code no version of grimoire knows"},
	}
}

func sampleTool() Tool {
	return Tool{
		Name:           "grimoire",
		Version:        "0.9.0",
		InformationURI: "https://grimoire-games.github.io/",
		RulesURI: func(c Code) string {
			return "https://grimoire-games.github.io/codes/#" + strings.ToLower(string(c))
		},
	}
}

var goldenCases = []struct {
	name string
	list List
	tool Tool
}{
	{"sample", sampleList(), sampleTool()},
	{"empty", nil, Tool{}}, // also: no version, no URIs, the default name
}

// extensions names the golden file of each format.
var extensions = map[Format]string{Text: "txt", JSON: "json", SARIF: "sarif"}

func write(t *testing.T, l List, f Format, tool Tool) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := l.Write(&b, f, tool); err != nil {
		t.Fatalf("Write %v: %v", f, err)
	}
	return b.Bytes()
}

func TestWriteGolden(t *testing.T) {
	for _, c := range goldenCases {
		for _, f := range formats() {
			name := c.name + "." + extensions[f]
			t.Run(name, func(t *testing.T) {
				before := slices.Clone(c.list)
				got := write(t, c.list, f, c.tool)
				if !slices.Equal(c.list, before) {
					t.Errorf("Write changed the list:\n%v\nwas:\n%v", c.list, before)
				}
				if again := write(t, c.list, f, c.tool); !bytes.Equal(got, again) {
					t.Errorf("two writes differ:\n%s\nthen:\n%s", got, again)
				}
				if f == Text && string(got) != c.list.String() {
					t.Errorf("text output %q is not List.String %q", got, c.list.String())
				}
				if f != Text && !bytes.HasSuffix(got, []byte("}\n")) {
					t.Errorf("output does not end with a newline: %q", got)
				}
				golden(t, name, got)
			})
		}
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run go test -update to rewrite it): %s", path, firstDiff(got, want))
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		line := func(ls []string) string {
			if i < len(ls) {
				return ls[i]
			}
			return "(end of output)"
		}
		if line(g) != line(w) {
			return fmt.Sprintf("line %d is\n\t%s\nwant\n\t%s", i+1, line(g), line(w))
		}
	}
	return "no line differs"
}

func TestParseFormat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Format
		ok   bool
	}{
		{"text", Text, true},
		{"json", JSON, true},
		{"sarif", SARIF, true},
		{"", 0, false},
		{"JSON", 0, false},
		{"xml", 0, false},
	} {
		got, err := ParseFormat(c.in)
		switch {
		case c.ok && (err != nil || got != c.want):
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", c.in, got, err, c.want)
		case !c.ok && err == nil:
			t.Errorf("ParseFormat(%q) = %v; want an error", c.in, got)
		case !c.ok && (!strings.HasPrefix(err.Error(), "unknown format") || !strings.Contains(err.Error(), "text, json, sarif")):
			t.Errorf("ParseFormat(%q) error %q: want it lower case, naming text, json, sarif", c.in, err)
		}
	}
	for _, f := range formats() {
		if got, err := ParseFormat(f.String()); err != nil || got != f {
			t.Errorf("ParseFormat(%v.String()) = %v, %v", f, got, err)
		}
	}
	if got := Format(9).String(); got != "Format(9)" {
		t.Errorf("Format(9).String() = %q", got)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteErrors(t *testing.T) {
	if err := sampleList().Write(&bytes.Buffer{}, Format(9), Tool{}); err == nil {
		t.Error("an unknown format writes")
	}
	broken := errors.New("disk full")
	for _, f := range formats() {
		if err := sampleList().Write(failingWriter{broken}, f, Tool{}); !errors.Is(err, broken) {
			t.Errorf("%v: a failing writer gives %v; want it wrapped", f, err)
		}
	}
}

func TestArtifactLocation(t *testing.T) {
	cases := []struct {
		file, uri, base string
	}{
		{"game.toml", "game.toml", srcRoot},
		{filepath.FromSlash("games/demo/game.toml"), "games/demo/game.toml", srcRoot},
		{filepath.FromSlash("./games/x y/é#1.toml"), "./games/x%20y/%C3%A9%231.toml", srcRoot},
		{"c:d.toml", "./c:d.toml", srcRoot}, // not a scheme
	}
	if runtime.GOOS == "windows" {
		cases = append(cases, struct{ file, uri, base string }{`C:\games\game.toml`, "file:///C:/games/game.toml", ""})
	} else {
		cases = append(cases, struct{ file, uri, base string }{"/srv/games/game.toml", "file:///srv/games/game.toml", ""})
	}
	for _, c := range cases {
		got := artifactLocation(c.file)
		if got.URI != c.uri || got.URIBaseID != c.base {
			t.Errorf("artifactLocation(%q) = %q, %q; want %q, %q", c.file, got.URI, got.URIBaseID, c.uri, c.base)
		}
	}
}

// compile compiles the schema doc, known by its id, from memory: no schema
// is ever fetched.
func compile(t *testing.T, id string, doc []byte) *jsonschema.Schema {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("schema %s is not JSON: %v", id, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(id, v); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatalf("schema %s does not compile: %v", id, err)
	}
	return sch
}

func validate(sch *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// corrupt decodes doc, lets change alter it, and encodes it again.
func corrupt(t *testing.T, doc []byte, change func(doc, first map[string]any)) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	var first map[string]any
	if ds, _ := v["diagnostics"].([]any); len(ds) > 0 {
		first, _ = ds[0].(map[string]any)
	}
	change(v, first)
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestJSONSchema(t *testing.T) {
	var s map[string]any
	if err := json.Unmarshal(JSONSchema(), &s); err != nil {
		t.Fatal(err)
	}
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" || s["$id"] != SchemaID || s["title"] == nil || s["description"] == nil {
		t.Errorf("schema header: $schema %v, $id %v, title %v, description %v", s["$schema"], s["$id"], s["title"], s["description"])
	}
	// Strictness: every object closes with additionalProperties false and
	// requires every key it has.
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				if v["additionalProperties"] != false {
					t.Errorf("schema %s has properties but not additionalProperties false", path)
				}
				req, _ := v["required"].([]any)
				if len(req) != len(props) {
					t.Errorf("schema %s requires %v of its %d keys", path, req, len(props))
				}
			}
			for k, c := range v {
				walk(path+"/"+k, c)
			}
		case []any:
			for _, c := range v {
				walk(path+"/[]", c)
			}
		}
	}
	walk("#", s)

	sch := compile(t, SchemaID, JSONSchema())
	for _, c := range goldenCases {
		if err := validate(sch, write(t, c.list, JSON, c.tool)); err != nil {
			t.Errorf("%s: JSON output does not validate: %v", c.name, err)
		}
	}

	doc := write(t, sampleList(), JSON, Tool{})
	for _, c := range []struct {
		name   string
		change func(doc, first map[string]any)
	}{
		{"missing key", func(_, d map[string]any) { delete(d, "code") }},
		{"missing column", func(_, d map[string]any) { delete(d, "column") }},
		{"bad severity", func(_, d map[string]any) { d["severity"] = "fatal" }},
		{"extra key", func(_, d map[string]any) { d["hint"] = "add a key" }},
		{"bad code", func(_, d map[string]any) { d["code"] = "E101" }},
		{"negative line", func(_, d map[string]any) { d["line"] = -1 }},
		{"string line", func(_, d map[string]any) { d["line"] = "3" }},
		{"extra top-level key", func(doc, _ map[string]any) { doc["version"] = 1 }},
		{"no diagnostics", func(doc, _ map[string]any) { delete(doc, "diagnostics") }},
		{"null diagnostics", func(doc, _ map[string]any) { doc["diagnostics"] = nil }},
	} {
		if err := validate(sch, corrupt(t, doc, c.change)); err == nil {
			t.Errorf("the schema accepts a document with a %s", c.name)
		}
	}
}

// sarifSchemaFile is the official SARIF 2.1.0 schema (errata 01), from the
// OASIS repository oasis-tcs/sarif-spec, Schemata/sarif-schema-2.1.0.json.
const sarifSchemaFile = "testdata/sarif-schema-2.1.0.json"

func compileSARIF(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := os.ReadFile(sarifSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Schema string `json:"$schema"`
		ID     string `json:"id"` // draft-04 names it id, not $id
	}
	if err := json.Unmarshal(doc, &head); err != nil {
		t.Fatal(err)
	}
	if head.Schema != "http://json-schema.org/draft-04/schema#" || !strings.HasSuffix(head.ID, "/sarif-schema-2.1.0.json") {
		t.Fatalf("%s is not the SARIF 2.1.0 schema: $schema %q, id %q", sarifSchemaFile, head.Schema, head.ID)
	}
	return compile(t, head.ID, doc)
}

func TestSARIFSchema(t *testing.T) {
	sch := compileSARIF(t)
	lists := map[string]List{
		"no file": {{Severity: Error, Code: Syntax, Message: "no file at all"}},
	}
	for _, c := range goldenCases {
		lists[c.name] = c.list
	}
	for name, l := range lists {
		if err := validate(sch, write(t, l, SARIF, sampleTool())); err != nil {
			t.Errorf("%s: SARIF output does not validate: %v", name, err)
		}
	}

	// The schema catches mistakes, so the validation above means something.
	doc := write(t, sampleList(), SARIF, sampleTool())
	for _, c := range []struct {
		name   string
		change func(log map[string]any)
	}{
		{"bad level", func(log map[string]any) { result(log, 0)["level"] = "fatal" }},
		{"zero start line", func(log map[string]any) {
			result(log, 1)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"] = map[string]any{"startLine": 0}
		}},
		{"result without message", func(log map[string]any) { delete(result(log, 0), "message") }},
		{"unknown key", func(log map[string]any) { result(log, 0)["severity"] = "error" }},
		{"wrong version", func(log map[string]any) { log["version"] = "2.0.0" }},
	} {
		var log map[string]any
		if err := json.Unmarshal(doc, &log); err != nil {
			t.Fatal(err)
		}
		c.change(log)
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(sch, b); err == nil {
			t.Errorf("the SARIF schema accepts a log with a %s", c.name)
		}
	}
}

func result(log map[string]any, i int) map[string]any {
	return log["runs"].([]any)[0].(map[string]any)["results"].([]any)[i].(map[string]any)
}

// TestSARIFRules checks what the schema cannot: that rules follow Codes
// and that each ruleIndex points at its own rule.
func TestSARIFRules(t *testing.T) {
	var log sarifLog
	if err := json.Unmarshal(write(t, sampleList(), SARIF, sampleTool()), &log); err != nil {
		t.Fatal(err)
	}
	driver := log.Runs[0].Tool.Driver
	codes := Codes()
	if len(driver.Rules) != len(codes) {
		t.Fatalf("%d rules for %d codes", len(driver.Rules), len(codes))
	}
	for i, c := range codes {
		r := driver.Rules[i]
		if r.ID != string(c.Code) || r.ShortDescription.Text != c.Summary || r.HelpURI != sampleTool().RulesURI(c.Code) {
			t.Errorf("rule %d = %+v; want %s", i, r, c.Code)
		}
	}
	for _, r := range log.Runs[0].Results {
		known := slices.ContainsFunc(codes, func(c CodeInfo) bool { return c.Code == r.RuleID })
		switch {
		case known && (r.RuleIndex == nil || driver.Rules[*r.RuleIndex].ID != string(r.RuleID)):
			t.Errorf("result %s has ruleIndex %v", r.RuleID, r.RuleIndex)
		case !known && r.RuleIndex != nil:
			t.Errorf("result %s, a code with no rule, has ruleIndex %d", r.RuleID, *r.RuleIndex)
		}
	}
}
