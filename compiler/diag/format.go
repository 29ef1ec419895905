package diag

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
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
	Name    string // "grimoire" when empty, as SARIF needs a name
	Version string
	// SemanticVersion is Version as semver ("1.2.0"), or "" when the
	// build has none (a development build).
	SemanticVersion string
	InformationURI  string
	// RulesURI returns the URL documenting a code, or "" for none; it may
	// be nil.
	RulesURI func(Code) string
	// RuleDoc documents a code: what it reports in a sentence, in full,
	// and the level it is reported at by default ("error", "warning");
	// it may be nil.
	RuleDoc func(Code) RuleDoc
	// FilesURI is where the files BuiltIn tells stand: the games built
	// into the binary are no files on the user's disk. Their paths are
	// relative to it; other paths, to the directory the tool ran in.
	FilesURI string
	BuiltIn  func(file string) bool
}

// RuleDoc is the documentation of a code, for SARIF's rule metadata:
// Help is in Markdown, HelpText the same as plain text.
type RuleDoc struct {
	Full, Help, HelpText, Level string
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
	// builtIn is the uriBaseId of the games built into the binary.
	builtIn = "GRIMOIRE_GAMES"
)

type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                    `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactBase `json:"originalUriBaseIds,omitempty"`
		// ColumnKind says what a column counts: characters (code points),
		// as every command reports them.
		ColumnKind string        `json:"columnKind"`
		Results    []sarifResult `json:"results"`
	}
	sarifArtifactBase struct {
		URI         string       `json:"uri"`
		Description sarifMessage `json:"description"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version,omitempty"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri,omitempty"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string              `json:"id"`
		ShortDescription     sarifMessage        `json:"shortDescription"`
		FullDescription      *sarifMessage       `json:"fullDescription,omitempty"`
		Help                 *sarifMessage       `json:"help,omitempty"`
		HelpURI              string              `json:"helpUri,omitempty"`
		DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
	}
	sarifConfiguration struct {
		Level string `json:"level"`
	}
	sarifMessage struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifResult struct {
		RuleID    Code            `json:"ruleId,omitempty"`
		RuleIndex *int            `json:"ruleIndex,omitempty"` // a pointer, as 0 is a valid index
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
		// RelatedLocations are Diagnostic.Related, in order.
		RelatedLocations []sarifRelatedLocation `json:"relatedLocations,omitempty"`
		// PartialFingerprints tell a finding from run to run, wherever
		// its line moves to.
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
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
	driver := sarifDriver{Name: cmp.Or(tool.Name, "grimoire"), Version: tool.Version, SemanticVersion: tool.SemanticVersion, InformationURI: tool.InformationURI}
	index := make(map[Code]int)
	for i, c := range Codes() {
		r := sarifRule{ID: string(c.Code), ShortDescription: sarifMessage{Text: c.Summary}}
		if tool.RulesURI != nil {
			r.HelpURI = tool.RulesURI(c.Code)
		}
		if tool.RuleDoc != nil {
			doc := tool.RuleDoc(c.Code)
			if doc.Full != "" {
				r.FullDescription = &sarifMessage{Text: doc.Full}
			}
			if doc.HelpText != "" {
				r.Help = &sarifMessage{Text: doc.HelpText, Markdown: doc.Help}
			}
			if doc.Level != "" {
				r.DefaultConfiguration = &sarifConfiguration{doc.Level}
			}
		}
		driver.Rules = append(driver.Rules, r)
		index[c.Code] = i
	}
	base := func(file string) string {
		if tool.FilesURI != "" && tool.BuiltIn != nil && tool.BuiltIn(file) {
			return builtIn
		}
		return srcRoot
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "unicodeCodePoints"}
	if tool.FilesURI != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactBase{builtIn: {URI: tool.FilesURI, Description: sarifMessage{Text: "the games built into grimoire, which it reads when no --root is given"}}}
	}
	run.Results = make([]sarifResult, 0, len(l)) // [] rather than null: the run did scan
	seen := map[string]int{}
	for _, d := range l {
		r := sarifResult{RuleID: d.Code, Level: d.Severity.String(), Message: sarifMessage{Text: d.Message}}
		if i, ok := index[d.Code]; ok {
			r.RuleIndex = &i
		}
		if loc := physicalLocation(d.Pos, base); loc != nil {
			r.Locations = []sarifLocation{{PhysicalLocation: *loc}}
		}
		for i, rel := range d.Related {
			r.RelatedLocations = append(r.RelatedLocations, sarifRelatedLocation{
				ID:               i,
				PhysicalLocation: physicalLocation(rel.Pos, base),
				Message:          sarifMessage{Text: rel.Message},
			})
		}
		r.PartialFingerprints = map[string]string{fingerprintKey: fingerprint(d, seen)}
		run.Results = append(run.Results, r)
	}
	return sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs:    []sarifRun{run},
	}
}

// fingerprintKey names grimoire's fingerprint among a result's partial
// fingerprints; its version changes if the way it is made does.
const fingerprintKey = "grimoireFinding/v1"

// fingerprint identifies a finding across runs: its code, its file and
// its message, which quotes the text concerned, but not its line or
// column, so that lines added above it keep it the same. Findings alike
// in all three are told apart by their order in the file. seen counts
// them.
func fingerprint(d Diagnostic, seen map[string]int) string {
	key := string(d.Code) + "\x00" + filepath.ToSlash(d.Pos.File) + "\x00" + d.Message
	n := seen[key]
	seen[key]++
	sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:16])
}

// physicalLocation is where p points, a relative path from the base its
// file has, or nil when p names no file.
func physicalLocation(p Pos, base func(string) string) *sarifPhysicalLocation {
	if p.File == "" {
		return nil
	}
	loc := &sarifPhysicalLocation{ArtifactLocation: artifactLocation(p.File, base(p.File))}
	if p.Line > 0 {
		loc.Region = &sarifRegion{StartLine: p.Line, StartColumn: max(p.Col, 0)}
	}
	return loc
}

// artifactLocation turns a file path into a URI reference with forward
// slashes and percent-escapes: an absolute path becomes a file: URI, a
// relative one stays relative to base.
func artifactLocation(file, base string) sarifArtifactLocation {
	p := filepath.ToSlash(file)
	if !filepath.IsAbs(file) {
		// url.URL escapes what a URI cannot hold, and guards a first
		// segment with a colon ("./c:d") so it does not read as a scheme.
		return sarifArtifactLocation{URI: (&url.URL{Path: p}).String(), URIBaseID: base}
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: C:/x becomes file:///C:/x
	}
	return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: p}).String()}
}
