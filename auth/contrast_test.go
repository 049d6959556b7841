package auth

import (
	"errors"
	"math"
	"testing"

	"portal/domain"
)

func TestContrastRatio(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#868e96", "#ffffff", 3.32}, // Mantine's dimmed grey: the most frequent failure
		{"#228be6", "#ffffff", 3.55},
		{"#1864ab", "#ffffff", 6.09},
		{"nonsense", "#ffffff", 1},
	} {
		if got := ContrastRatio(c.a, c.b); math.Abs(got-c.want) > 0.05 {
			t.Errorf("ContrastRatio(%s, %s) = %.2f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

func TestNormalizeSettingsRefusesUnreadablePalettes(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		body string
		ok   bool
	}{
		"dark_blue_on_light":    {`{"palette":"#1864ab","colorScheme":"light"}`, true},
		"no_scheme_is_light":    {`{"palette":"#1864ab"}`, true},
		"light_blue_on_dark":    {`{"palette":"#74c0fc","colorScheme":"dark"}`, true},
		"yellow_on_light":       {`{"palette":"#fab005","colorScheme":"light"}`, false},
		"mantine_blue_on_light": {`{"palette":"#228be6"}`, false},
		"navy_on_dark":          {`{"palette":"#102a43","colorScheme":"dark"}`, false},
		"no_palette":            {`{"colorScheme":"dark"}`, true},
	} {
		_, err := NormalizeSettings([]byte(c.body))
		var de *domain.Error
		switch {
		case c.ok && err != nil:
			t.Errorf("%s: refused: %v", name, err)
		case !c.ok && (!errors.As(err, &de) || de.Key != KeyLowContrast || de.Field != PrefSettings):
			t.Errorf("%s: got %v, want %s on %s", name, err, KeyLowContrast, PrefSettings)
		}
	}
}
