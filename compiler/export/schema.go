package export

import (
	"bytes"
	_ "embed"
)

// schema is grimoire.schema.json; see Schema.
//
//go:embed grimoire.schema.json
var schema []byte

// SchemaID is the $id of the schema.
const SchemaID = "https://github.com/grimoire-games/grimoire/blob/main/compiler/export/grimoire.schema.json"

// Schema returns the JSON Schema (draft 2020-12) of the JSON documents, the
// content of grimoire.schema.json. The caller owns the returned slice.
func Schema() []byte { return bytes.Clone(schema) }
