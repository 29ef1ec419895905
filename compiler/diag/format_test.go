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

// relatedList holds findings that point at the other side: the source
// text of a translation, another rulebook and the game data, and one place
// in no file. The middle one has none, to show the key left out.
func relatedList() List {
	return List{
		{
			Pos: Pos{File: "games/demo/locales/fr.toml", Line: 14, Col: 9}, Severity: Warning, Code: GlossaryTerm,
			Message: `card.flip: "face cachée" names another concept than "face up"`,
			Related: []Related{{Pos: Pos{File: "games/demo/locales/en.toml", Line: 14, Col: 9}, Message: "the source (en) says “face up”"}},
		},
		{Pos: Pos{File: "games/demo/locales/fr.toml", Line: 20, Col: 3}, Severity: Warning, Code: DoubledWord, Message: `"la la"`},
		{
			Pos: Pos{File: "rulebooks/fr rules.md", Line: 30, Col: 1}, Severity: Error, Code: SectionNumbers,
			Message: "section 3: 5 cards here, 6 in en",
			Related: []Related{
				{Pos: Pos{File: "rulebooks/en rules.md", Line: 28, Col: 1}, Message: "the en rulebook says “6 cards”"},
				{Pos: Pos{File: "games/demo/game.toml"}, Message: "the game data deals 6 cards"},
				{Message: "the rules' default hand size is 6"},
			},
		},
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
	{"related", relatedList(), sampleTool()},
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
				before := deepClone(c.list)
				got := write(t, c.list, f, c.tool)
				if !slices.EqualFunc(c.list, before, equal) {
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

// deepClone copies l and the related locations it holds.
func deepClone(l List) List {
	c := slices.Clone(l)
	for i := range c {
		c[i].Related = slices.Clone(c[i].Related)
	}
	return c
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
		got := artifactLocation(c.file, srcRoot)
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
	// requires every key it has but those optional lists, which output
	// leaves out when empty.
	optional := map[string][]string{"#/$defs/diagnostic": {"related"}}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				if v["additionalProperties"] != false {
					t.Errorf("schema %s has properties but not additionalProperties false", path)
				}
				req, _ := v["required"].([]any)
				for _, k := range optional[path] {
					if _, ok := props[k]; !ok || slices.Contains(req, any(k)) {
						t.Errorf("schema %s: key %q is not an optional property", path, k)
					}
				}
				if len(req)+len(optional[path]) != len(props) {
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

	doc = write(t, relatedList(), JSON, Tool{})
	rel := func(d map[string]any) map[string]any { return d["related"].([]any)[0].(map[string]any) }
	for _, c := range []struct {
		name   string
		change func(doc, first map[string]any)
	}{
		{"empty related", func(_, d map[string]any) { d["related"] = []any{} }},
		{"null related", func(_, d map[string]any) { d["related"] = nil }},
		{"related not a list", func(_, d map[string]any) { d["related"] = rel(d) }},
		{"related without message", func(_, d map[string]any) { delete(rel(d), "message") }},
		{"related without column", func(_, d map[string]any) { delete(rel(d), "column") }},
		{"related with col for column", func(_, d map[string]any) { r := rel(d); r["col"] = r["column"]; delete(r, "column") }},
		{"related with a code", func(_, d map[string]any) { rel(d)["code"] = "G112" }},
		{"related negative line", func(_, d map[string]any) { rel(d)["line"] = -1 }},
	} {
		if err := validate(sch, corrupt(t, doc, c.change)); err == nil {
			t.Errorf("the schema accepts a document with a %s", c.name)
		}
	}
}

// TestRelatedOutput checks what the schemas cannot: that each related
// location lands in JSON and SARIF with its own position and message, in
// order, and that a diagnostic without any has neither key.
func TestRelatedOutput(t *testing.T) {
	at := Pos{File: "locales/fr.toml", Line: 4, Col: 9}
	tests := []struct {
		name    string
		related []Related
		json    string // the "related" value, "" when absent
		sarif   string // the "relatedLocations" value, "" when absent
	}{
		{"none", nil, "", ""},
		{"empty", []Related{}, "", ""},
		{
			"a line and column",
			[]Related{{Pos: Pos{File: "locales/en.toml", Line: 4, Col: 9}, Message: "the source (en) says “face up”"}},
			`[{"file":"locales/en.toml","line":4,"column":9,"message":"the source (en) says “face up”"}]`,
			`[{"id":0,"physicalLocation":{"artifactLocation":{"uri":"locales/en.toml","uriBaseId":"%SRCROOT%"},"region":{"startLine":4,"startColumn":9}},"message":{"text":"the source (en) says “face up”"}}]`,
		},
		{
			"a line, a whole file, no file",
			[]Related{
				{Pos: Pos{File: "en rules.md", Line: 28}, Message: "the en rulebook says “6 cards”"},
				{Pos: Pos{File: "game.toml", Line: -1, Col: 3}, Message: "the game data"},
				{Pos: Pos{Line: 2, Col: 2}, Message: "the default"},
			},
			`[{"file":"en rules.md","line":28,"column":0,"message":"the en rulebook says “6 cards”"},` +
				`{"file":"game.toml","line":0,"column":0,"message":"the game data"},` +
				`{"file":"","line":2,"column":2,"message":"the default"}]`,
			`[{"id":0,"physicalLocation":{"artifactLocation":{"uri":"en%20rules.md","uriBaseId":"%SRCROOT%"},"region":{"startLine":28}},"message":{"text":"the en rulebook says “6 cards”"}},` +
				`{"id":1,"physicalLocation":{"artifactLocation":{"uri":"game.toml","uriBaseId":"%SRCROOT%"}},"message":{"text":"the game data"}},` +
				`{"id":2,"message":{"text":"the default"}}]`,
		},
	}
	sch := compileSARIF(t)
	jsch := compile(t, SchemaID, JSONSchema())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := List{{Pos: at, Severity: Warning, Code: GlossaryTerm, Message: "m", Related: tt.related}}

			out := write(t, l, JSON, Tool{})
			if err := validate(jsch, out); err != nil {
				t.Errorf("JSON output does not validate: %v", err)
			}
			var doc struct {
				Diagnostics []map[string]json.RawMessage `json:"diagnostics"`
			}
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Fatal(err)
			}
			checkKey(t, "JSON related", doc.Diagnostics[0], "related", tt.json)

			out = write(t, l, SARIF, Tool{})
			if err := validate(sch, out); err != nil {
				t.Errorf("SARIF output does not validate: %v", err)
			}
			var log struct {
				Runs []struct {
					Results []map[string]json.RawMessage `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(out, &log); err != nil {
				t.Fatal(err)
			}
			checkKey(t, "SARIF relatedLocations", log.Runs[0].Results[0], "relatedLocations", tt.sarif)

			if got, want := l.String(), "locales/fr.toml:4:9: warning: m [G112]\n"; got != want {
				t.Errorf("text output %q; want %q", got, want)
			}
		})
	}
}

// checkKey compares obj[key], compacted, with want; want "" means absent.
func checkKey(t *testing.T, what string, obj map[string]json.RawMessage, key, want string) {
	t.Helper()
	raw, ok := obj[key]
	switch {
	case want == "" && ok:
		t.Errorf("%s is %s; want it absent", what, raw)
	case want == "":
	case !ok:
		t.Errorf("%s is absent; want %s", what, want)
	default:
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("%s is\n\t%s\nwant\n\t%s", what, b.String(), want)
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
		sarifRejects(t, sch, doc, c.name, c.change)
	}

	// And it catches mistakes in related locations.
	doc = write(t, relatedList(), SARIF, sampleTool())
	related := func(log map[string]any) []any { return result(log, 2)["relatedLocations"].([]any) }
	for _, c := range []struct {
		name   string
		change func(log map[string]any)
	}{
		{"string related id", func(log map[string]any) { related(log)[0].(map[string]any)["id"] = "0" }},
		{"related id below -1", func(log map[string]any) { related(log)[0].(map[string]any)["id"] = -2 }},
		{"related location twice", func(log map[string]any) {
			r := result(log, 2)
			r["relatedLocations"] = append(related(log), related(log)[0])
		}},
		{"related message without text", func(log map[string]any) {
			related(log)[0].(map[string]any)["message"] = map[string]any{}
		}},
		{"related zero start line", func(log map[string]any) {
			related(log)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"] = map[string]any{"startLine": 0}
		}},
		{"related unknown key", func(log map[string]any) { related(log)[0].(map[string]any)["file"] = "x" }},
	} {
		sarifRejects(t, sch, doc, c.name, c.change)
	}
}

// sarifRejects fails the test when the SARIF schema accepts doc as change
// alters it.
func sarifRejects(t *testing.T, sch *jsonschema.Schema, doc []byte, name string, change func(log map[string]any)) {
	t.Helper()
	var log map[string]any
	if err := json.Unmarshal(doc, &log); err != nil {
		t.Fatal(err)
	}
	change(log)
	b, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(sch, b); err == nil {
		t.Errorf("the SARIF schema accepts a log with a %s", name)
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

// TestSARIFFingerprints: a finding keeps its fingerprint when lines move
// above it, findings alike in code, file and message are told apart by
// their order, and any other change makes another fingerprint.
func TestSARIFFingerprints(t *testing.T) {
	prints := func(l List) []string {
		var log sarifLog
		if err := json.Unmarshal(write(t, l, SARIF, sampleTool()), &log); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range log.Runs[0].Results {
			out = append(out, r.PartialFingerprints[fingerprintKey])
		}
		return out
	}
	at := func(line, col int, msg string) Diagnostic {
		return Diagnostic{Pos: Pos{File: "locales/g/fr.toml", Line: line, Col: col}, Severity: Warning, Code: "G120", Message: msg}
	}
	base := prints(List{at(10, 5, "two spaces"), at(20, 5, "two spaces"), at(30, 1, "other")})
	moved := prints(List{at(14, 9, "two spaces"), at(24, 2, "two spaces"), at(33, 1, "other")})
	if !slices.Equal(base, moved) {
		t.Errorf("lines moved: fingerprints %v, were %v", moved, base)
	}
	if base[0] == base[1] || base[0] == base[2] || slices.Contains(base, "") {
		t.Errorf("fingerprints do not tell findings apart: %v", base)
	}
	if other := prints(List{at(10, 5, "three spaces")}); other[0] == base[0] {
		t.Errorf("another message keeps fingerprint %s", other[0])
	}
}

// TestSARIFBuiltIn: the files of the built-in games are relative to the
// sources of the version built, which the run names; the user's files,
// to where the tool ran; and the run says columns count characters.
func TestSARIFBuiltIn(t *testing.T) {
	tool := sampleTool()
	tool.FilesURI = "https://example.com/grimoire/blob/v1.0.0/"
	tool.BuiltIn = func(file string) bool { return strings.HasPrefix(file, "locales/") }
	l := List{{Pos: Pos{File: "book.txt", Line: 3, Col: 2}, Severity: Error, Code: "G301", Message: "20 wizards",
		Related: []Related{{Pos: Pos{File: "locales/warlock/fr.toml", Line: 9, Col: 1}, Message: "the rules say 25"}}}}
	doc := write(t, l, SARIF, tool)
	if err := validate(compileSARIF(t), doc); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	var log sarifLog
	if err := json.Unmarshal(doc, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	r := run.Results[0]
	if got := r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID; got != srcRoot {
		t.Errorf("the book is relative to %s; want %s", got, srcRoot)
	}
	if got := r.RelatedLocations[0].PhysicalLocation.ArtifactLocation.URIBaseID; got != builtIn {
		t.Errorf("a built-in locale is relative to %s; want %s", got, builtIn)
	}
	if run.OriginalURIBaseIDs[builtIn].URI != tool.FilesURI || run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("run: base %+v, columns %q", run.OriginalURIBaseIDs, run.ColumnKind)
	}
}
