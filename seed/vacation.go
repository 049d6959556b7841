package seed

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// purchasedModules are the modules both demo tenants bought besides the base ones: vacations
// (pwa-rh-ferias, the access id of the vacation screens) and the vacation request type of the
// requests area (pwa-req-tools-ferias), through whose chain vacation requests are approved.
const purchasedModules = "pwa-rh-ferias,pwa-req-tools-ferias"

// vacationSwitches are a demo user's access switches: every employee may request vacation,
// abono and the 13th-salary advance (spec portal-business §2: each offered only when its
// switch is 1).
func vacationSwitches(p person) json.RawMessage {
	if p.noEmployee {
		return json.RawMessage(`{}`)
	}
	return mustJSON(map[string]int{"solicita_ferias": 1, "solicita_abono_ferias": 1, "solicita_13_ferias": 1})
}

// tenantHolidays are the tenants' own fixed dates (spec portal-business §9: "fixed dates
// include 12 June"): DEMOCORP's company day; ACMECORP's city holiday (São Sebastião, Rio).
var tenantHolidays = map[string][]struct {
	month, day int
	name       string
}{
	DemoCode: {{6, 12, "Dia da DEMOCORP"}},
	AcmeCode: {{1, 20, "São Sebastião"}},
}

func writeHolidays(ctx context.Context, tx pgx.Tx) error {
	for code, list := range tenantHolidays {
		for _, h := range list {
			if _, err := tx.Exec(ctx, `INSERT INTO tenant_holidays (tenant_id, month, day, name) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING`, TenantID(code), h.month, h.day, h.name); err != nil {
				return err
			}
		}
	}
	return nil
}
