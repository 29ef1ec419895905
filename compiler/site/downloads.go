package site

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/catalog"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/export"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// A game's downloads stand in <game>/downloads/: the files grimoire build
// writes for it, laid out as build lays them out below its folder
// (<lang>/<kind>.pdf, <variant>/<lang>/<kind>.pdf, the exports and the
// shared schema), and a PO and an XLIFF file per translation; and, when
// the site knows its address, the Tabletop Simulator object of the deck
// in each language, in tts/, which names its images by their address.

// downloadGroup is a list of downloads on the game's page: those of a
// language, of the game played in a variant in a language, or of every
// language.
type downloadGroup struct {
	Title, Lang string // Lang is the title's language, "" for the page's
	Links       []link
}

// downloads are the files of one game's downloads, by path from the
// site's root, and how the game's page lists them.
type downloads struct {
	files  map[string][]byte
	groups []downloadGroup
	d      diag.List
}

// translation adds a translation's PO and XLIFF files to group gi.
func (out *downloads) translation(gi int, base string, g *model.Game, lang string, w map[string]string) error {
	for _, tr := range []struct {
		ext, label string
		write      func(io.Writer, *model.Game, string) error
	}{{".po", w["po"], catalog.WritePO}, {".xlf", w["xliff"], catalog.WriteXLIFF}} {
		var buf bytes.Buffer
		if err := tr.write(&buf, g, lang); err != nil {
			return fmt.Errorf("%s translation into %s: %w", tr.ext, lang, err)
		}
		out.add(gi, base, g.ID+"."+lang+tr.ext, tr.label, buf.Bytes())
	}
	return nil
}

// gameDownloads makes the downloads of a game as loaded: its base game's
// and each variant's printouts and exports, through the same calls as
// grimoire build, then its translations for translators' tools; each
// printout runs on a worker of run.
func (s *builder) gameDownloads(g *model.Game, run func(func())) (func() (*downloads, error), error) {
	type ttsJob struct {
		lang  string
		group int
		files []printout.File
		d     diag.List
		err   error
	}
	var ttsJobs []*ttsJob
	type pdfJob struct {
		path  string
		label string
		group int
		data  []byte
		d     diag.List
		err   error
	}
	out := &downloads{files: map[string][]byte{}}
	var jobs []*pdfJob
	base := gamePath(g, "downloads") + "/"
	w := s.wordsOf(g.SourceLang)
	src, err := s.texts(g, g.SourceLang)
	if err != nil {
		return nil, err
	}
	var exports [][]export.File
	for _, v := range append([]string{""}, g.VariantIDs()...) {
		played, err := g.Play(v)
		if err != nil {
			return nil, err
		}
		files, err := export.FilesWith(played, s.o.Texts)
		if err != nil {
			return nil, err
		}
		exports = append(exports, files)
		dir := ""
		variantName := ""
		if pv := played.PlayedVariant(); pv != nil {
			dir = pv.ID + "/"
			if variantName, err = src.text(pv.Message); err != nil {
				return nil, err
			}
		}
		for _, lang := range g.Languages {
			grp := downloadGroup{Title: langName(lang), Lang: lang}
			if variantName != "" {
				grp.Title, grp.Lang = variantName+" · "+langName(lang), ""
			}
			out.groups = append(out.groups, grp)
			gi := len(out.groups) - 1
			for _, k := range printout.Kinds() {
				if !printout.Has(played, k) {
					continue
				}
				j := &pdfJob{path: dir + lang + "/" + k.String() + ".pdf", label: w["pdf_"+k.String()], group: gi}
				jobs = append(jobs, j)
				o := printout.Options{Kind: k, Lang: lang, Paper: s.o.Paper, Fonts: s.o.Fonts, Texts: s.o.Texts}
				run(func() {
					var buf bytes.Buffer
					j.d, j.err = printout.Write(&buf, played, o)
					j.data = buf.Bytes()
				})
			}
			out.add(gi, base, dir+export.JSONFile(g.ID, lang), "JSON", nil)
			for _, ty := range g.Types {
				n, err := src.name(ty.Message)
				if err != nil {
					return nil, err
				}
				out.add(gi, base, dir+export.CSVFile(g.ID, lang, ty.ID), "CSV · "+n, nil)
			}
			if v == "" && s.o.BaseURL != "" && printout.Has(played, printout.Deck) {
				j := &ttsJob{lang: lang, group: gi}
				ttsJobs = append(ttsJobs, j)
				o := printout.TTSOptions{Lang: lang, BaseURL: s.o.BaseURL + base + "tts/", Fonts: s.o.Fonts, Texts: s.o.Texts}
				run(func() { j.files, j.d, j.err = printout.TTS(played, o) })
			}
			if v != "" || lang == g.SourceLang {
				continue
			}
			if err := out.translation(gi, base, g, lang, w); err != nil {
				return nil, err
			}
		}
		if v == "" {
			// A draft, not published, has its translation to complete.
			if full := s.full[g.ID]; full != nil {
				for _, loc := range full.Locales {
					if loc.Lang == g.SourceLang || slices.Contains(g.Languages, loc.Lang) {
						continue
					}
					out.groups = append(out.groups, downloadGroup{Title: langName(loc.Lang) + " · " + s.wordsOf(loc.Lang)["draft"], Lang: loc.Lang})
					if err := out.translation(len(out.groups)-1, base, full, loc.Lang, w); err != nil {
						return nil, err
					}
				}
			}
			out.groups = append(out.groups, downloadGroup{Title: w["all_languages"]})
			gi := len(out.groups) - 1
			out.add(gi, base, export.JSONFile(g.ID, ""), "JSON", nil)
			out.add(gi, base, export.SchemaFile, w["schema"], export.Schema())
		}
	}
	joined, err := export.Join(exports...)
	if err != nil {
		return nil, err
	}
	for _, f := range joined {
		out.files[base+strings.TrimPrefix(f.Path, g.ID+"/")] = f.Content
	}
	return func() (*downloads, error) {
		for _, j := range jobs {
			if j.err != nil {
				return nil, fmt.Errorf("printout %s: %w", j.path, j.err)
			}
			out.d = append(out.d, j.d...)
			if j.d.HasErrors() {
				continue
			}
			out.add(j.group, base, j.path, j.label, j.data)
		}
		for _, j := range ttsJobs {
			if j.err != nil {
				return nil, fmt.Errorf("the deck for Tabletop Simulator in %s: %w", j.lang, j.err)
			}
			out.d = append(out.d, j.d...)
			for _, f := range j.files {
				if strings.HasSuffix(f.Name, ".json") {
					out.add(j.group, base, "tts/"+f.Name, w["tts"], f.Data)
				} else {
					out.files[base+"tts/"+f.Name] = f.Data
				}
			}
		}
		for i := range out.groups {
			sortLinks(out.groups[i].Links)
		}
		return out, nil
	}, nil
}

// add lists the download at path (from the game's downloads) in group gi,
// with its data unless an export already holds it.
func (d *downloads) add(gi int, base, path, label string, data []byte) {
	if data != nil {
		d.files[base+path] = data
	}
	d.groups[gi].Links = append(d.groups[gi].Links, link{Href: "downloads/" + path, Label: label})
}

// sortLinks puts the printouts first, in the order build writes them:
// they are what most readers come for.
func sortLinks(links []link) {
	var pdfs, rest []link
	for _, l := range links {
		if strings.HasSuffix(l.Href, ".pdf") {
			pdfs = append(pdfs, l)
		} else {
			rest = append(rest, l)
		}
	}
	copy(links, append(pdfs, rest...))
}
