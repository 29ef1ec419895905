package rulebook

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/text"
)

// Read reads a rulebook from a file's contents: the text of a PDF, or a
// text in UTF-8. It leaves page furniture out of the text (tables of
// contents, running heads and feet, page numbers) and joins words
// hyphenated at line ends, keeping every line's number and columns, so
// that diagnostics point into the text as read. A PDF's text has the lines
// of `pdftotext FILE.pdf`, except that a word broken at a line end stays
// broken, and its pages start with a form feed. Read refuses what cannot
// be a rulebook in lang: an empty or binary file, too few words, a text in
// another language (a *LangError).
func Read(name, lang string, data []byte) (*Book, error) {
	text, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	v, err := loadLanguages()
	if err != nil {
		return nil, err
	}
	b := build(v, name, lang, text)
	if err := b.refuse(v); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// build splits a text into lines, leaves its page furniture out, joins
// its hyphenated words and finds its headings.
func build(v *languages, name, lang, text string) *Book {
	b := split(name, lang, text)
	b.stripFurniture()
	b.joinHyphens(v.lang(lang))
	b.findHeadings()
	return b
}

// Limits of what reads as a rulebook.
const (
	minWords     = 100                // fewer words make no rulebook
	maxBadShare  = 0.02               // of control and replacement characters in a text
	minLangShare = 0.15               // of stopwords, for a text to read as a language
	pdfTimeout   = 2 * time.Minute    // for pdftotext on one file
	bom          = "\xef\xbb\xbf"     // a UTF-8 byte order mark
	pdfMagic     = "%PDF-"            // how a PDF file starts
	zipMagic     = "PK\x03\x04"       // a ZIP archive: .docx, .odt, .epub
	oleMagic     = "\xd0\xcf\x11\xe0" // an OLE file: .doc
)

// decode returns the text of a file: a PDF's extracted text, or the file
// itself when it is text.
func decode(data []byte) (string, error) {
	switch {
	case len(data) == 0:
		return "", errors.New("empty file")
	case bytes.HasPrefix(data, []byte(pdfMagic)):
		return pdfText(data)
	}
	return plainText(data)
}

// plainText checks that a file is text in UTF-8 and returns it without
// its byte order mark.
func plainText(data []byte) (string, error) {
	const not = "not a text or PDF file: "
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return "", errors.New(not + "text in UTF-16 (save it as UTF-8)")
	case bytes.HasPrefix(data, []byte(zipMagic)):
		return "", errors.New(not + "a ZIP archive, such as a .docx or .odt document (save it as text or PDF)")
	case bytes.HasPrefix(data, []byte(oleMagic)):
		return "", errors.New(not + "an Office document (save it as text or PDF)")
	case bytes.IndexByte(data, 0) >= 0:
		return "", errors.New(not + "binary data (NUL bytes)")
	}
	data = bytes.TrimPrefix(data, []byte(bom))
	if !utf8.Valid(data) {
		at := 0
		for at < len(data) {
			r, n := utf8.DecodeRune(data[at:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			at += n
		}
		return "", fmt.Errorf(not+"invalid UTF-8 on line %d (save the text as UTF-8)", bytes.Count(data[:at], []byte("\n"))+1)
	}
	s := string(data)
	bad, n := 0, 0
	for _, r := range s {
		n++
		if r == utf8.RuneError || unicode.IsControl(r) && !strings.ContainsRune("\t\n\v\f\r", r) {
			bad++
		}
	}
	if n > 0 && float64(bad) > maxBadShare*float64(n) {
		return "", fmt.Errorf(not+"%d%% of its characters are control or replacement characters", bad*100/n)
	}
	return s, nil
}

// pdfText extracts the text of a PDF with pdftotext (poppler-utils).
// The pure Go PDF readers garble the characters beyond Latin-1 of the
// fonts the printouts embed (’, …, œ), which poppler reads right. Its
// words and lines are read in its reading order (columns one after the
// other) from its layout output, since its plain text joins the lines of
// words broken at a hyphen, and compounds with them ("face-up" at a line
// end reads "faceup").
func pdfText(data []byte) (string, error) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return "", errors.New("reading a PDF needs pdftotext, which is not installed: install poppler-utils")
	}
	ctx, cancel := context.WithTimeout(context.Background(), pdfTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-bbox-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		if msg := lastLine(errs.String()); msg != "" {
			return "", fmt.Errorf("pdftotext: %s: %w", msg, err)
		}
		return "", fmt.Errorf("pdftotext: %w", err)
	}
	text, err := layoutText(out.Bytes())
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(strings.ReplaceAll(text, "\f", "")) == "" {
		return "", errors.New("the PDF has no text: a scan needs OCR first")
	}
	return text, nil
}

