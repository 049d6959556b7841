package seed

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// DemoHomeImage is DEMOCORP's home banner image, served by the web app (web/public).
const DemoHomeImage = "/images/home-banner-democorp.svg"

// writeHome stores DEMOCORP's home page settings (spec portal-business §3 Home config
// id_300). ACMECORP has none, so its banner shows the translated defaults.
func writeHome(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
INSERT INTO home_settings (tenant_id, greeting, title, message, bg_image, text_color, bg_color, box_color, box_opacity, hide_name)
VALUES ($1, $2, $3, $4, $5, '#ffffff', '#123c69', '#0b2545', 0.55, false)`,
		TenantID(DemoCode), "Bom dia, {name}!", "Bem-vindo ao portal da Demo Corp",
		"Conte como você está hoje e acompanhe aqui o que espera por você.", DemoHomeImage)
	return err
}
