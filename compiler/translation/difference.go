package translation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// ack is a [[difference]] as the checks use it: the source sentence it
// quotes, and whether a finding matched it.
type ack struct {
	*model.Difference
	sent   int // the sentence of the source's "other" form
	judged bool
	used   bool
}

// acknowledge resolves each [[difference]] to its source sentence,
// reporting those that name no translation, no compared message, or no
// single sentence of it.
func (t *texts) acknowledge() {
	if t.source == nil {
		return
	}
	// The translations the game declares, whether or not their files
	// loaded: a broken file is reported once, by its own errors.
	var langs []string
	for _, l := range t.g.Languages {
		if l != t.source.Lang {
			langs = append(langs, l)
		}
	}
	var ids []string
	for _, m := range t.source.Messages {
		if t.compared(m.ID) {
			ids = append(ids, m.ID)
		}
	}
	for _, x := range t.g.Differences {
		head := fmt.Sprintf("difference (%s, %s)", x.Lang, x.Message)
		if !slices.Contains(langs, x.Lang) {
			t.d.Errorf(x.LangPos, diag.BadLanguage, "%s: %q is not a translation of game %s (its translations: %s)", head, x.Lang, t.g.ID, strings.Join(langs, ", "))
			continue
		}
		s := t.source.Message(x.Message)
		switch {
		case s == nil:
			t.d.Errorf(x.MessagePos, diag.DanglingRef, "%s: the source (%s) has no message %s%s", head, t.source.Lang, x.Message, editdist.Suggest(x.Message, ids))
			continue
		case !t.compared(x.Message):
			t.d.Errorf(x.MessagePos, diag.BadValue, "%s: message %s names a term; its translation is not compared sentence by sentence", head, x.Message)
			continue
		}
		if t.names[x.Lang] == nil {
			continue // the translation did not load: its own errors say why
		}
		a := t.doc(t.source, s, "other")
		if a == nil {
			continue
		}
		want := strings.Join(strings.Fields(x.Source), " ")
		var found []int
		for k, sen := range a.Sentences {
			if strings.Contains(a.Quote(sen.Span), want) {
				found = append(found, k)
			}
		}
		switch {
		case len(found) == 0:
			t.d.Warnf(x.SourcePos, diag.Acknowledged, "%s: %q is in no sentence of the source (%s); was the source changed? Quote the sentence as it is now, or remove the entry", head, x.Source, t.source.Lang)
		case len(found) > 1:
			t.d.Errorf(x.SourcePos, diag.BadValue, "%s: %q is in %d sentences of the source (%s); quote more of the one meant", head, x.Source, len(found), t.source.Lang)
		default:
			t.acks = append(t.acks, &ack{Difference: x, sent: found[0]})
		}
	}
}

// acknowledged reports whether a finding on a translated form is one a
// [[difference]] acknowledges: same translation, message and check, on
// the sentence it quotes. A finding on several source sentences (an
// omission of two) is silent only if each is acknowledged.
func (t *texts) acknowledged(lang, id string, a *text.Doc, df text.Diff, code diag.Code) bool {
	if df.SentA < 0 {
		return false
	}
	sents := []int{df.SentA}
	if df.A.Hi > df.A.Lo {
		sents = sents[:0]
		for k, s := range a.Sentences {
			if s.Lo < df.A.Hi && df.A.Lo < s.Hi {
				sents = append(sents, k)
			}
		}
	}
	var matched []*ack
	for _, k := range sents {
		i := slices.IndexFunc(t.acks, func(x *ack) bool {
			return x.Lang == lang && x.Message == id && x.Code == code && x.sent == k
		})
		if i < 0 {
			return false
		}
		matched = append(matched, t.acks[i])
	}
	for _, x := range matched {
		x.used = true
	}
	return len(matched) > 0
}

// judged marks the acknowledgements of a translated message as looked at:
// its form was compared with its source.
func (t *texts) judged(lang, id string) {
	for _, x := range t.acks {
		if x.Lang == lang && x.Message == id {
			x.judged = true
		}
	}
}

// unacknowledged reports each [[difference]] that matched no finding: the
// translation was corrected, or the checks now align it, and an entry
// left there would hide a later mistake in that sentence.
func (t *texts) unacknowledged() {
	for _, x := range t.acks {
		if x.judged && !x.used {
			t.d.Warnf(x.Pos, diag.Acknowledged, "difference (%s, %s): the checks find no %s on the source (%s) sentence quoted (%q); remove the entry", x.Lang, x.Message, x.Code, t.source.Lang, x.Source)
		}
	}
}
