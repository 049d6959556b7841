package seed

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	settingscmd "portal/commands/settings"
	"portal/domain/settings"
	settingsproj "portal/projections/settings"
)

// seedSettings gives the demo tenant its request switches as tenant configuration, changed
// by Helena through the settings command (so the audit timeline shows it): every employee
// may request vacation, abono and the 13th-salary advance. An administrator switches them
// off in the feature toggles panel. Saving the same values again records nothing.
func seedSettings(ctx context.Context, pool *pgxpool.Pool, now func() time.Time) error {
	h, err := settingscmd.NewSettingsHandler(pool, settingsproj.Settings{}, now)
	if err != nil {
		return err
	}
	in := settings.Input{}
	for _, s := range []string{"solicita_ferias", "solicita_abono_ferias", "solicita_13_ferias"} {
		in[s] = json.RawMessage("1")
	}
	_, err = h.Handle(ctx, settingscmd.UpdateSettings{CommandID: "seed-access-switches", Tenant: TenantID(DemoCode),
		UserID: UserID(DemoCode, UserHelena), Key: settings.KeyAccess, Input: in})
	return err
}
