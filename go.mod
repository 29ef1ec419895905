module github.com/grimoire-games/grimoire

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/text v0.43.0
)

require (
	github.com/google/go-cmp v0.7.0
	github.com/jung-kurt/gofpdf v1.16.2
	github.com/rogpeppe/go-internal v1.14.1
)

require (
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/tools v0.51.0 // indirect
)
