package clock_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"portal/domain"
	"portal/domain/clock"
)

// FuzzParsePayload checks that no body makes ParsePayload panic, that every refusal is a
// domain Invalid error naming a field, and that every accepted payload satisfies each rule
// of spec portal-core §3/§5, checked here independently of the parser.
func FuzzParsePayload(f *testing.F) {
	seeds := []string{
		validBody,
		body("", ""),
		body("localCapturado", sel(`""`, `""`, `""`)),
		body("localCapturado", sel(`"A"`, `"-95"`, `"1"`)),
		body("localSelecionado", sel(`"A"`, `"1,5"`, `-46.7`)),
		body("localSelecionado", sel(`"A"`, `"NaN"`, `"1"`)),
		body("localSelecionado", sel(`"Rua\u0000A"`, `"1"`, `"1"`)),
		body("localSelecionado", sel(`"`+strings.Repeat("a", 256)+`"`, `"1"`, `"1"`)),
		body("cercaVirtual", `[{"desc":"F","lat":"1","lon":1}]`),
		body("cercaProxima", `{"desc":"F","lat":1,"lon":1,"dist":"12"}`),
		body("n09_001_t", `"2024-02-29T23:59:59"`),
		body("bygoogle", `false`),
		`{}`, `null`, `[]`, `"x"`, `{"n09_001_t":null}`, "{\"localSelecionado\":{\"endereco\":\"\xff\"}}",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cmd, err := clock.ParsePayload(data)
		if err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Kind != domain.Invalid || de.Field == "" || de.Key == "" {
				t.Fatalf("error %v (%T) is not a named Invalid domain error", err, err)
			}
			return
		}
		checkAccepted(t, cmd)
	})
}

func checkAccepted(t *testing.T, cmd clock.RegisterMark) {
	t.Helper()
	if len(cmd.ClientTime) != 19 || cmd.ClientTime[10] != 'T' {
		t.Fatalf("client time %q is not YYYY-MM-DDTHH:mm:ss", cmd.ClientTime)
	}
	if ts, err := time.Parse("2006-01-02T15:04:05", cmd.ClientTime); err != nil || ts.Format("2006-01-02T15:04:05") != cmd.ClientTime {
		t.Fatalf("client time %q does not round-trip: %v", cmd.ClientTime, err)
	}
	checkText(t, "selected address", cmd.Selected.Address, true)
	checkPosition(t, "selected", cmd.Selected.Lat, cmd.Selected.Lon)
	if cmd.Captured != nil {
		checkText(t, "captured address", cmd.Captured.Address, true)
		checkPosition(t, "captured", cmd.Captured.Lat, cmd.Captured.Lon)
	}
	if len(cmd.ClientFences) > 50 {
		t.Fatalf("%d client fences accepted", len(cmd.ClientFences))
	}
	for _, f := range cmd.ClientFences {
		checkText(t, "fence description", f.Desc, false)
		checkPosition(t, "fence", f.Lat, f.Lon)
	}
	if n := cmd.ClientNearest; n != nil {
		checkText(t, "nearest description", n.Desc, false)
		checkPosition(t, "nearest", n.Lat, n.Lon)
		if math.IsNaN(n.Distance) || math.IsInf(n.Distance, 0) || n.Distance < 0 {
			t.Fatalf("nearest distance %v accepted", n.Distance)
		}
	}
	if err := cmd.Validate(); err != nil {
		t.Fatalf("accepted payload fails Validate: %v", err)
	}
}

func checkText(t *testing.T, what, s string, required bool) {
	t.Helper()
	if required && (s == "" || strings.TrimSpace(s) != s) {
		t.Fatalf("%s %q is blank or untrimmed", what, s)
	}
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > 255 {
		t.Fatalf("%s %q is invalid UTF-8 or longer than 255", what, s)
	}
	for _, r := range s {
		if r == 0 || unicode.IsControl(r) {
			t.Fatalf("%s %q has a control character", what, s)
		}
	}
}

func checkPosition(t *testing.T, what string, lat, lon float64) {
	t.Helper()
	if math.IsNaN(lat) || math.IsNaN(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		t.Fatalf("%s position %v,%v out of range", what, lat, lon)
	}
}
