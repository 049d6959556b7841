package settings

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"portal/domain"
)

func input(t *testing.T, fields map[string]any) Input {
	t.Helper()
	in := Input{}
	for k, v := range fields {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		in[k] = b
	}
	return in
}

func all(string) bool { return true }

func TestDecideRecordsOnlyWhatChanged(t *testing.T) {
	s := NewState()
	c, _, err := Decide(s, KeyHome, input(t, map[string]any{"home_page_greeting": " Olá ", "home_page_message": ""}), all)
	if err != nil {
		t.Fatal(err)
	}
	// The message equals its default: no change; the greeting is trimmed.
	if len(c.Changes) != 1 || c.Changes[0] != (Change{Field: "home_page_greeting", Old: "", New: "Olá"}) {
		t.Fatalf("changes %+v", c.Changes)
	}
	s.Apply(c)
	c, _, err = Decide(s, KeyHome, input(t, map[string]any{"home_page_greeting": "Olá"}), all)
	if err != nil || len(c.Changes) != 0 {
		t.Fatalf("the same value again: %+v %v", c, err)
	}
	// Digits arrive as text from the masks and as numbers; both are whole numbers.
	c, _, err = Decide(s, KeyTenant, input(t, map[string]any{"TenPasswordExpiration": "0090", "TenLimitPasswordReuse": 3}), all)
	if err != nil || len(c.Changes) != 2 || c.Changes[0].New != 90 || c.Changes[1].New != 3 {
		t.Fatalf("digits %+v %v", c, err)
	}
}

// An image on the portal's own site is named by its path, an image elsewhere by its http(s)
// address.
func TestURLsTakeSitePaths(t *testing.T) {
	for _, v := range []string{"/images/home-banner-democorp.svg", "https://cdn.example/b.png"} {
		c, _, err := Decide(NewState(), KeyHome, input(t, map[string]any{"home_page_bgimage": v}), all)
		if err != nil || len(c.Changes) != 1 || c.Changes[0].New != v {
			t.Errorf("%q: %+v %v", v, c, err)
		}
	}
}

func TestTogglesOverrideEvenWithTheirDefault(t *testing.T) {
	s := NewState()
	c, _, err := Decide(s, KeyAccess, input(t, map[string]any{"solicita_abono_ferias": 0}), all)
	if err != nil || len(c.Changes) != 1 {
		t.Fatalf("a toggle set to its default is a change (it overrides the users' switches): %+v %v", c, err)
	}
	s.Apply(c)
	if c, _, _ = Decide(s, KeyAccess, input(t, map[string]any{"solicita_abono_ferias": 0}), all); len(c.Changes) != 0 {
		t.Fatalf("set twice: %+v", c)
	}
}

func TestSecretsNeverEnterTheChange(t *testing.T) {
	s := NewState()
	c, secrets, err := Decide(s, KeyMail, input(t, map[string]any{"eMailLogonPsw": "p4ss"}), all)
	if err != nil || secrets["eMailLogonPsw"] != "p4ss" {
		t.Fatalf("%v %v", secrets, err)
	}
	b, _ := json.Marshal(c)
	if strings.Contains(string(b), "p4ss") || c.Changes[0] != (Change{Field: "eMailLogonPsw", Secret: true, Set: true}) {
		t.Fatalf("change %s", b)
	}
	s.Apply(c)
	if !s.Secrets[KeyMail+"/eMailLogonPsw"] {
		t.Fatal("the state does not know the secret is set")
	}
	// An empty secret that was never set is no change; clearing a set one is.
	if c, _, _ := Decide(NewState(), KeyMail, input(t, map[string]any{"eMailLogonPsw": ""}), all); len(c.Changes) != 0 {
		t.Fatalf("%+v", c)
	}
	if c, _, _ := Decide(s, KeyMail, input(t, map[string]any{"eMailLogonPsw": ""}), all); len(c.Changes) != 1 || c.Changes[0].Set {
		t.Fatalf("%+v", c)
	}
	if !TouchesMail(c) {
		t.Fatal("a password change needs a validation")
	}
}

