package tomlfile

import "bytes"

// lf returns src with CRLF and lone CR line ends made LF, so that a score
// file saved on Windows reads as the same text: TOML would keep the CR of
// a line end inside a multi-line string. A CR only ever ends a line, so
// every line and column is unchanged.
func lf(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}
