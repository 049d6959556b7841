package projections

import (
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// Parameters the projections of the areas share for their SQL.

// PgUUID is id as a parameter.
func PgUUID(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

// OptUUID is s as a uuid parameter: NULL when s is not a uuid.
func OptUUID(s string) pgtype.UUID {
	id, err := uuid.Parse(s)
	if err != nil {
		return pgtype.UUID{}
	}
	return PgUUID(id)
}

// EscapeLike trims s and escapes it for a LIKE pattern.
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.TrimSpace(s))
}
