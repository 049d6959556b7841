package vacation

import (
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// titleFormats are the title of the request a vacation request files, by language: the
// start, the last day and the days. The request keeps the Portuguese one; a reader sees the
// title in their language (the web app renders it from the same parts: requests.json
// vacationTitle).
var titleFormats = map[string]struct{ date, one, other string }{
	"pt": {"02/01/2006", "Férias %s a %s (%d dia)", "Férias %s a %s (%d dias)"},
	"en": {"01/02/2006", "Vacation %s to %s (%d day)", "Vacation %s to %s (%d days)"},
	"es": {"02/01/2006", "Vacaciones del %s al %s (%d día)", "Vacaciones del %s al %s (%d días)"},
}

// Title is the title, in lang (pt when another), of the request filed for a leave of days
// from start.
func Title(lang string, start time.Time, days int) string {
	f, ok := titleFormats[lang]
	if !ok {
		f = titleFormats["pt"]
	}
	end := start.AddDate(0, 0, days-1)
	format := f.other
	if days == 1 {
		format = f.one
	}
	return fmt.Sprintf(format, start.Format(f.date), end.Format(f.date), days)
}

var ptTitle = regexp.MustCompile(`^Férias (\d{2}/\d{2}/\d{4}) a \d{2}/\d{2}/\d{4} \((\d+) dias?\)$`)

// ParseTitle reads the start and the days back from a Portuguese Title (the one a request
// keeps); ok is false for any other text, such as a title a person typed.
func ParseTitle(s string) (start time.Time, days int, ok bool) {
	m := ptTitle.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, 0, false
	}
	start, err := time.Parse("02/01/2006", m[1])
	if err != nil {
		return time.Time{}, 0, false
	}
	days, err = strconv.Atoi(m[2])
	if err != nil || days < 1 {
		return time.Time{}, 0, false
	}
	return start, days, true
}
