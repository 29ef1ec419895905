package diag

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// Format is a way to print a List: for people, or for other tools.
type Format int

const (
	Text  Format = iota // path:line:col: severity: message [code], as List.String
	JSON                // a document of diagnostics.schema.json
	SARIF               // a SARIF 2.1.0 log, for code-scanning tools
)

// formats lists every Format, in the order ParseFormat's error names them.
func formats() []Format { return []Format{Text, JSON, SARIF} }

func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSON:
		return "json"
	case SARIF:
		return "sarif"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat returns the Format that String names s.
func ParseFormat(s string) (Format, error) {
	names := make([]string, 0, len(formats()))
	for _, f := range formats() {
		if f.String() == s {
			return f, nil
		}
		names = append(names, f.String())
	}
	return 0, fmt.Errorf("unknown format %q: want one of %s", s, strings.Join(names, ", "))
}

// Tool says who wrote the diagnostics; SARIF output names it.
type Tool struct {
	Name           string // "grimoire" when empty, as SARIF needs a name
	Version        string
	InformationURI string
	// RulesURI returns the URL documenting a code, or "" for none; it may
	// be nil.
	RulesURI func(Code) string
}

// SchemaID is the $id of the JSON output's schema, diagnostics.schema.json.
const SchemaID = "https://grimoire-games.github.io/schema/diagnostics.schema.json"

// schemaJSON is diagnostics.schema.json; a string so no caller can change it.
//
//go:embed diagnostics.schema.json
var schemaJSON string

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON format.
// The caller owns the returned slice.
func JSONSchema() []byte { return []byte(schemaJSON) }

// Write prints l in format f. It keeps the order of l and changes nothing:
// callers that want a stable order sort first.
func (l List) Write(w io.Writer, f Format, tool Tool) error {
	var out []byte
	switch f {
	case Text:
		out = []byte(l.String())
	case JSON:
		b, err := encodeJSON(l.jsonReport())
		if err != nil {
			return err
		}
		out = b
	case SARIF:
		b, err := encodeJSON(l.sarifLog(tool))
		if err != nil {
			return err
		}
		out = b
	default:
		return fmt.Errorf("write diagnostics: unknown format %v", f)
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("write diagnostics: %w", err)
	}
	return nil
}

// encodeJSON indents v by two spaces and ends it with a newline. It leaves
// <, > and & as they are: messages quote game text, and no browser reads it.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode diagnostics: %w", err)
	}
	return b.Bytes(), nil
}

// The JSON format. Struct fields keep the keys in the documented order.
type (
	jsonReport struct {
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}
	jsonDiagnostic struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Severity string `json:"severity"`
		Code     Code   `json:"code"`
		Message  string `json:"message"`
		// Related is left out when empty, so documents without it read
		// as before.
		Related []jsonRelated `json:"related,omitempty"`
	}
	jsonRelated struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Message string `json:"message"`
	}
)

func (l List) jsonReport() jsonReport {
	r := jsonReport{Diagnostics: make([]jsonDiagnostic, 0, len(l))} // [] rather than null when empty
	for _, d := range l {
		jd := jsonDiagnostic{File: d.Pos.File, Severity: d.Severity.String(), Code: d.Code, Message: d.Message}
		jd.Line, jd.Column = jsonLineCol(d.Pos)
		for _, rel := range d.Related {
			jr := jsonRelated{File: rel.Pos.File, Message: rel.Message}
			jr.Line, jr.Column = jsonLineCol(rel.Pos)
			jd.Related = append(jd.Related, jr)
		}
		r.Diagnostics = append(r.Diagnostics, jd)
	}
	return r
}

// jsonLineCol is p's line and column as the schema wants them: 0, 0 for a
// whole file, and never negative.
func jsonLineCol(p Pos) (line, col int) {
	if p.Line <= 0 {
		return 0, 0
	}
	return p.Line, max(p.Col, 0)
}

// The SARIF 2.1.0 subset grimoire writes.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	// srcRoot is the uriBaseId of relative paths: the directory grimoire
	// ran in, which code-scanning services map to the repository root.
	srcRoot = "%SRCROOT%"
)

type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		HelpURI          string       `json:"helpUri,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    Code            `json:"ruleId,omitempty"`
		RuleIndex *int            `json:"ruleIndex,omitempty"` // a pointer, as 0 is a valid index
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
		// RelatedLocations are Diagnostic.Related, in order.
		RelatedLocations []sarifRelatedLocation `json:"relatedLocations,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	}
	sarifRelatedLocation struct {
		ID               int                    `json:"id"` // its index in Related; results' messages may link to it
		PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
		Message          sarifMessage           `json:"message"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           *sarifRegion          `json:"region,omitempty"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

func (l List) sarifLog(tool Tool) sarifLog {
	driver := sarifDriver{Name: cmp.Or(tool.Name, "grimoire"), Version: tool.Version, InformationURI: tool.InformationURI}
	index := make(map[Code]int)
	for i, c := range Codes() {
		r := sarifRule{ID: string(c.Code), ShortDescription: sarifMessage{c.Summary}}
		if tool.RulesURI != nil {
			r.HelpURI = tool.RulesURI(c.Code)
		}
		driver.Rules = append(driver.Rules, r)
		index[c.Code] = i
	}
	results := make([]sarifResult, 0, len(l)) // [] rather than null: the run did scan
	for _, d := range l {
		r := sarifResult{RuleID: d.Code, Level: d.Severity.String(), Message: sarifMessage{d.Message}}
		if i, ok := index[d.Code]; ok {
			r.RuleIndex = &i
		}
		if loc := physicalLocation(d.Pos); loc != nil {
			r.Locations = []sarifLocation{{PhysicalLocation: *loc}}
		}
		for i, rel := range d.Related {
			r.RelatedLocations = append(r.RelatedLocations, sarifRelatedLocation{
				ID:               i,
				PhysicalLocation: physicalLocation(rel.Pos),
				Message:          sarifMessage{rel.Message},
			})
		}
		results = append(results, r)
	}
	return sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}},
	}
}

// physicalLocation is where p points, or nil when p names no file.
func physicalLocation(p Pos) *sarifPhysicalLocation {
	if p.File == "" {
		return nil
	}
	loc := &sarifPhysicalLocation{ArtifactLocation: artifactLocation(p.File)}
	if p.Line > 0 {
		loc.Region = &sarifRegion{StartLine: p.Line, StartColumn: max(p.Col, 0)}
	}
	return loc
}

// artifactLocation turns a file path into a URI reference with forward
// slashes and percent-escapes: an absolute path becomes a file: URI, a
// relative one stays relative to %SRCROOT%.
func artifactLocation(file string) sarifArtifactLocation {
	p := filepath.ToSlash(file)
	if !filepath.IsAbs(file) {
		// url.URL escapes what a URI cannot hold, and guards a first
		// segment with a colon ("./c:d") so it does not read as a scheme.
		return sarifArtifactLocation{URI: (&url.URL{Path: p}).String(), URIBaseID: srcRoot}
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: C:/x becomes file:///C:/x
	}
	return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: p}).String()}
}
