package l10n

import (
	"crypto/sha1"
	"fmt"
	"io"
)

// SourceHash is the hash a translation records of the source message it
// was made from: the source's description and "other" text, as goi18n
// merge computes it, so files stay compatible with go-i18n's tools.
func SourceHash(description, other string) string {
	h := sha1.New()
	_, _ = io.WriteString(h, description)
	_, _ = io.WriteString(h, other)
	return fmt.Sprintf("sha1-%x", h.Sum(nil))
}
