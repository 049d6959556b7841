// Package migrations holds the goose SQL migrations, embedded in the binary.
package migrations

import "embed"

// FS holds every *.sql migration of this folder.
//
//go:embed *.sql
var FS embed.FS
