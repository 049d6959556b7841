package request

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	rq "portal/domain/request"
)

// A vacation request keeps its generated title in Portuguese; the notice an approver gets
// names it in the approver's language. A title a person typed, or another origin's, stays as
// it is.
func TestNoticeNamesAVacationRequestInTheRecipientsLanguage(t *testing.T) {
	at := time.Date(2026, 11, 5, 14, 0, 0, 0, time.UTC)
	notice := func(lang string, origin rq.Origin, title string) string {
		t.Helper()
		to := commands.Recipient{ID: uuid.New(), Hash: "h", Lang: lang}
		part, err := noticePart(uuid.New(), uuid.New(), "c1", to, "waiting", "/apps/requestApprover/waiting/x", origin, title, at)
		if err != nil {
			t.Fatal(err)
		}
		return string(part.Events[0].Data)
	}
	generated := "Férias 01/12/2026 a 10/12/2026 (10 dias)"
	for lang, want := range map[string]string{
		"en": `The request \"Vacation 12/01/2026 to 12/10/2026 (10 days)\" is waiting for your approval.`,
		"es": `La solicitud \"Vacaciones del 01/12/2026 al 10/12/2026 (10 días)\" espera su aprobación.`,
		"pt": `A solicitação \"Férias 01/12/2026 a 10/12/2026 (10 dias)\" aguarda a sua aprovação.`,
	} {
		if got := notice(lang, rq.Ferias, generated); !strings.Contains(got, want) {
			t.Errorf("%s: %s", lang, got)
		}
	}
	if got := notice("en", rq.Ferias, "Férias de verão"); !strings.Contains(got, `\"Férias de verão\"`) {
		t.Errorf("a typed title changed: %s", got)
	}
	if got := notice("en", rq.Compra, generated); !strings.Contains(got, `\"`+generated+`\"`) {
		t.Errorf("another origin's title changed: %s", got)
	}
}
