package seed

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	settingscmd "portal/commands/settings"
	"portal/domain/settings"
	"portal/domain/timesheet"
	settingsproj "portal/projections/settings"
)

// BankRule is DEMOCORP's timesheet rule: the law's tolerances and premiums, and an hour bank
// by individual agreement compensated within 6 months (CLT art. 59 §5).
var BankRule = settings.Input{timesheet.FieldBank: json.RawMessage(`"individual"`), timesheet.FieldBankMonths: json.RawMessage("6")}

// seedSettings gives the demo tenant its configuration through the settings command, as Helena
// would in the administration panels (so the audit timeline shows it and the panels read what
// the screens use): the request switches (every employee may request vacation, abono and the
// 13th-salary advance, and to see their timesheet; an administrator switches them off in the
// feature toggles panel), the home page (Home) and the timesheet rule (BankRule). Saving the
// same values again records nothing.
func seedSettings(ctx context.Context, pool *pgxpool.Pool, now func() time.Time) error {
	h, err := settingscmd.New(pool, settingsproj.Settings{}, now)
	if err != nil {
		return err
	}
	access := settings.Input{}
	for _, s := range []string{"solicita_ferias", "solicita_abono_ferias", "solicita_13_ferias", "visualiza_espelho"} {
		access[s] = json.RawMessage("1")
	}
	home := settings.Input{}
	for field, value := range Home {
		home[field] = mustJSON(value)
	}
	for _, c := range []struct {
		id, key string
		in      settings.Input
	}{{"seed-access-switches", settings.KeyAccess, access}, {"seed-home-page", settings.KeyHome, home}, {"seed-timesheet-rule", timesheet.KeyRule, BankRule}} {
		if _, err := h.Handle(ctx, settingscmd.Update{CommandID: c.id, Tenant: TenantID(DemoCode),
			UserID: UserID(DemoCode, UserHelena), Key: c.key, Input: c.in}); err != nil {
			return err
		}
	}
	return nil
}
