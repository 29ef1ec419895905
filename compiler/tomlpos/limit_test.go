package tomlpos_test

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

func TestLimits(t *testing.T) {
	deep := func(n int, open string) string { return strings.Repeat(open, n) }
	dotted := func(n int) string { return strings.TrimSuffix(strings.Repeat("k.", n), ".") }
	tests := []struct {
		name string
		src  string
		pos  tomlpos.Pos // zero: within limits
		msg  string
	}{
		{name: "flat", src: "a = [1, [2, [3]]]\nb = { c = { d = 1 } }\n"},
		{name: "32 deep", src: "a = " + deep(32, "[") + strings.Repeat("]", 32)},
		{name: "33 deep", src: "a = " + deep(33, "["), pos: tomlpos.Pos{Line: 1, Col: 37}, msg: "arrays and inline tables nested more than 32 deep"},
		{name: "80 KB nested value", src: "x = 1\na = " + deep(20_000, "["), pos: tomlpos.Pos{Line: 2, Col: 37}, msg: "nested more than 32 deep"},
		{name: "3M deep array", src: "a = " + deep(3_000_000, "["), pos: tomlpos.Pos{Line: 1, Col: 37}, msg: "nested more than 32 deep"},
		{name: "inline tables", src: "a = " + deep(40, "{b="), pos: tomlpos.Pos{Line: 1, Col: 5 + 32*3}, msg: "nested more than 32 deep"},
		{name: "arrays over lines", src: "a = [\n" + deep(40, "[ # [\n"), pos: tomlpos.Pos{Line: 33, Col: 1}, msg: "nested more than 32 deep"},
		{name: "brackets in strings", src: `a = "` + deep(100, "[") + `"` + "\nb = '" + deep(100, "{") + "'\nc = \"\"\"\n" + deep(100, "[") + "\"\"\"\nd = '''" + deep(100, "[") + "'''\n"},
		{name: "brackets in comments", src: "# " + deep(100, "[") + "\na = 1 # " + deep(100, "{") + "\n"},
		{name: "escaped quote", src: `a = "\"` + deep(100, "[") + `"`},
		{name: "32-part key", src: dotted(32) + " = 1"},
		{name: "10,000-part key", src: "x = 1\n" + dotted(10_000) + " = 1", pos: tomlpos.Pos{Line: 2, Col: 65}, msg: "a key of more than 32 dotted parts"},
		{name: "spaced parts", src: strings.Repeat("k . ", 33) + "k = 1", pos: tomlpos.Pos{Line: 1, Col: 129}, msg: "a key of more than 32 dotted parts"},
		{name: "quoted parts", src: strings.Repeat(`"a.b".'c'.`, 17) + "k = 1", pos: tomlpos.Pos{Line: 1, Col: 161}, msg: "a key of more than 32 dotted parts"},
		{name: "header", src: "[" + dotted(33) + "]", pos: tomlpos.Pos{Line: 1, Col: 66}, msg: "a table header of more than 32 dotted parts"},
		{name: "array of tables", src: "[[" + dotted(33) + "]]", pos: tomlpos.Pos{Line: 1, Col: 67}, msg: "a table header of more than 32 dotted parts"},
		{name: "key in inline table", src: "a = { " + dotted(33) + " = 1 }", pos: tomlpos.Pos{Line: 1, Col: 71}, msg: "a key of more than 32 dotted parts"},
		{name: "key after comma", src: "a = [{ b = 1,\n " + dotted(33) + " = 1 }]", pos: tomlpos.Pos{Line: 2, Col: 66}, msg: "a key of more than 32 dotted parts"},
		{name: "dotted value is no key", src: "a = " + dotted(100)},
		{name: "1024-byte key", src: strings.Repeat("k", 1024) + " = 1\n\"" + strings.Repeat("k", 1024) + "\" = 1"},
		{name: "long bare key", src: "a.b." + strings.Repeat("k", 1025) + " = 1", pos: tomlpos.Pos{Line: 1, Col: 5}, msg: "a key longer than 1024 bytes"},
		{name: "long quoted key", src: "[a]\n'" + strings.Repeat("k", 1025) + "' = 1", pos: tomlpos.Pos{Line: 2, Col: 1}, msg: "a key longer than 1024 bytes"},
		{name: "long string value", src: "a = '" + strings.Repeat("k", 100_000) + "'"},
		{name: "unterminated string ends at its line", src: "a = \"x\\\n" + dotted(33) + " = 1", pos: tomlpos.Pos{Line: 2, Col: 65}, msg: "a key of more than 32 dotted parts"},
		{name: "garbage", src: "]]]}}} = = ,,, [\n\"\"\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tomlpos.DefaultLimits().Check([]byte(tt.src))
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("Check = %v; want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Check = nil; want %v: %s", tt.pos, tt.msg)
			}
			if err.Pos != tt.pos || !strings.Contains(err.Msg, tt.msg) {
				t.Errorf("Check = %v: %s; want %v: %s", err.Pos, err.Msg, tt.pos, tt.msg)
			}
		})
	}
}

// TestLimitsPassShipped: every file of the shipped games is within limits.
func TestLimitsPassShipped(t *testing.T) {
	fsys := grimoire.Games()
	n := 0
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".toml") {
			return err
		}
		src, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		n++
		if e := tomlpos.DefaultLimits().Check(src); e != nil {
			t.Errorf("%s: %v", path, e)
		}
		return nil
	})
	if err != nil || n == 0 {
		t.Fatalf("walked %d files: %v", n, err)
	}
}

// depth is how deep maps and arrays of a decoded document nest.
func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
	case []any:
		for _, e := range v {
			d = max(d, depth(e))
		}
	case []map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
	default:
		return 0
	}
	return d + 1
}

// FuzzLimits: the scanner never panics, and a document it lets through
// decodes no deeper than its limits allow: each level of brackets adds at
// most a dotted key's parts.
func FuzzLimits(f *testing.F) {
	for _, s := range []string{
		"a = [[1]]", "a.b.c = { d.e = [ { f = 1 } ] }", "[x.y]\n[[z]]\n", `a = "\"[[["`,
		"a = '''['''''", "a = \"\"\"\\\"\"\"\"[\"\"\"", "a = { b = 1, }", "\"k\\", "[[", "a = [\n# ]\n[",
	} {
		f.Add([]byte(s))
	}
	lim := tomlpos.Limits{Nesting: 3, KeyParts: 3, KeyLen: 16}
	f.Fuzz(func(t *testing.T, src []byte) {
		if lim.Check(src) != nil || bytes.Count(src, []byte("[")) > 1000 {
			return
		}
		var data map[string]any
		if _, err := toml.Decode(string(src), &data); err != nil {
			return
		}
		if d, most := depth(data), (lim.Nesting+2)*(lim.KeyParts+1); d > most {
			t.Fatalf("%q passes the limits but decodes %d deep; most %d", src, d, most)
		}
	})
}

func BenchmarkLimits(b *testing.B) {
	var buf bytes.Buffer
	for i := range 5000 {
		buf.WriteString("[[card]]\nid = \"c\" # a [comment]\n")
		buf.WriteString("cost = [\"a\", 'b', { k.l = [1, 2, [3]] }]\n")
		buf.WriteString("text = \"\"\"\nA \"quoted\" [text] of ")
		buf.WriteString(strings.Repeat("words ", i%20))
		buf.WriteString("\"\"\"\n")
	}
	src := buf.Bytes()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if err := tomlpos.DefaultLimits().Check(src); err != nil {
			b.Fatal(err)
		}
	}
}
