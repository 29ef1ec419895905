// Package txtar reads and writes the fixture archives of the compiler's
// tests: a comment, then files each opened by a "-- name --" line (the
// format of golang.org/x/tools/txtar, which is not worth a dependency).
package txtar

import (
	"bytes"
	"strings"
)

// Archive is a comment and named files.
type Archive struct {
	Comment string
	Files   []File
}

// File is one file of an archive.
type File struct {
	Name string
	Data []byte
}

// Parse reads an archive; text before the first file is the comment.
func Parse(data []byte) Archive {
	var a Archive
	cur := -1
	for _, line := range strings.SplitAfter(string(data), "\n") {
		t := strings.TrimRight(line, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			a.Files = append(a.Files, File{Name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = len(a.Files) - 1
			continue
		}
		if cur < 0 {
			a.Comment += line
		} else {
			a.Files[cur].Data = append(a.Files[cur].Data, line...)
		}
	}
	return a
}

// Format writes an archive back as Parse reads it.
func (a Archive) Format() []byte {
	var b bytes.Buffer
	b.WriteString(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
	}
	return b.Bytes()
}
