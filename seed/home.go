package seed

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Home is DEMOCORP's home page (spec portal-business §3 Home config id_300), which Helena set
// in the home page panel (seedSettings): the panel and the banner read the same texts, and
// the image is a path on the portal's own site, which a demo served on any host can name.
// ACMECORP has none, so its banner shows the translated defaults.
var Home = map[string]string{
	"home_page_greeting": "Bom dia, {name}!",
	"home_page_title":    "Bem-vindo ao portal da Demo Corp",
	"home_page_message":  "Conte como você está hoje e acompanhe aqui o que espera por você.",
	"home_page_bgimage":  "/images/home-banner-democorp.svg",
}

// writeHome stores the colours of DEMOCORP's banner, which no panel edits; its texts are a
// settings change (seedSettings).
func writeHome(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `
INSERT INTO home_settings (tenant_id, text_color, bg_color, box_color, box_opacity, hide_name)
VALUES ($1, '#ffffff', '#123c69', '#0b2545', 0.55, false)`, TenantID(DemoCode))
	return err
}
