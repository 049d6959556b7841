package safehtml_test

import (
	"strings"
	"testing"

	"portal/platform/safehtml"
)

func TestTemplateDropsScriptsAndKeepsMailMarkup(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"script_element", `<p>Olá {name}</p><script>alert(1)</script>`, `<p>Olá {name}</p>`},
		{"event_handler", `<img src="https://img.example/logo.png" onerror="alert(2)" width="120">`, `<img src="https://img.example/logo.png" width="120">`},
		{"javascript_link", `<a href="javascript:alert(3)">x</a>`, `x`},
		{"frames_and_forms", `<iframe src="https://evil.test"></iframe><form action="/x"><input name="p"></form>ok`, `ok`},
		{"style_sheet", `<style>body{background:url(https://evil.test)}</style><p>a</p>`, `<p>a</p>`},
		{"unsafe_style_value", `<p style="color: red; background-image: url(https://evil.test/x)">a</p>`, `<p style="color: red">a</p>`},
		{"variable_link", `<a href="{portal}" target="_blank">portal</a>`, `<a href="{portal}" target="_blank">portal</a>`},
		{"table_layout", `<table width="600" cellpadding="4" style="border-collapse: collapse"><tr><td align="center" bgcolor="#eeeeee"><b>{code}</b></td></tr></table>`,
			`<table width="600" cellpadding="4" style="border-collapse: collapse"><tr><td align="center" bgcolor="#eeeeee"><b>{code}</b></td></tr></table>`},
		{"new_login_placeholder", `<p>{username} / ####</p>`, `<p>{username} / ####</p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := safehtml.Template(tc.in)
			if got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
			if strings.Contains(strings.ToLower(got), "script") || strings.Contains(got, "onerror") {
				t.Fatalf("left a script in %s", got)
			}
		})
	}
}
