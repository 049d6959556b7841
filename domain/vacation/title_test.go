package vacation

import (
	"testing"
	"time"
)

func TestTitleInEachLanguageAndBack(t *testing.T) {
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		lang string
		days int
		want string
	}{
		{"pt", 10, "Férias 01/12/2026 a 10/12/2026 (10 dias)"},
		{"en", 10, "Vacation 12/01/2026 to 12/10/2026 (10 days)"},
		{"es", 10, "Vacaciones del 01/12/2026 al 10/12/2026 (10 días)"},
		{"es", 1, "Vacaciones del 01/12/2026 al 01/12/2026 (1 día)"},
		{"fr", 5, "Férias 01/12/2026 a 05/12/2026 (5 dias)"},
	} {
		if got := Title(tt.lang, start, tt.days); got != tt.want {
			t.Errorf("Title(%s, %d) = %q, want %q", tt.lang, tt.days, got, tt.want)
		}
	}
	s, days, ok := ParseTitle(Title("pt", start, 10))
	if !ok || !s.Equal(start) || days != 10 {
		t.Fatalf("ParseTitle: %v %d %v", s, days, ok)
	}
	for _, typed := range []string{"Férias de verão", "Vacation 12/01/2026 to 12/10/2026 (10 days)", "Férias 31/02/2026 a 01/03/2026 (2 dias)"} {
		if _, _, ok := ParseTitle(typed); ok {
			t.Errorf("ParseTitle(%q) read a generated title", typed)
		}
	}
}
