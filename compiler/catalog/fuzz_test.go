package catalog

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// seeds are the export of a few messages of every kind (small, so the
// fuzzer minimizes fast) and hand-made damage.
func seeds(f *testing.F, g *model.Game, write func(io.Writer, *model.Game, string) error, extra ...string) {
	f.Helper()
	ids := []string{"action.pass", "card.dragon", "engine.card", "rules.goal.text"}
	small := *g
	small.Locales = nil
	for _, l := range g.Locales {
		sl := *l
		sl.Messages = slices.DeleteFunc(slices.Clone(l.Messages), func(m *model.Message) bool { return !slices.Contains(ids, m.ID) })
		small.Locales = append(small.Locales, &sl)
	}
	for _, sg := range []*model.Game{&small, withMessages(&small, "fr", Stamp(&small, "fr"))} {
		var b bytes.Buffer
		if err := write(&b, sg, "fr"); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkRead checks what a successful read promises: messages sorted by
// id, each with an "other" form, that WriteLocale can write.
func checkRead(t *testing.T, msgs []*model.Message) {
	for i, m := range msgs {
		if i > 0 && msgs[i-1].ID >= m.ID {
			t.Fatalf("messages not sorted by id: %s before %s", msgs[i-1].ID, m.ID)
		}
		if _, ok := m.Forms["other"]; !ok {
			t.Fatalf("message %s has no other form: %v", m.ID, m.Forms)
		}
	}
	if err := WriteLocale(io.Discard, "fr", msgs); err != nil {
		t.Fatalf("WriteLocale of what was read: %v", err)
	}
}

func FuzzReadPO(f *testing.F) {
	g := warlock(f)
	seeds(f, g, WritePO,
		"msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgctxt \"card.dragon\"\nmsgid \"d\"\nmsgid_plural \"ds\"\nmsgstr[0] \"\\303\"\nmsgstr[2] \"x\\x41\"\n",
		"msgid \"\"\nmsgstr \"Language: fr\\n\"\n#, fuzzy\nmsgctxt \"action.pass\"\nmsgid \"pass\"\nmsgstr \"\"\n\"\\\n",
		"msgstr[99999999999999999999] \"\"",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, err := ReadPO(bytes.NewReader(data), g, "fr")
		if err == nil {
			checkRead(t, msgs)
		}
	})
}

func FuzzReadXLIFF(f *testing.F) {
	g := warlock(f)
	seeds(f, g, WriteXLIFF,
		`<xliff xmlns="`+xliffNS+`"><file source-language="en" target-language="fr"><body><group id="card.dragon" restype="x-gettext-plurals"><trans-unit id="card.dragon[other]"><source>d</source><target>&#xD;</target></trans-unit></group></body></file></xliff>`,
		`<xliff><file source-language="en" target-language="fr"><body><trans-unit id="action.pass"><source>p<g/></source></trans-unit></body></file></xliff>`,
		`<?xml version="1.0" encoding="ISO-8859-1"?><xliff/>`,
		`<xliff version="2.0"/>`,
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, err := ReadXLIFF(bytes.NewReader(data), g, "fr")
		if err == nil {
			checkRead(t, msgs)
		}
	})
}
