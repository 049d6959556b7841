package seed

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain/rep"
)

// writeEstablishments gives every demo tenant a REP-P establishment with a CNPJ with valid
// check digits, and every employee a CPF with valid check digits, so that marks take NSRs
// and the AFD, AEJ and receipts have the ids they need (docs/rep-p.md). The numbers are
// made up from the tenant's and employee's order.
func writeEstablishments(ctx context.Context, tx pgx.Tx, tenants []tenantRows) error {
	for i, t := range tenants {
		cnpj := rep.CNPJ(fmt.Sprintf("%08d0001", 11222333+i*1111))
		place := ""
		if len(t.spec.units) > 0 {
			place = t.spec.units[0].name
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rep_establishments (tenant_id, cnpj, name, place) VALUES ($1, $2, $3, $4)`,
			t.id, cnpj, t.spec.name, place); err != nil {
			return err
		}
		ids := make([]uuid.UUID, 0, len(t.employees))
		cpfs := make([]string, 0, len(t.employees))
		for j, row := range t.employees {
			ids = append(ids, row[1].(uuid.UUID))
			cpfs = append(cpfs, rep.CPF(fmt.Sprintf("%03d%06d", 100+i, 123456+j*7)))
		}
		if _, err := tx.Exec(ctx, `UPDATE employees e SET cpf = x.cpf FROM unnest($2::uuid[], $3::text[]) AS x(id, cpf)
            WHERE e.tenant_id = $1 AND e.id = x.id`, t.id, ids, cpfs); err != nil {
			return err
		}
	}
	return nil
}
