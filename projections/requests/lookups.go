package requests

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Lookup is one entry of a request lookup list (spec portal-business §7: CRD1Search,
// CRD2Search, unidadesNegocio, departamentos, cargos, funcoes, UnitOfMeasurement).
type Lookup struct {
	ID          string `json:"id"`
	Code        string `json:"code,omitempty"`
	Description string `json:"description"`
}

// LookupKind names a lookup list: the request_lookups kinds and the org tables.
type LookupKind string

// The lookup lists.
const (
	LookupCostCentre   LookupKind = "cost_centre"
	LookupResultCentre LookupKind = "result_centre"
	LookupFunction     LookupKind = "function"
	LookupUnit         LookupKind = "unit"
	LookupBusinessUnit LookupKind = "business_units"
	LookupDepartment   LookupKind = "departments"
	LookupPosition     LookupKind = "positions"
)

// lookupSource is the SELECT of each kind; $1 is the kind for request_lookups. The org tables
// have no code. RLS keeps every list to the transaction's tenant.
func lookupSource(k LookupKind) (string, error) {
	switch k {
	case LookupCostCentre, LookupResultCentre, LookupFunction, LookupUnit:
		return `SELECT id::text AS id, code, description FROM request_lookups WHERE kind = $1`, nil
	case LookupBusinessUnit, LookupDepartment, LookupPosition:
		// The table name is one of three constants, never input.
		return fmt.Sprintf(`SELECT id::text AS id, '' AS code, name AS description FROM %s WHERE $1::text IS NOT NULL`, pgx.Identifier{string(k)}.Sanitize()), nil
	}
	return "", fmt.Errorf("unknown lookup %q", k)
}

// SearchLookups answers page (from 1) of kind's entries whose code or description holds
// text, by description.
func SearchLookups(ctx context.Context, tx pgx.Tx, kind LookupKind, text string, page, pageSize int) ([]Lookup, error) {
	src, err := lookupSource(kind)
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT id, code, description FROM (`+src+`) l
WHERE ($2 = '' OR strpos(lower(description), lower($2)) > 0 OR strpos(lower(code), lower($2)) > 0)
ORDER BY description, id LIMIT $3 OFFSET $4`, string(kind), text, pageSize, (page-1)*pageSize)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByName[Lookup])
	if out == nil {
		out = []Lookup{}
	}
	return out, err
}
