package l10n

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"text/template"

	"github.com/grimoire-games/grimoire/compiler/model"
)

func parseMessage(t testing.TB, text string) *template.Template {
	t.Helper()
	tt, err := template.New("m").Funcs(Funcs()).Option("missingkey=error").Parse(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return tt
}

func TestCheckCost(t *testing.T) {
	nested := func(n int, bound string) string {
		return strings.Repeat("{{range "+bound+"}}", n) + "x" + strings.Repeat("{{end}}", n)
	}
	tests := []struct {
		name, text string
		want       string // the error; "" when the template is within budget
	}{
		{"plain", "Draw {{.Param.n}} cards.", ""},
		{"range over data", "{{range $k, $v := .Param.m}} {{$k}}: {{$v}},{{end}}", ""},
		{"range of 10,000", "{{range 10000}}x{{end}}", ""},
		{"four nested", nested(4, "10"), ""},
		{"two billion", "{{range 2000000000}}x{{end}}", "template: m:1:8: range over 2,000,000,000: a message may repeat a text at most 10,000 times"},
		{"two billion, nothing printed", "ab\n{{range 2000000000}}{{end}}", "template: m:2:8: range over 2,000,000,000"},
		{"twelve nested", nested(12, "10"), "template: m:1:56: ranges nested more than 4 deep"},
		{"product", "{{range 2000}}{{range 1000}}x{{end}}{{end}}", "template: m:1:22: ranges inside one another repeat this text 2,000,000 times"},
		{"siblings", strings.Repeat("{{range 10000}}xy{{end}}", 120), "the message would take more than 1,000,000 steps"},
		{"range in else", "{{if .A}}{{else}}{{range 20000}}{{end}}{{end}}", "template: m:1:25: range over 20,000"},
		{"template call", `{{define "a"}}x{{end}}{{template "a"}}`, `template: m:1:33: a message cannot call a template ({{template "a"}})`},
		{"block", `{{block "a" .}}x{{end}}`, `a message cannot call a template`},
		{"printf padding", `{{printf "%0100000d" 1}}`, `template: m:1:2: printf "%0100000d" pads to 100,000 bytes; at most 65,536`},
		{"printf star", `{{.N | printf "%*d" 9}}`, `pads to 1,000,000 bytes`},
		{"printf in parentheses", `{{if eq (printf "%.99999f" 1.0) "x"}}{{end}}`, `printf "%.99999f" pads to 99,999 bytes`},
		{"printf within budget", `{{printf "%5d|%-8s|%[1]d|%.2f" 1 "a" 2.5}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckCost(parseMessage(t, tt.text))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("CheckCost(%q) = %v; want nil", tt.text, err)
				}
				return
			}
			var ce *CostError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tt.want) && !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("CheckCost(%q) = %v; want %q", tt.text, err, tt.want)
			}
		})
	}
}

// TestExecuteBudget: what the static check cannot see (ranges over data,
// strings built at run time, output) is stopped while the template runs.
func TestExecuteBudget(t *testing.T) {
	big := make([]int, 20_000)
	data := map[string]any{"Big": big, "Small": []int{1, 2, 3}, "N": 2_000_000_000, "M": 3000}
	tests := []struct {
		name, text, want, out string
	}{
		{"range over data", "{{range .Small}}{{.}},{{end}}", "", "1,2,3,"},
		{"range over an int", "{{range 3}}{{.}}{{end}}", "", "012"},
		{"long data", "{{range .Big}}{{end}}", "range over 20,000: a message may repeat a text at most 10,000 times", ""},
		{"variable bound", "{{$n := .N}}{{range $n}}{{end}}", "range over 2,000,000,000", ""},
		{"nested data", "{{range .M}}{{range $.M}}x{{end}}{{end}}", "the message would take more than 1,000,000 steps", ""},
		{"output", "{{range 10000}}" + strings.Repeat("x", 200) + "{{end}}", "the message prints more than 1 MB", ""},
		{"doubling", `{{$s := "0123456789abcdef"}}{{range 20}}{{$s = printf "%s%s" $s $s}}{{end}}{{len $s}}`, "the message builds a string of more than 64 KB", ""},
		{"building", `{{$s := printf "%060000d" 0}}{{range 100}}{{$t := print $s}}{{end}}`, "the message builds more than 4 MB of strings", ""},
		{"printf format from data", `{{printf .F 1}}`, `printf "%0100000d" pads to 100,000 bytes`, ""},
		{"html", `{{html "<a>"}}{{js "'"}}{{urlquery "a b"}}{{println 1}}`, "", "&lt;a&gt;\\'a+b1\n"},
	}
	data["F"] = "%0100000d"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Guard(parseMessage(t, tt.text))
			if err != nil {
				t.Fatalf("Guard: %v", err)
			}
			// twice: each run has a budget of its own
			for range 2 {
				out, err := g.Execute(data)
				if tt.want == "" {
					if err != nil || out != tt.out {
						t.Fatalf("Execute = %q, %v; want %q", out, err, tt.out)
					}
					continue
				}
				var ce *CostError
				if !errors.As(err, &ce) || !strings.Contains(ce.Msg, tt.want) {
					t.Fatalf("Execute = %v; want a cost error %q", err, tt.want)
				}
			}
		})
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q; want %q", n, got, want)
		}
	}
}

func BenchmarkExecute(b *testing.B) {
	data := map[string]any{"Param": map[string]any{"m": map[string]int{"a": 1, "b": 2, "c": 3}, "n": 4}}
	for _, text := range []string{"Draw {{.Param.n}} cards.", "{{range $k, $v := .Param.m}} {{$k}}: {{$v}},{{end}}"} {
		g, err := Guard(parseMessage(b, text))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.Fields(text)[0], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Execute(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLocalizerBudget: the renderer of printouts and engines refuses a
// costly message, found before or while it runs, with a cost error.
func TestLocalizerBudget(t *testing.T) {
	g := formatGame()
	msgs := g.Locales[0].Messages
	for id, text := range map[string]string{
		"rules.static":  "{{range 2000000000}}x{{end}}",
		"rules.dynamic": "{{range $i := .Arg.N}}{{range $.Arg.N}}{{end}}{{end}}",
	} {
		msgs = append(msgs, &model.Message{ID: id, Forms: map[string]string{"other": text}})
	}
	g.Locales[0].Messages = msgs
	lz, err := New(g, "fr")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"rules.static", "rules.dynamic"} {
		_, err := lz.Format(id, map[string]any{"N": 5000})
		var ce *CostError
		if !errors.As(err, &ce) {
			t.Errorf("Format(%s) = %v; want a cost error", id, err)
		}
	}
}

// TestExecuteConcurrent: runs of one template share nothing, so each has
// its whole budget (run with -race).
func TestExecuteConcurrent(t *testing.T) {
	g, err := Guard(parseMessage(t, "{{range .}}{{range 100}}x{{end}}{{end}}"))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if out, err := g.Execute(make([]int, 1000)); err != nil || len(out) != 100_000 {
					errs <- fmt.Errorf("Execute = %d bytes, %v", len(out), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
