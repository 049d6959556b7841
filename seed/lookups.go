package seed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// demoLookups are each tenant's cost centres, result centres, functions and units of
// measurement (the request_lookups kinds), as kind, code, description.
var demoLookups = [][3]string{
	{"cost_centre", "CC-100", "Administrativo"}, {"cost_centre", "CC-200", "Comercial"},
	{"cost_centre", "CC-300", "Produção"}, {"cost_centre", "CC-400", "Tecnologia da informação"},
	{"cost_centre", "CC-500", "Recursos humanos"}, {"cost_centre", "CC-600", "Logística"},
	{"result_centre", "CR-10", "Vendas varejo"}, {"result_centre", "CR-20", "Vendas atacado"},
	{"result_centre", "CR-30", "Serviços"}, {"result_centre", "CR-40", "Exportação"},
	{"function", "F-01", "Analista"}, {"function", "F-02", "Assistente"}, {"function", "F-03", "Coordenador"},
	{"function", "F-04", "Operador"}, {"function", "F-05", "Supervisor"},
	{"unit", "UN", "Unidade"}, {"unit", "PAR", "Par"}, {"unit", "CX", "Caixa"}, {"unit", "RESMA", "Resma"},
	{"unit", "KG", "Quilograma"}, {"unit", "L", "Litro"}, {"unit", "M", "Metro"},
}

// lookupSetup fills both tenants' request lookups (idempotent: ids derive from the codes).
func lookupSetup(ctx context.Context, pool *pgxpool.Pool) error {
	for _, code := range []string{DemoCode, AcmeCode} {
		tenant := TenantID(code)
		for _, l := range demoLookups {
			_, err := pool.Exec(ctx, `INSERT INTO request_lookups (tenant_id, kind, id, code, description)
VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, tenant, l[0], derive("lookup", code, l[0], l[1]), l[1], l[2])
			if err != nil {
				return err
			}
		}
	}
	return nil
}
