package cli

import (
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

var (
	// codeRow is a row of a table of codes: "| G001 | error | what |".
	codeRow = regexp.MustCompile(`(?m)^\| (G[0-9]{3}) \| (error|warning) \| (.+) \|$`)
	// codeHead is a code's section: "### G101".
	codeHead = regexp.MustCompile(`(?m)^### (G[0-9]{3})$`)
	// lead is a section's first words: "**Error: what it reports.**", or
	// "**Error (warning where …): …".
	lead = regexp.MustCompile(`^\*\*(Error|Warning)(?: \([^)]*\))?: `)
	// markup is the Markdown a plain text drops: bold, code, links.
	markup = regexp.MustCompile("\\*\\*|`|\\[([^]]*)\\]\\([^)]*\\)")
)

// ruleDocs reads each code's documentation from the checks reference
// (docs/checks.md): a code's section says what it reports first, in bold
// and led by its level, then more; a code of a table, its level and what
// it reports.
func ruleDocs(md string) map[diag.Code]diag.RuleDoc {
	out := map[diag.Code]diag.RuleDoc{}
	for _, m := range codeRow.FindAllStringSubmatch(md, -1) {
		full := plainText(m[3])
		out[diag.Code(m[1])] = diag.RuleDoc{Full: upperFirst(full) + ".", HelpText: upperFirst(full) + ".", Help: upperFirst(m[3]) + ".", Level: m[2]}
	}
	heads := codeHead.FindAllStringSubmatchIndex(md, -1)
	for i, h := range heads {
		end := len(md)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		body := md[h[1]:end]
		if j := strings.Index(body, "\n#"); j >= 0 {
			body = body[:j] // up to the next heading, of any level
		}
		body = strings.TrimSpace(body)
		m := lead.FindStringSubmatch(body)
		if m == nil {
			continue
		}
		first, _, _ := strings.Cut(body, "\n\n")
		first = lead.ReplaceAllString(first, "**")
		full := plainText(first)
		if k := strings.Index(full, ". "); k >= 0 {
			full = full[:k+1]
		}
		out[diag.Code(md[h[2]:h[3]])] = diag.RuleDoc{
			Full:     upperFirst(full),
			Help:     "**" + upperFirst(strings.TrimPrefix(lead.ReplaceAllString(body, "**"), "**")),
			HelpText: upperFirst(plainText(lead.ReplaceAllString(body, "**"))),
			Level:    strings.ToLower(m[1]),
		}
	}
	return out
}

// plainText drops a text's Markdown and joins its lines.
func plainText(s string) string {
	s = markup.ReplaceAllString(s, "$1")
	return strings.Join(strings.Fields(s), " ")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// semanticVersion is the module version the binary was built from as
// semver ("1.2.0" for v1.2.0), or "" for a development build.
func semanticVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	v, ok := strings.CutPrefix(bi.Main.Version, "v")
	if !ok || v == "" {
		return ""
	}
	return v
}

// sourceRef is what the sources of this build are named by in the
// repository: its version tag, its commit, or the main branch.
func sourceRef() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "main"
	}
	if v := bi.Main.Version; strings.HasPrefix(v, "v") {
		// A pseudo-version ends with the commit: v0.0.0-20261205-abcdef123456.
		if parts := strings.Split(v, "-"); len(parts) >= 3 && len(parts[len(parts)-1]) == 12 {
			return parts[len(parts)-1]
		}
		return v
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return s.Value
		}
	}
	return "main"
}
