package catalog

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// WriteLocale writes msgs as a go-i18n TOML message file of lang, the same
// bytes for the same messages: a table per message in id order with its
// hash and its forms in CLDR order. Descriptions are left out: they belong
// to the source locale.
func WriteLocale(w io.Writer, lang string, msgs []*model.Message) error {
	if _, err := language.Parse(lang); err != nil {
		return fmt.Errorf("language %q: %w", lang, err)
	}
	if slices.Contains(msgs, nil) {
		return fmt.Errorf("a nil message")
	}
	sorted := slices.SortedFunc(slices.Values(msgs), func(a, b *model.Message) int { return cmp.Compare(a.ID, b.ID) })
	if err := checkIDs(sorted); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Messages in %s (go-i18n). Descriptions are in the source locale.\n", lang)
	for _, m := range sorted {
		if err := tomlMessage(&b, m, ""); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WritePrevious writes the source texts the translations of msgs into
// lang were made from (their Previous) as a go-i18n TOML message file,
// the same bytes for the same messages: a table per message that has one,
// in id order, with the description the source's file gave and its forms.
// It returns how many it wrote.
func WritePrevious(w io.Writer, lang string, msgs []*model.Message) (int, error) {
	if _, err := language.Parse(lang); err != nil {
		return 0, fmt.Errorf("language %q: %w", lang, err)
	}
	var prev []*model.Message
	for _, m := range msgs {
		if m != nil && m.Previous != nil {
			prev = append(prev, &model.Message{ID: m.ID, FileDescription: m.Previous.Description, Forms: m.Previous.Forms})
		}
	}
	slices.SortFunc(prev, func(a, b *model.Message) int { return cmp.Compare(a.ID, b.ID) })
	if err := checkIDs(prev); err != nil {
		return 0, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The source texts the translations in ../%s.toml were made from, as grimoire\n# stamp and import record them (go-i18n).\n", lang)
	for _, m := range prev {
		if err := tomlMessage(&b, m, m.FileDescription); err != nil {
			return 0, err
		}
	}
	_, err := io.WriteString(w, b.String())
	return len(prev), err
}

// checkIDs refuses the sets of ids go-i18n cannot read back from one file.
func checkIDs(sorted []*model.Message) error {
	ids := map[string]bool{}
	for _, m := range sorted {
		if ids[m.ID] {
			return fmt.Errorf("message %s appears twice", m.ID)
		}
		ids[m.ID] = true
	}
	for _, m := range sorted {
		if !utf8.ValidString(m.ID) {
			return fmt.Errorf("message id %q is not valid UTF-8", m.ID)
		}
		parts := strings.Split(m.ID, ".")
		for i, p := range parts {
			if slices.Contains(messageKeys(), strings.ToLower(p)) {
				return fmt.Errorf("message %s: go-i18n reads %q as a key of a message, not part of an id", m.ID, p)
			}
			if prefix := strings.Join(parts[:i], "."); i > 0 && ids[prefix] {
				return fmt.Errorf("message %s is nested in message %s; one file cannot hold both", m.ID, prefix)
			}
		}
	}
	return nil
}

// messageKeys are the keys that make a TOML table a go-i18n message.
func messageKeys() []string {
	return append(pluralKeys(), "description", "hash", "id", "leftdelim", "rightdelim")
}

// tomlMessage writes a message's table: its description when desc is not
// empty, its hash and its forms.
func tomlMessage(b *strings.Builder, m *model.Message, desc string) error {
	if _, ok := m.Forms["other"]; !ok {
		return fmt.Errorf("message %s has no \"other\" form", m.ID)
	}
	for f := range m.Forms {
		if !slices.Contains(pluralKeys(), f) {
			return fmt.Errorf("message %s: %q is not a CLDR plural category", m.ID, f)
		}
	}
	b.WriteString("\n[" + tomlKey(m.ID) + "]\n")
	if desc != "" {
		s, err := tomlString(desc)
		if err != nil {
			return fmt.Errorf("message %s: description: %w", m.ID, err)
		}
		b.WriteString("description = " + s + "\n")
	}
	if m.Hash != "" {
		s, err := tomlString(m.Hash)
		if err != nil {
			return fmt.Errorf("message %s: hash: %w", m.ID, err)
		}
		b.WriteString("hash = " + s + "\n")
	}
	for _, c := range pluralKeys() {
		f, ok := m.Forms[c]
		if !ok {
			continue
		}
		s, err := tomlString(f)
		if err != nil {
			return fmt.Errorf("message %s: %s: %w", m.ID, c, err)
		}
		b.WriteString(c + " = " + s + "\n")
	}
	return nil
}

// tomlKey writes a dotted id as a TOML key, quoting the parts that are not
// bare keys.
func tomlKey(id string) string {
	parts := strings.Split(id, ".")
	for i, p := range parts {
		if !bare(p) {
			parts[i] = `"` + escapeBasic(p) + `"`
		}
	}
	return strings.Join(parts, ".")
}

func bare(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// tomlString writes a text as a basic string, or when it has several
// lines as a multi-line basic string whose lines are the text's own.
func tomlString(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("%q is not valid UTF-8", s)
	}
	if !strings.Contains(s, "\n") {
		return `"` + escapeBasic(s) + `"`, nil
	}
	// TOML drops a newline right after the opening quotes, so the text
	// starts on the next line whatever its first character.
	return "\"\"\"\n" + escapeMultiline(s) + `"""`, nil
}

func escapeBasic(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		default:
			escapeRune(&b, r)
		}
	}
	return b.String()
}

// escapeMultiline escapes a multi-line text: newlines stay, and a quote is
// escaped where it would make three in a row or touch the closing quotes.
func escapeMultiline(s string) string {
	var b strings.Builder
	run := 0 // quotes written unescaped just before
	for i, r := range s {
		switch {
		case r == '"' && (run == 2 || i == len(s)-1):
			b.WriteString(`\"`)
			run = 0
		case r == '"':
			b.WriteByte('"')
			run++
		case r == '\n':
			b.WriteByte('\n')
			run = 0
		default:
			escapeRune(&b, r)
			run = 0
		}
	}
	return b.String()
}

// escapeRune writes a rune of a basic string: backslashes and control
// characters escaped, everything else as it is.
func escapeRune(b *strings.Builder, r rune) {
	switch r {
	case '\\':
		b.WriteString(`\\`)
	case '\b':
		b.WriteString(`\b`)
	case '\t':
		b.WriteString(`\t`)
	case '\f':
		b.WriteString(`\f`)
	case '\r':
		b.WriteString(`\r`)
	default:
		if r < 0x20 || r == 0x7f {
			fmt.Fprintf(b, `\u%04X`, r)
			return
		}
		b.WriteRune(r)
	}
}
