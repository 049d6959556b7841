package seed

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// seedAdjustments opens punch adjustments (spec portal-business §6) for Ana in DEMOCORP: both
// access switches, the AjustePonto request type purchased, and a chain of Ana's manager only
// for that type (the employee's manager decides; a tenant adds an HR step in request_chains).
func seedAdjustments(ctx context.Context, tx pgx.Tx) error {
	tenant, ana := TenantID(DemoCode), UserID(DemoCode, UserAna)
	if _, err := tx.Exec(ctx, `
UPDATE users SET access_config = access_config || '{"solicita_ajuste_ponto": 1, "solicita_abono_ponto": 1}'::jsonb,
    purchased = CASE WHEN purchased = '' THEN 'pwa-req-tools-ajusteponto' ELSE purchased || ',pwa-req-tools-ajusteponto' END
WHERE tenant_id = $1 AND id = $2`, tenant, ana); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO request_chains (tenant_id, origin, position, kind) VALUES ($1, 12, 0, 'manager')
ON CONFLICT DO NOTHING`, tenant)
	return err
}
