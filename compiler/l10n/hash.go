package l10n

import (
	"crypto/sha1"
	"fmt"
	"io"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// SourceHash is the hash a translation records of the source message it
// was made from: the source's description and "other" text, exactly as
// goi18n merge computes it (its hash function in goi18n/merge_command.go),
// so that goi18n keeps a translation whose hash is current.
func SourceHash(description, other string) string {
	h := sha1.New()
	_, _ = io.WriteString(h, description)
	_, _ = io.WriteString(h, other)
	return fmt.Sprintf("sha1-%x", h.Sum(nil))
}

// MessageHash is the SourceHash of a source message as goi18n reads it
// from the locale file: with the file's own description, never the
// declared doc shown to translators in its place, which goi18n never sees.
func MessageHash(m *model.Message) string {
	return SourceHash(m.FileDescription, m.Forms["other"])
}
