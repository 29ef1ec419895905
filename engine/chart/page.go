package chart

import (
	"bytes"
	"html/template"
)

// pageHTML shows the table and every plot, with no script and nothing
// fetched from elsewhere: the page reads the same offline, years later.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 1300px; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
p.about { color: #555; margin-top: 0; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85em; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
th { background: #f2f2f2; position: sticky; top: 0; }
tr:hover td { background: #f8f8f8; }
figure { margin: 2em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { color: #555; font-size: 0.9em; max-width: 60em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="about">{{.About}}</p>
<div class="table">
<table>
<thead><tr>{{range .Table.Header}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Table.Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
</div>
{{range .Figures}}<figure>
<a href="{{.File}}.svg"><img src="{{.File}}.svg" alt="{{.Caption}}" width="{{.W}}" height="{{.H}}"></a>
<figcaption>{{.Caption}} <a href="{{.File}}.png">PNG</a></figcaption>
</figure>
{{end}}</body>
</html>
`

// page is the study's index.html.
func page(s Study, figs []figure) ([]byte, error) {
	t, err := template.New("page").Parse(pageHTML)
	if err != nil {
		return nil, err
	}
	type fig struct {
		File, Caption string
		W, H          int
	}
	title := s.Game + ": simulation"
	if len(s.Axes) > 0 {
		title = s.Game + ": sweep of"
		for i, ax := range s.Axes {
			if i > 0 {
				title += " ×"
			}
			title += " " + ax.Name
		}
	}
	data := struct {
		Title, About string
		Table        Table
		Figures      []fig
	}{Title: title, About: s.About, Table: s.Table}
	for _, f := range figs {
		// CSS pixels: 96 to the inch.
		data.Figures = append(data.Figures, fig{f.name, f.caption, int(f.w.Dots(96)), int(f.h.Dots(96))})
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
