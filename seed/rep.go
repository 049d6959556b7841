package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/rep"
	"portal/eventstore"
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

// planRep plans each demo tenant's first REP-P records, before its first mark: the
// employer's identification (AFD type 2) and the inclusion of every employee with a CPF
// (type 5), recorded by HR (Helena for DEMOCORP, the first HR head found otherwise) at
// go-live. They take NSRs 1, 2, … of the establishment (migrations/00210).
func planRep(ctx context.Context, pool *pgxpool.Pool, tl *timeline, code string, now time.Time) error {
	tenant := TenantID(code)
	var name, place, hrCPF string
	var hr uuid.UUID
	err := pool.QueryRow(ctx, `SELECT r.name, r.place, coalesce(u.id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(e.cpf, '')
        FROM rep_establishments r
        LEFT JOIN users u ON u.tenant_id = r.tenant_id AND u.user_name = $2
        LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
        WHERE r.tenant_id = $1`, tenant, UserHelena).Scan(&name, &place, &hr, &hrCPF)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	at := goLive(now).Add(-time.Hour) // before the year of marks
	employer, err := json.Marshal(rep.EmployerChanged{Name: name, Place: place, ResponsibleCPF: hrCPF})
	if err != nil {
		return err
	}
	events := []eventstore.EventData{{ID: derive("event", "rep-employer", code), Type: rep.TypeEmployerChanged, SchemaVersion: 1, Data: employer}}
	rows, err := pool.Query(ctx, `SELECT id, cpf, name FROM employees WHERE tenant_id = $1 AND cpf <> '' ORDER BY code`, tenant)
	if err != nil {
		return err
	}
	var id uuid.UUID
	var cpf, person string
	if _, err := pgx.ForEachRow(rows, []any{&id, &cpf, &person}, func() error {
		data, err := json.Marshal(rep.EmployeeChanged{Operation: rep.OpInclude, EmployeeID: id.String(), CPF: cpf, Name: person, ResponsibleCPF: hrCPF})
		events = append(events, eventstore.EventData{ID: derive("event", "rep-employee", code, id.String()), Type: rep.TypeEmployeeChanged,
			SchemaVersion: 1, Data: data})
		return err
	}); err != nil {
		return err
	}
	tl.add(at, tenant, hr, rep.Stream(tenant), "seed-rep-"+code, events...)
	return nil
}
