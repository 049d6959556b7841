package readapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/projections"
)

// adjustCall sends a request to /api/rh-app/<path> as p.
func (e *clockEnv) adjustCall(t *testing.T, p clockPerson, method, path string, query map[string]string, body string) clockResponse {
	t.Helper()
	q := url.Values{"tenId": {p.Tenant.String()}, "userHash": {p.UserHash}}
	for k, v := range query {
		q.Set(k, v)
	}
	req := httptest.NewRequest(method, "/api/rh-app/"+path+"?"+q.Encode(), strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+p.token)
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	return clockResponse{rec.Code, rec.Body.Bytes()}
}

// settle runs what the Runner would over the tenant's log: the requests read model, the
// adjustment process, then the clock read model (which sees what the process appended).
// It reads the table itself, in log order, not waiting for in-flight transactions.
func (e *clockEnv) settle(t *testing.T, tenant clocktest.Person) {
	t.Helper()
	ctx := context.Background()
	read := func() []eventstore.RecordedEvent {
		rows, err := e.db.Pool.Query(ctx, `SELECT id, tenant_id, stream, version, type, data, position FROM events
WHERE tenant_id = $1 ORDER BY position`, tenant.Tenant)
		if err != nil {
			t.Fatal(err)
		}
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventstore.RecordedEvent, error) {
			var ev eventstore.RecordedEvent
			return ev, r.Scan(&ev.ID, &ev.Tenant, &ev.Stream, &ev.Version, &ev.Type, &ev.Data, &ev.Cursor.Position)
		})
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	apply := func(p interface {
		Apply(context.Context, pgx.Tx, []eventstore.RecordedEvent) error
		Reset(context.Context, pgx.Tx) error
	}, events []eventstore.RecordedEvent) {
		if err := pgx.BeginFunc(ctx, e.db.Pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.db.Pool.Exec(ctx, `DELETE FROM requests WHERE tenant_id = $1`, tenant.Tenant); err != nil {
		t.Fatal(err)
	}
	apply(projections.Requests{}, read())
	apply(commands.AdjustmentProcess{}, read())
	apply(projections.NewClock(), read())
}

type adjustItem struct {
	AC4Ukey        string  `json:"ac4Ukey"`
	Tipo           string  `json:"tipo"`
	Hora           string  `json:"hora"`
	HoraAnterior   *string `json:"horaAnterior"`
	Status         string  `json:"status"`
	ApprovalStatus string  `json:"approvalStatus"`
	PodeDecidir    bool    `json:"podeDecidir"`
	CurrentStep    *struct {
		Index int `json:"index"`
	} `json:"currentStep"`
}

type adjustDayBody struct {
	Marcacoes []struct {
		ID           string  `json:"id"`
		Hora         string  `json:"hora"`
		Ajustada     bool    `json:"ajustada"`
		HoraOriginal *string `json:"horaOriginal"`
	} `json:"marcacoes"`
	Solicitacoes []adjustItem   `json:"solicitacoes"`
	Permissoes   map[string]int `json:"permissoes"`
}

func TestAdjustmentAPI(t *testing.T) {
	env := newClockEnv(t)
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, env.db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	marcos := env.person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleManager, auth.RoleCollaborator}})
	ana := env.person(t, &tenant, clocktest.Options{Fences: []clock.Fence{clockOffice}})
	bia := env.person(t, &tenant, clocktest.Options{}) // her switches stay off
	for _, q := range []string{
		`UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id IN ($3, $4)`,
		`UPDATE users SET purchased = 'pwa-req-tools-ajusteponto' WHERE tenant_id = $1 AND $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL AND $4::uuid IS NOT NULL`,
		`INSERT INTO request_chains (tenant_id, origin, position, kind) SELECT $1, 12, 0, 'manager' WHERE $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL AND $4::uuid IS NOT NULL`,
	} {
		if _, err := env.db.Pool.Exec(ctx, q, tenant.ID, marcos.EmployeeID, ana.EmployeeID, bia.EmployeeID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.db.Pool.Exec(ctx, `UPDATE users SET access_config = '{"solicita_ajuste_ponto":1,"solicita_abono_ponto":1}' WHERE id = $1`, ana.UserID); err != nil {
		t.Fatal(err)
	}
	if res := env.register(t, ana, markBody("Rua A", clockOffice.Position, &clockOffice.Position), nil); res.status != http.StatusOK {
		t.Fatalf("punch: %d %s", res.status, res.body)
	}
	env.settle(t, ana.Person)
	var day adjustDayBody
	res := env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-05-10"}, "")
	res.decode(t, &day)
	if res.status != http.StatusOK || len(day.Marcacoes) != 1 || day.Marcacoes[0].Hora != "09:30" || day.Permissoes["solicita_ajuste_ponto"] != 1 {
		t.Fatalf("day: %d %s", res.status, res.body)
	}
	mark := day.Marcacoes[0].ID
	ask := func(p clockPerson, body string) clockResponse {
		return env.adjustCall(t, p, http.MethodPost, "colaborador/ajuste-ponto", nil, body)
	}
	correct := `{"tipo":"corrigir","data":"2024-05-10","marcacaoId":"` + mark + `","hora":"08:00","motivo":"cheguei às 8"}`

	t.Run("refusals_write_nothing", func(t *testing.T) {
		before := env.countEvents(t, tenant)
		for _, c := range []struct {
			who          clockPerson
			body         string
			status       int
			typ, message string
		}{
			{bia, correct, http.StatusForbidden, "tipo", "ajuste_ponto_nao_permitido"},
			{bia, `{"tipo":"abonar","data":"2024-05-10","motivo":"m"}`, http.StatusForbidden, "tipo", "abono_ponto_nao_permitido"},
			{ana, `not json`, http.StatusBadRequest, "body", "valor_invalido"},
			{ana, `{}`, http.StatusBadRequest, "tipo", "campo_obrigatorio"},
			{ana, `{"tipo":"incluir","data":"10/05/2024","hora":"08:00","motivo":"m"}`, http.StatusBadRequest, "data", "valor_invalido"},
			{ana, `{"tipo":"incluir","data":"2024-05-11","hora":"08:00","motivo":"m"}`, http.StatusBadRequest, "data", "data_futura"},
			{ana, `{"tipo":"incluir","data":"2024-05-10","hora":"09:30","motivo":"m"}`, http.StatusUnprocessableEntity, "hora", "marcacao_existente"},
			{ana, `{"tipo":"corrigir","data":"2024-05-09","marcacaoId":"` + mark + `","hora":"08:00","motivo":"m"}`, http.StatusBadRequest, "marcacaoId", "marcacao_nao_encontrada"},
			{ana, `{"tipo":"abonar","data":"2024-05-10","inicio":"12:00","fim":"08:00","motivo":"m"}`, http.StatusBadRequest, "fim", "horario_invalido"},
		} {
			ask(c.who, c.body).wantErr(t, c.status, c.typ, c.message)
		}
		if after := env.countEvents(t, tenant); after != before {
			t.Fatalf("refusals wrote %d events", after-before)
		}
		env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-5-10"}, "").
			wantErr(t, http.StatusBadRequest, "data", "valor_invalido")
		env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "x"}, "").
			wantErr(t, http.StatusBadRequest, "lista", "valor_invalido")
		env.adjustCall(t, ana, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes"}, "").
			wantErr(t, http.StatusForbidden, "request", "acesso_negado")
		env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "admin", "lista": "ajustes"}, "").
			wantErr(t, http.StatusForbidden, "request", "acesso_negado")
	})

	var id string
	t.Run("ask_list_approve_corrects_the_day", func(t *testing.T) {
		res := ask(ana, correct)
		if res.status != http.StatusOK {
			t.Fatalf("ask: %d %s", res.status, res.body)
		}
		var ok struct {
			Data adjustItem `json:"data"`
		}
		res.decode(t, &ok)
		id = ok.Data.AC4Ukey
		// One open adjustment request at a time (the request module's rule, spec §5).
		ask(ana, `{"tipo":"incluir","data":"2024-05-10","hora":"07:00","motivo":"m"}`).
			wantErr(t, http.StatusConflict, "tipo", "solicitacao_aberta_existente")
		env.settle(t, ana.Person)

		var list []adjustItem
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes"}, "")
		res.decode(t, &list)
		if res.status != http.StatusOK || len(list) != 1 || list[0].AC4Ukey != id || !list[0].PodeDecidir ||
			list[0].HoraAnterior == nil || *list[0].HoraAnterior != "09:30" || list[0].Hora != "08:00" || list[0].CurrentStep == nil {
			t.Fatalf("manager's list: %d %s", res.status, res.body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ponto"}, "")
		if res.decode(t, &list); len(list) != 0 {
			t.Fatalf("abono list has the adjustment: %s", res.body)
		}

		decide := func(p clockPerson, body string) clockResponse {
			return env.adjustCall(t, p, http.MethodPost, "ajuste-ponto/decidir", nil, body)
		}
		decide(ana, `{"requestId":"`+id+`","step":0,"acao":"approve"}`).wantErr(t, http.StatusForbidden, "request", "acesso_negado")
		decide(marcos, `{"requestId":"`+id+`","acao":"approve"}`).wantErr(t, http.StatusBadRequest, "step", "campo_obrigatorio")
		decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"maybe"}`).wantErr(t, http.StatusBadRequest, "acao", "valor_invalido")
		decide(marcos, `{"requestId":"`+mark+`","step":0,"acao":"approve"}`).wantErr(t, http.StatusNotFound, "requestId", "solicitacao_nao_encontrada")
		if res := decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"approve"}`); res.status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"reject","comentario":"x"}`).
			wantErr(t, http.StatusConflict, "request", "solicitacao_ja_decidida")
		env.settle(t, ana.Person)

		res = env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-05-10"}, "")
		day = adjustDayBody{}
		res.decode(t, &day)
		m := day.Marcacoes
		if len(m) != 1 || m[0].Hora != "08:00" || !m[0].Ajustada || m[0].HoraOriginal == nil || *m[0].HoraOriginal != "09:30" ||
			len(day.Solicitacoes) != 1 || day.Solicitacoes[0].Status != "approved" {
			t.Fatalf("day after approval: %s", res.body)
		}
		// The quick clock's history shows the mark at its new time, flagged.
		var history []map[string]any
		res = env.adjustCall(t, ana, http.MethodGet, "colaborador/v2/historico-ponto", nil, "")
		if res.decode(t, &history); len(history) != 1 || history[0]["n09_001_t"] != "2024-05-10T08:00:00" || history[0]["ajustada"] != true {
			t.Fatalf("history: %s", res.body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes", "filterHandle": "approved"}, "")
		if res.decode(t, &list); len(list) != 1 || list[0].PodeDecidir {
			t.Fatalf("approved list: %s", res.body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes", "filterHandle": "waiting"}, "")
		if res.decode(t, &list); len(list) != 0 {
			t.Fatalf("waiting list: %s", res.body)
		}
	})
}
