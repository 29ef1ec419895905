package tomlpos

import "bytes"

// LF returns src with CRLF and lone CR line ends made LF. A file saved
// with CRLF (or a lone CR) is the same text, but TOML would keep the CR of
// every line end inside a multi-line string, so texts, their hashes and
// exports would differ from the LF file's. A CR only ever ends a line, so
// every line and column is unchanged.
func LF(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}