func TestDecideRefusals(t *testing.T) {
	none := func(string) bool { return false }
	for _, c := range []struct {
		key    string
		fields map[string]any
		bought func(string) bool
		field  string
		msg    string
		kind   domain.Kind
	}{
		{KeyHome, map[string]any{"home_page_greeting": strings.Repeat("é", 256)}, all, "home_page_greeting", domain.KeyTooLong, domain.Invalid},
		{KeyHome, map[string]any{"home_page_bgimage": "ftp://x/y.png"}, all, "home_page_bgimage", KeyInvalidURL, domain.Invalid},
		{KeyHome, map[string]any{"home_page_bgimage": "//evil.example/y.png"}, all, "home_page_bgimage", KeyInvalidURL, domain.Invalid},
		{KeyHome, map[string]any{"home_page_bgimage": "/\\evil.example/y.png"}, all, "home_page_bgimage", KeyInvalidURL, domain.Invalid},
		{KeyHome, map[string]any{"home_page_bgimage": "images/y.png"}, all, "home_page_bgimage", KeyInvalidURL, domain.Invalid},
		{KeyTenant, map[string]any{"TenPasswordExpiration": 10000}, all, "TenPasswordExpiration", domain.KeyInvalid, domain.Invalid},
		{KeyTenant, map[string]any{"TenPasswordExpiration": 1.5}, all, "TenPasswordExpiration", domain.KeyInvalid, domain.Invalid},
		{KeyTenant, map[string]any{"TenLimitPasswordReuse": "x"}, all, "TenLimitPasswordReuse", domain.KeyInvalid, domain.Invalid},
		{KeyMail, map[string]any{"emailToReply": "Ana <a@b.c>"}, all, "emailToReply", KeyInvalidEmail, domain.Invalid},
		{KeyMail, map[string]any{"urlSmtpServer": 12}, all, "urlSmtpServer", domain.KeyInvalid, domain.Invalid},
		{KeyAccess, map[string]any{"widgetclosedpay": 1}, none, "widgetclosedpay", KeyNotPurchased, domain.Refused},
		{KeyTheme, map[string]any{"theme": "[1]"}, all, "theme", domain.KeyInvalid, domain.Invalid},
		{KeyTemplates, map[string]any{"nope_body": "x"}, all, "nope_body", domain.KeyInvalid, domain.Invalid},
		{"no_such_key", map[string]any{}, all, "key", domain.KeyInvalid, domain.Invalid},
	} {
		_, _, err := Decide(NewState(), c.key, input(t, c.fields), c.bought)
		var de *domain.Error
		if !errors.As(err, &de) || de.Field != c.field || de.Key != c.msg || de.Kind != c.kind {
			t.Errorf("%s %v: %v", c.key, c.fields, err)
		}
	}
}

func TestTemplateBodiesLoseWhitespaceBetweenTags(t *testing.T) {
	c, _, err := Decide(NewState(), KeyTemplates, input(t, map[string]any{"invite_body": "<p>a b</p>\n\t <p>{name}</p>\n"}), all)
	if err != nil || c.Changes[0].New != "<p>a b</p><p>{name}</p>" {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestRenderEscapesValuesInHTML(t *testing.T) {
	vars := map[string]string{"name": "<b>Ana</b>", "code": "AB12", "####": "s3nha"}
	if got := Render("<p>{name}: {code} ####</p>", vars, true); got != "<p>&lt;b&gt;Ana&lt;/b&gt;: AB12 s3nha</p>" {
		t.Fatalf("html %q", got)
	}
	if got := Render("Olá {name} {unknown}", vars, false); got != "Olá <b>Ana</b> {unknown}" {
		t.Fatalf("text %q", got)
	}
}

// Decide never panics, and what it accepts it accepts again unchanged (a fixed point): any
// bytes for any field of any key.
func FuzzDecide(f *testing.F) {
	f.Add("home_page_greeting", []byte(`"Olá"`))
	f.Add("TenPasswordExpiration", []byte(`"0090"`))
	f.Add("solicita_ferias", []byte(`1`))
	f.Add("theme", []byte(`{"main":"x"}`))
	f.Add("invite_body", []byte(`"<p> a </p>  <p>"`))
	f.Add("eMailLogonPsw", []byte(`"\u0000"`))
	f.Fuzz(func(t *testing.T, field string, raw []byte) {
		for _, k := range Catalogue {
			if _, ok := k.Field(field); !ok {
				continue
			}
			s := NewState()
			c, _, err := Decide(s, k.Name, Input{field: raw}, all)
			if err != nil {
				var de *domain.Error
				if !errors.As(err, &de) {
					t.Fatalf("%s %q: %v is not a rule error", field, raw, err)
				}
				continue
			}
			s.Apply(c)
			for _, ch := range c.Changes {
				if ch.Secret {
					continue
				}
				again, _ := json.Marshal(ch.New)
				c2, _, err := Decide(s, k.Name, Input{field: again}, all)
				if err != nil || len(c2.Changes) != 0 {
					t.Fatalf("%s: accepted %q, then %s gives %+v %v", field, raw, again, c2, err)
				}
			}
		}
	})
}
