package seed

import (
	"context"
	"encoding/binary"
	"time"

	"github.com/jackc/pgx/v5"
)

// birthDate is an employee's date of birth: 20 to 59 years before today, drawn from the
// user name so that it is the same on every run. The named demo users of DEMOCORP were
// born in the current month, so the birthdays screen always shows someone the demo knows.
func birthDate(code, userName string, today time.Time) time.Time {
	h := derive("birthday", code, userName)
	n := binary.BigEndian.Uint64(h[:8])
	month := time.Month(n%12 + 1)
	if code == DemoCode && named(userName) {
		month = today.Month()
	}
	return time.Date(today.Year()-20-int(n/12%40), month, int(n/480%28)+1, 0, 0, 0, 0, time.UTC)
}

// terminated is a former employee's last day: within the past year, after the hire date; nil
// for everyone else.
func terminated(code, userName, status string, hired, today time.Time) *time.Time {
	if status != "inactive" {
		return nil
	}
	h := derive("terminated", code, userName)
	t := today.AddDate(0, 0, -10-int(binary.BigEndian.Uint16(h[:2])%340))
	if !t.After(hired) {
		t = hired.AddDate(0, 0, 1)
	}
	return &t
}

func named(userName string) bool {
	switch userName {
	case UserAna, UserMarcos, UserHelena, UserPedro, UserLivia:
		return true
	}
	return false
}

// About answers of the colleague card's "more information" (question, answer); an empty
// answer is not shown.
var demoAbout = map[string][][2]string{
	UserAna: {
		{"Hobbies", "Corrida de rua e fotografia"},
		{"Idiomas", "Português, inglês e espanhol"},
		{"LinkedIn", "https://www.linkedin.com/in/ana-souza-demo"},
		{"Certificações", ""},
	},
	UserMarcos: {
		{"Sobre mim", "Gestor de operações há oito anos; pergunte sobre logística."},
		{"Agenda", "https://calendar.example.com/marcos.lima"},
	},
	UserHelena: {
		{"Sobre mim", "Cuido das pessoas da Demo Corp: benefícios, férias e carreira."},
		{"Idiomas", "Português e inglês"},
	},
}

// DynamicCodeHome is the code of the home's dynamic messages (GET /api/gen/DynamicMessage).
const DynamicCodeHome = 1

// writePeople writes the colleague cards' answers and the home's dynamic messages of DEMOCORP.
func writePeople(ctx context.Context, tx pgx.Tx, tenants []tenantRows) error {
	for _, t := range tenants {
		if t.spec.code != DemoCode {
			continue
		}
		for user, answers := range demoAbout {
			for i, a := range answers {
				if _, err := tx.Exec(ctx, `INSERT INTO employee_about (tenant_id, employee_id, id, ord, question, answer)
VALUES ($1, $2, $3, $4, $5, $6)`, t.id, EmployeeID(DemoCode, user), derive("about", user, a[0]), i, a[0], a[1]); err != nil {
					return err
				}
			}
		}
		messages := []struct {
			title, message, link string
			from                 time.Time
			until                *time.Time
		}{
			{"Campanha de vacinação", "A vacinação contra a gripe acontece no ambulatório até o fim do mês, das 9h às 16h.", "",
				t.today.AddDate(0, 0, -5), ptr(t.today.AddDate(0, 0, 20))},
			{"Pesquisa de clima", "Sua opinião ajuda a Demo Corp a melhorar: responda à pesquisa de clima deste trimestre.", "/apps/pesquisa/clima/all",
				t.today.AddDate(0, 0, -2), nil},
			{"Confraternização de fim de ano", "Reserve a data: a festa será no último sábado do ano, no Espaço Jardins.", "",
				t.today.AddDate(0, 0, -1), ptr(t.today.AddDate(0, 1, 0))},
			{"Inventário encerrado", "O inventário anual foi concluído. Obrigado a todos!", "",
				t.today.AddDate(0, -2, 0), ptr(t.today.AddDate(0, -1, 0))}, // ended: not shown
		}
		for i, m := range messages {
			if _, err := tx.Exec(ctx, `INSERT INTO dynamic_messages (tenant_id, id, code_id, ord, title, message, link, starts_on, ends_on)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, t.id, derive("message", t.spec.code, m.title), DynamicCodeHome, i,
				m.title, m.message, m.link, m.from, m.until); err != nil {
				return err
			}
		}
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