// layoutText writes the text of pdftotext's layout output as its plain
// text does: a line of text for each line of the page, words separated by
// a space, a blank line after each flow of text, and a form feed before
// each page but the first. Flows are read in poppler's order but for one
// thing (see leftFirst): a flow is read before the flows poppler put
// ahead of it that stand to its right and no higher, as a table's title
// and row labels before its cells.
func layoutText(data []byte) (string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var b, word, fl strings.Builder
	var words []string
	var page []flow
	var lines []rect
	pages := 0
	inWord := false
	endPage := func() {
		for _, f := range leftFirst(page) {
			b.WriteString(f.text)
		}
		page = page[:0]
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("reading the layout pdftotext gives: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "page":
				endPage()
				if pages > 0 {
					b.WriteByte('\f')
				}
				pages++
			case "word":
				inWord = true
				word.Reset()
			case "line":
				lines = append(lines, boxOf(t.Attr))
			}
		case xml.CharData:
			if inWord {
				word.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "word":
				words = append(words, strings.ToValidUTF8(word.String(), "\uFFFD"))
				inWord = false
			case "line":
				fl.WriteString(strings.Join(words, " "))
				fl.WriteByte('\n')
				words = words[:0]
			case "flow":
				fl.WriteByte('\n')
				page = append(page, flow{fl.String(), lines})
				fl.Reset()
				lines = nil
			}
		}
	}
	endPage()
	return b.String(), nil
}

// flow is a flow of text of pdftotext's layout: its text, and the boxes
// of its lines on the page.
type flow struct {
	text  string
	lines []rect
}

// rect is a box on a page, y growing downwards.
type rect struct{ x0, y0, x1, y1 float64 }

// boxOf reads the box of a layout element.
func boxOf(attrs []xml.Attr) rect {
	var r rect
	for _, a := range attrs {
		v, err := strconv.ParseFloat(a.Value, 64)
		if err != nil {
			continue
		}
		switch a.Name.Local {
		case "xMin":
			r.x0 = v
		case "yMin":
			r.y0 = v
		case "xMax":
			r.x1 = v
		case "yMax":
			r.y1 = v
		}
	}
	return r
}

// besideBelow reports whether flow k stands beside f and lower, to its
// right: k starts no higher than f, and lies wholly right of each line
// of f that reaches down to k's top.
func (f flow) besideBelow(k flow) bool {
	if len(f.lines) == 0 || len(k.lines) == 0 {
		return false
	}
	top, left := k.lines[0].y0, k.lines[0].x0
	for _, l := range k.lines {
		top, left = min(top, l.y0), min(left, l.x0)
	}
	if top < f.lines[0].y0 {
		return false
	}
	for _, l := range f.lines {
		if l.y1 > top && l.x1 > left {
			return false
		}
	}
	return true
}

