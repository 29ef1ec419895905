package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// searchIndex is what the search page searches, in one language. It is
// written as a script that assigns it, search-index.js beside the page,
// since a page opened from file:// may load a script but not fetch a
// file; a file of its own also keeps search.html small and cacheable.
type searchIndex struct {
	Lang string `json:"lang"`
	// Fields are the card fields a query may name, by id.
	Fields   map[string]searchField `json:"fields"`
	Cards    []searchCard           `json:"cards"`
	Sections []searchSection        `json:"sections"`
}

// searchField says how a field compares, and its names in the language
// (the headings of the game's tables), which a query may use instead of
// its id.
type searchField struct {
	Kind   string   `json:"kind"` // enum, number or text
	Labels []string `json:"labels,omitempty"`
}

type searchCard struct {
	ID       string `json:"id"`
	URL      string `json:"url"`
	Name     string `json:"name"`
	Type     string `json:"type"`
	TypeName string `json:"typeName"`
	// Text is every value as the card's page shows it, which words
	// search; Detail the same, each after its field's name, which a
	// result shows.
	Text   string `json:"text"`
	Detail string `json:"detail"`
	// Fields hold each set field's values: numbers as numbers, enum
	// values and cards as {id, name}, other values as text.
	Fields map[string][]any `json:"fields"`
}

type searchValue struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type searchSection struct {
	ID    string `json:"id"`
	URL   string `json:"url"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// searchIndexOf makes the index of a game's cards and rules in t's
// language, with links relative to the language's folder.
func searchIndexOf(t *texts) (*searchIndex, error) {
	g := t.g
	ix := &searchIndex{Lang: t.lang, Fields: map[string]searchField{}, Cards: []searchCard{}, Sections: []searchSection{}}
	for _, c := range g.Cards {
		ty := typeOf(g, c.Type)
		name, err := t.name(c.Message)
		if err != nil {
			return nil, err
		}
		typeName, err := t.name(ty.Message)
		if err != nil {
			return nil, err
		}
		sc := searchCard{ID: c.ID, URL: "cards/" + c.ID + ".html", Name: name, Type: c.Type, TypeName: typeName, Fields: map[string][]any{}}
		var text, detail []string
		for _, f := range ty.Fields {
			kind := "text"
			switch elem(f.Type).Kind {
			case model.Int, model.Decimal:
				kind = "number"
			case model.EnumKind, model.Ref:
				kind = "enum"
			}
			sf := ix.Fields[f.ID]
			if sf.Kind == "" {
				sf.Kind = kind
			} else if sf.Kind != kind {
				sf.Kind = "text" // one id, two kinds in two types: compare as text
			}
			label := t.fieldLabel(ty.ID, f.ID)
			// A field without a heading of its own is named by its id alone.
			if label != capitalize(strings.ReplaceAll(f.ID, "_", " ")) && !containsFold(sf.Labels, label) {
				sf.Labels = append(sf.Labels, label)
			}
			ix.Fields[f.ID] = sf
			v, set := c.Get(f.ID)
			if !set {
				continue
			}
			s, err := t.value(f.Type, v)
			if err != nil {
				return nil, err
			}
			text = append(text, s)
			detail = append(detail, label+"\u00a0"+s)
			vs := []model.Value{v}
			if f.Type.Kind == model.List {
				vs = v.List
			}
			for _, e := range vs {
				x, err := searchValueOf(t, elem(f.Type), e)
				if err != nil {
					return nil, err
				}
				sc.Fields[f.ID] = append(sc.Fields[f.ID], x)
			}
		}
		sc.Text = strings.Join(text, " · ")
		sc.Detail = strings.Join(detail, " · ")
		ix.Cards = append(ix.Cards, sc)
	}
	for _, sec := range g.Sections {
		id := "rules." + sec.ID
		title, err := t.text(id + ".title")
		if err != nil {
			return nil, err
		}
		text, err := t.text(id + ".text")
		if err != nil {
			return nil, err
		}
		ix.Sections = append(ix.Sections, searchSection{ID: sec.ID, URL: "rules.html#" + sec.ID, Title: title, Text: text})
	}
	return ix, nil
}

// searchValueOf is one value of a field for the index.
func searchValueOf(t *texts, vt *model.ValueType, v model.Value) (any, error) {
	switch vt.Kind {
	case model.Int:
		return v.Int, nil
	case model.Decimal:
		return v.Dec, nil
	case model.EnumKind, model.Ref:
		name, err := t.value(vt, v)
		if err != nil {
			return nil, err
		}
		return searchValue{ID: v.Str, Name: name}, nil
	}
	return t.value(vt, v)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// searchScript is the index as a script that assigns it. encoding/json
// escapes <, > and &, so no text of a game can end the script.
func searchScript(ix *searchIndex) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("// The search index of search.html, made by Grimoire from the game's data.\nwindow.grimoireSearchIndex = ")
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(ix); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return buf.Bytes(), nil
}

// search writes the search page of a game in t's language, and its index.
func (s *builder) search(t *texts) error {
	g := t.g
	ix, err := searchIndexOf(t)
	if err != nil {
		return err
	}
	js, err := searchScript(ix)
	if err != nil {
		return err
	}
	s.files[gamePath(g, t.lang, "search-index.js")] = js
	v, err := s.langPage(g, t, "search", "search.html", "search", true)
	if err != nil {
		return err
	}
	v.Words = s.wordsOf(t.lang)
	v.Words["search_help"] = strings.ReplaceAll(v.Words["search_help"], "{examples}", strings.Join(searchExamples(g, ix), ", "))
	return s.page(gamePath(g, t.lang, "search.html"), v)
}

// searchExamples are queries of the game's own fields for the search
// page's help, each of which finds cards: the type with the most cards,
// the first enum value its first card shows, the median of its first
// number field.
func searchExamples(g *model.Game, ix *searchIndex) []string {
	count := map[string]int{}
	for _, c := range ix.Cards {
		count[c.Type]++
	}
	var ty *model.Type
	for _, x := range g.Types {
		if count[x.ID] > 0 && (ty == nil || count[x.ID] > count[ty.ID]) {
			ty = x
		}
	}
	if ty == nil {
		return nil
	}
	var cards []searchCard
	for _, c := range ix.Cards {
		if c.Type == ty.ID {
			cards = append(cards, c)
		}
	}
	// A name of one word is typed as it is; the id stands for any other.
	word := func(id, name string) string {
		if name == "" || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || r == '"' }) {
			return id
		}
		return strings.ToLower(name)
	}
	out := []string{"type:" + word(ty.ID, cards[0].TypeName)}
	var enumDone, numberDone bool
	for _, f := range ty.Fields {
		var numbers []float64
		for _, c := range cards {
			for _, v := range c.Fields[f.ID] {
				switch v := v.(type) {
				case searchValue:
					if !enumDone {
						out, enumDone = append(out, f.ID+":"+word(v.ID, v.Name)), true
					}
				case int64:
					numbers = append(numbers, float64(v))
				case float64:
					numbers = append(numbers, v)
				}
			}
		}
		if len(numbers) > 0 && f.Type.Kind != model.List && !numberDone {
			slices.Sort(numbers)
			out, numberDone = append(out, f.ID+">="+strconv.FormatFloat(numbers[len(numbers)/2], 'f', -1, 64)), true
		}
	}
	return out
}
