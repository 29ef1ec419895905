package compiler

import (
	"bytes"
	"io/fs"
)

// readFile reads a source file with its line ends made LF. A file saved
// with CRLF (or a lone CR) is the same text: TOML would keep the CR of every
// line end inside a multi-line string, so the texts, their hashes and the
// exports would differ from the LF file's. Lines stay where they were and
// the CR only ever ends a line, so every line and column is unchanged.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return lf(raw), nil
}

// lf returns src with CRLF and lone CR line ends made LF.
func lf(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}