// leftFirst orders the flows of a page as they read, left to right where
// they stand side by side: poppler sometimes puts the flows of a table's
// cells before the flow of its title and row labels, left of them and
// starting above them. Each flow goes before the flows just ahead of it
// that stand beside it, lower and to its right.
func leftFirst(fs []flow) []flow {
	out := make([]flow, 0, len(fs))
	for _, f := range fs {
		at := len(out)
		for at > 0 && f.besideBelow(out[at-1]) {
			at--
		}
		out = slices.Insert(out, at, f)
	}
	return out
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// refuse reports why a book is no rulebook in its language, or nil.
func (b *Book) refuse(v *languages) error {
	words := b.words()
	switch {
	case len(words) == 0:
		return errors.New("no text")
	case len(words) < minWords:
		return fmt.Errorf("too few words to be a rulebook (%d; a rulebook has at least %d)", len(words), minWords)
	}
	var langs []*text.Language
	for _, tag := range slices.Sorted(maps.Keys(v.langs)) {
		langs = append(langs, v.langs[tag])
	}
	own := 0.0
	if l := v.langs[b.Lang]; l != nil {
		own = l.StopShare(words)
	}
	if best, share := text.Guess(words, langs); best != nil && best.Tag != b.Lang && share >= minLangShare && 2*own < share {
		return &LangError{Lang: b.Lang, Reads: best.Tag}
	}
	return nil
}

// words returns the words of the book, folded, its page furniture left
// out.
func (b *Book) words() []string {
	var out []string
	for _, l := range b.lines {
		if !l.skip {
			out = append(out, wordsOf(l.text)...)
		}
	}
	return out
}

// LangError is the error of a text in another language than the one
// stated.
type LangError struct {
	Lang  string // the language stated
	Reads string // the language the text reads as
	// Flag is the option that stated the language; "--lang L" if empty.
	Flag string
}

func (e *LangError) Error() string {
	flag := e.Flag
	if flag == "" {
		flag = "--lang " + e.Lang
	}
	return fmt.Sprintf("the text reads as %s, not %s (%s)", text.LangName(e.Reads), text.LangName(e.Lang), flag)
}

// wordsOf returns the words of a text, folded.
func wordsOf(s string) []string {
	return strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

// stripFurniture marks the lines of page furniture to skip: running heads
// and feet and page numbers first, then tables of contents, then the gaps
// they leave inside a sentence.
func (b *Book) stripFurniture() {
	pages := b.pages()
	b.stripRunning(pages)
	b.stripContents(pages)
	b.closeGaps()
}

// pages returns the first line of each page.
func (b *Book) pages() []int {
	out := []int{0}
	for i, p := range b.PageStart {
		if p && i > 0 {
			out = append(out, i)
		}
	}
	return out
}

// drop marks a line as no part of the text.
func (b *Book) drop(i int) {
	b.lines[i].skip = true
	b.lines[i].text = ""
}

// blank reports whether line i has no text to read.
func (b *Book) blank(i int) bool {
	return b.lines[i].skip || strings.TrimSpace(b.lines[i].text) == ""
}

// digitRun matches the numbers of a line, which change from page to page.
var digitRun = regexp.MustCompile(`\d+`)

// furnitureKey returns the form of a line that repeats from page to page:
// folded, spaces collapsed, numbers as "#". Page numbers and running heads
// such as "Page 3 / 12" share it. Long lines have none.
func furnitureKey(s string) string {
	f := strings.Fields(fold(s))
	if len(f) == 0 || len(f) > 12 {
		return ""
	}
	return digitRun.ReplaceAllString(strings.Join(f, " "), "#")
}

// numberOnly reports whether a furniture key has no letters: a page
// number such as "#", "# / #" or "- # -".
func numberOnly(key string) bool {
	return strings.Contains(key, "#") && !strings.ContainsFunc(key, unicode.IsLetter)
}

// firstNumber returns the first number of a line.
func firstNumber(s string) int {
	n, _ := strconv.Atoi(digitRun.FindString(s))
	return n
}

// Running heads and feet are looked for among a page's first and last
// edgeLines lines of text; one recurs on at least runShare of the pages,
// and on runMin pages at least, or two for one that numbers the pages. In
// a text without pages, a line recurs at least runMin times, and page
// numbers count up one by one, from runGap to pageLines lines apart.
const (
	edgeLines = 3
	runShare  = 0.4
	runMin    = 3
	runGap    = 20
	pageLines = 120
	// frontLines is how far into a text without pages a table of
	// contents without dot leaders may start, if not within its first
	// fifth.
	frontLines = 60
)

// stripRunning drops running heads and feet, and page numbers.
func (b *Book) stripRunning(pages []int) {
	if len(pages) < 2 {
		b.stripRunningUnpaged()
		return
	}
	type hit struct{ line, page int }
	hits := map[string][]hit{}
	for p, start := range pages {
		end := len(b.lines)
		if p+1 < len(pages) {
			end = pages[p+1]
		}
		var text []int
		for i := start; i < end; i++ {
			if !b.blank(i) {
				text = append(text, i)
			}
		}
		for k, i := range text {
			if k >= edgeLines && k < len(text)-edgeLines {
				continue
			}
			key := furnitureKey(b.lines[i].text)
			if key == "" {
				continue
			}
			// A page number counts the pages: its offset from the page's
			// index is the same on every page.
			if strings.Contains(key, "#") {
				key += "@" + strconv.Itoa(firstNumber(b.lines[i].text)-p)
			}
			hits[key] = append(hits[key], hit{i, p})
		}
	}
	running := map[string]bool{}
	for key, hs := range hits {
		seen := map[int]bool{}
		for _, h := range hs {
			seen[h.page] = true
		}
		numbered := strings.Contains(key, "@")
		// Words alone need more pages than numbers that count them.
		need := max(float64(runMin), runShare*float64(len(pages)))
		if numbered {
			need = max(2, runShare*float64(len(pages)))
		}
		if float64(len(seen)) < need {
			continue
		}
		if numbered {
			for _, h := range hs {
				b.drop(h.line)
			}
			continue
		}
		running[key] = true
	}
	// A running head in words is dropped wherever it stands: on the title
	// page, a foot often sits after the table of contents.
	for i := range b.lines {
		if !b.blank(i) && running[furnitureKey(b.lines[i].text)] {
			b.drop(i)
		}
	}
}

// stripRunningUnpaged drops, in a text without page breaks, the lines
// that recur about a page apart, and page numbers that count up.
func (b *Book) stripRunningUnpaged() {
	at := map[string][]int{}
	for i := range b.lines {
		if b.blank(i) {
			continue
		}
		if key := furnitureKey(b.lines[i].text); key != "" {
			at[key] = append(at[key], i)
		}
	}
	for key, lines := range at {
		if numberOnly(key) {
			b.stripPageNumbers(lines)
			continue
		}
		// A label such as "Example:" introduces what follows it.
		if len(lines) < runMin || strings.HasSuffix(key, ":") {
			continue
		}
		paged := true
		for k := 1; k < len(lines); k++ {
			gap := lines[k] - lines[k-1]
			paged = paged && gap >= runGap && gap <= pageLines
		}
		if paged {
			for _, i := range lines {
				b.drop(i)
			}
		}
	}
}

// stripPageNumbers drops the runs of lone page numbers that count up one
// by one, a page apart: at least runMin+1 of them, since tables have
// columns of numbers too.
func (b *Book) stripPageNumbers(lines []int) {
	used := make([]bool, len(lines))
	for k := range lines {
		if used[k] {
			continue
		}
		chain := []int{k}
		last := k
		for j := k + 1; j < len(lines); j++ {
			gap := lines[j] - lines[last]
			if gap > pageLines {
				break
			}
			if !used[j] && gap >= runGap && firstNumber(b.lines[lines[j]].text) == firstNumber(b.lines[lines[last]].text)+1 {
				chain = append(chain, j)
				last = j
			}
		}
		if len(chain) <= runMin {
			continue
		}
		for _, j := range chain {
			used[j] = true
			b.drop(lines[j])
		}
	}
}

// Tables of contents: an entry with dot leaders, or a title followed by
// its page number.
var (
	leader   = regexp.MustCompile(`^(.*\pL.*?)\s*(?:(?:\.\s*){3,}|…{2,}|_{3,}|(?:·\s*){3,})\s*(\d{1,3})$`)
	pageRef  = regexp.MustCompile(`^(.*\pL.*?)\s+(\d{1,3})$`)
	loneNum  = regexp.MustCompile(`^[-–—]?\s*\d{1,3}\s*[-–—]?$`)
	tocTitle = regexp.MustCompile(`^[\pL\s’'-]{3,40}$`)
)

// tocEntry is how a line of a table of contents reads.
type tocEntry int

const (
	notEntry  tocEntry = iota
	dotted             // a title, dot leaders and a page number
	paged              // a title and a page number
	repeated           // a title that a later line repeats
	pageNum            // a page number alone, of a column of them
	titleOnly          // a title found nowhere else: one between entries
	entryLess          // a blank line, or furniture
)

// stripContents drops the tables of contents: runs of at least three
// entries, with dot leaders anywhere in the book, or without near its
// start, either a title and its page number or a title repeated by a
// later line, in the same order (the headings of the sections); near its
// start, two entries do when both have their page number and both
// headings follow in order.
func (b *Book) stripContents(pages []int) {
	// Near the start: the first pages, or the first lines of a text
	// without pages.
	front := max(len(b.lines)/5, frontLines)
	if len(pages) > 1 {
		front = max(len(b.lines)/5, pages[1])
		if len(pages) > 3 {
			front = min(front, pages[3])
		}
	}
	later := b.titleLines()
	for i := 0; i < len(b.lines); i++ {
		kinds, ends := b.contentsRun(i, later)
		if kinds == nil {
			continue
		}
		// A run that is no table of contents holds none either.
		end := ends[len(ends)-1]
		skip := i
		i = end
		// Count the entries: repeated titles only where a line after the
		// run repeats them, in order.
		var next []int
		n := map[tocEntry]int{}
		numbered := 0 // repeated titles with their page number
		for k, kind := range kinds {
			if kind == repeated {
				if j := nextTitle(later, b.lines[ends[k]].text, end); j >= 0 {
					next = append(next, j)
					if pageRef.MatchString(strings.TrimSpace(b.lines[ends[k]].text)) {
						numbered++
					}
				}
				continue
			}
			n[kind]++
		}
		// A book of two sections lists two: each with its page number,
		// and each the heading of a section that follows, in order.
		whole := len(kinds) >= 2 && numbered == len(kinds) && increasing(next) == len(kinds)
		ok := n[dotted] >= 3 || skip < front && (n[paged]+increasing(next) >= 3 || whole)
		// A list a sentence introduces ("A turn has these phases:") may
		// name the headings that follow too.
		if !ok || n[dotted] < 3 && b.introduced(skip) {
			continue
		}
		for j := skip; j <= end; j++ {
			if !b.blank(j) {
				b.drop(j)
			}
		}
		// Its title ("Contents", "Sommaire") is a short line right before.
		if t := skip - 1; t >= 0 && !b.blank(t) && tocTitle.MatchString(strings.TrimSpace(b.lines[t].text)) && len(strings.Fields(b.lines[t].text)) <= 3 {
			b.drop(t)
		}
	}
}

// introduced reports whether the line of text before line i ends with a
// colon.
func (b *Book) introduced(i int) bool {
	for j := i - 1; j >= 0; j-- {
		if !b.blank(j) {
			return strings.HasSuffix(strings.TrimSpace(b.lines[j].text), ":")
		}
	}
	return false
}

// contentsRun returns the kinds of the entries of a run of lines that may
// be a table of contents, starting at line i, and the line of each. A
// title found nowhere else (a heading the text wraps) may stand between
// two entries.
func (b *Book) contentsRun(i int, later map[string][]int) ([]tocEntry, []int) {
	// A run starts with a title.
	if k := b.entry(i, later); k != dotted && k != paged && k != repeated {
		return nil, nil
	}
	var kinds []tocEntry
	var lines []int
	for j := i; j < len(b.lines); j++ {
		kind := b.entry(j, later)
		if kind == entryLess && len(kinds) > 0 {
			continue
		}
		if kind == notEntry || kind == entryLess || kind == titleOnly && len(kinds) > 0 && kinds[len(kinds)-1] == titleOnly {
			break
		}
		kinds = append(kinds, kind)
		lines = append(lines, j)
	}
	for kinds[len(kinds)-1] == titleOnly {
		kinds, lines = kinds[:len(kinds)-1], lines[:len(lines)-1]
	}
	return kinds, lines
}

// entry returns how line j reads as an entry of a table of contents.
func (b *Book) entry(j int, later map[string][]int) tocEntry {
	if b.blank(j) {
		return entryLess
	}
	s := strings.TrimSpace(b.lines[j].text)
	switch {
	case leader.MatchString(s):
		return dotted
	case loneNum.MatchString(s):
		return pageNum
	case len(strings.Fields(s)) > 20 || strings.ContainsAny(lastRune(s), ".,;:"):
		return notEntry
	case !titleLike(s):
		return titleOnly
	case nextTitle(later, s, j) >= 0:
		return repeated
	case pageRef.MatchString(s):
		return paged
	}
	return titleOnly
}

// titleKey returns the words of a title, folded, without a page number
// after it.
func titleKey(s string) string {
	if m := pageRef.FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		s = m[1]
	}
	return strings.Join(strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
}

// titleLines indexes the lines that read like titles by their key.
func (b *Book) titleLines() map[string][]int {
	out := map[string][]int{}
	for i, l := range b.lines {
		s := strings.TrimSpace(l.text)
		if l.skip || s == "" || !titleLike(s) {
			continue
		}
		k := strings.Join(strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
		if k != "" {
			out[k] = append(out[k], i)
		}
	}
	return out
}

// nextTitle returns the first line after line `after` that repeats the
// title s (its page number aside), or -1.
func nextTitle(later map[string][]int, s string, after int) int {
	lines := later[titleKey(s)]
	if k := sort.SearchInts(lines, after+1); k < len(lines) {
		return lines[k]
	}
	return -1
}

// increasing returns the length of the longest increasing run (not
// necessarily contiguous) of xs.
func increasing(xs []int) int {
	var tails []int // the least last value of a run of each length
	for _, x := range xs {
		k := sort.SearchInts(tails, x)
		if k == len(tails) {
			tails = append(tails, x)
		} else {
			tails[k] = x
		}
	}
	return len(tails)
}

// closeGaps skips the blank lines between two lines of text that page
// furniture or a page break separates, where the text goes on (the next
// line starts in lower case): a sentence does not end at a page's end.
func (b *Book) closeGaps() {
	prev := -1
	for i := range b.lines {
		if b.blank(i) {
			continue
		}
		if prev >= 0 && i-prev > 1 && lowerStart(b.lines[i].text) {
			broken := false
			for j := prev + 1; j <= i; j++ {
				broken = broken || b.lines[j].skip || b.PageStart[j]
			}
			if broken {
				for j := prev + 1; j < i; j++ {
					b.drop(j)
				}
			}
		}
		prev = i
	}
}

func lowerStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeftFunc(s, unicode.IsSpace))
	return unicode.IsLower(r)
}

// isHyphen reports whether a line may end with r where a word is broken:
// a hyphen, a soft hyphen or the sign some OCR gives it.
func isHyphen(r rune) bool {
	return r == '-' || r == '\u00ad' || r == '\u2010' || r == '¬'
}

// compound matches a hyphenated compound in a line: "face-up".
var compound = regexp.MustCompile(`\pL+(?:-\pL+)+`)

// joinHyphens joins the words broken at line ends: "dé-" then "fausse"
// reads "défausse" at the place of "dé-", and the next line starts after
// "fausse". A word broken at its own hyphen ("face-" then "up") keeps it
// when the book writes the compound so elsewhere and never as one word.
// Only a hyphen stuck to a letter breaks a word, and only before a word
// in lower case that joins no list: "see -", "Nord-" then "Süd" and "Dorf-"
// then "und Stadtkarten" are left alone.
func (b *Book) joinHyphens(lang *text.Language) {
	compounds, words := map[string]bool{}, map[string]bool{}
	for _, l := range b.lines {
		for _, c := range compound.FindAllString(l.text, -1) {
			compounds[fold(c)] = true
		}
		for _, w := range wordsOf(l.text) {
			words[w] = true
		}
	}
	for i := range b.lines {
		l := &b.lines[i]
		rs := []rune(strings.TrimRightFunc(l.text, unicode.IsSpace))
		n := len(rs)
		if l.skip || n < 2 || !isHyphen(rs[n-1]) || !unicode.IsLetter(rs[n-2]) {
			continue
		}
		j := i + 1
		for j < len(b.lines) && b.lines[j].skip {
			j++
		}
		if j == len(b.lines) || !lowerStart(b.lines[j].text) {
			continue
		}
		next := &b.lines[j]
		nrs := []rune(next.text)
		lead := 0
		for lead < len(nrs) && unicode.IsSpace(nrs[lead]) {
			lead++
		}
		tail := lead
		for tail < len(nrs) && (unicode.IsLetter(nrs[tail]) || unicode.Is(unicode.Mn, nrs[tail])) {
			tail++
		}
		head := n - 1
		for head > 0 && unicode.IsLetter(rs[head-1]) {
			head--
		}
		first, second := string(rs[head:n-1]), string(nrs[lead:tail])
		if lang.Joins(fold(second)) {
			continue
		}
		joined := first + second
		if rs[n-1] == '-' && compounds[fold(first+"-"+second)] && !words[fold(joined)] {
			joined = first + "-" + second
		}
		l.text = string(rs[:head]) + joined
		next.text = string(nrs[tail:])
		next.offset += tail
		if strings.TrimSpace(next.text) == "" {
			next.skip = true
			next.text = ""
		}
	}
}
