package adjustments_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands/clocktest"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/process"
	clockproj "portal/projections/clock"
	requestsproj "portal/projections/requests"
	"portal/readapi/apitest"
	"portal/readapi/readapitest"
)

// adjustEnv is the server the adjustment tests call.
type adjustEnv struct{ *readapitest.Env }

// adjustCall sends a call to /api/rh-app/<path> as p.
func (e adjustEnv) adjustCall(t *testing.T, p readapitest.Person, method, path string, query map[string]string, body string) apitest.Response {
	t.Helper()
	return e.Call(t, p, method, "/api/rh-app/"+path, query, body, nil)
}

// settle runs what the Runner would over the tenant's log: the requests read model, the
// adjustment process, then the clock read model (which sees what the process appended).
// It reads the table itself, in log order, not waiting for in-flight transactions.
func (e adjustEnv) settle(t *testing.T, tenant clocktest.Person) {
	t.Helper()
	ctx := context.Background()
	read := func() []eventstore.RecordedEvent {
		rows, err := e.DB.Pool.Query(ctx, `SELECT id, tenant_id, stream, version, type, data, position FROM events
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
		if err := pgx.BeginFunc(ctx, e.DB.Pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, events) }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.DB.Pool.Exec(ctx, `DELETE FROM requests WHERE tenant_id = $1`, tenant.Tenant); err != nil {
		t.Fatal(err)
	}
	apply(requestsproj.Requests{}, read())
	apply(process.AdjustmentProcess{}, read())
	apply(clockproj.New(), read())
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
	env := adjustEnv{readapitest.New(t, "readapi_adjustments", readapitest.ClockNow)}
	ctx := context.Background()
	tenant := env.Tenant(t)
	marcos := env.Person(t, &tenant, clocktest.Options{Roles: []string{auth.RoleManager, auth.RoleCollaborator}})
	ana := env.Person(t, &tenant, clocktest.Options{Fences: []clock.Fence{readapitest.ClockOffice}})
	bia := env.Person(t, &tenant, clocktest.Options{}) // her switches stay off
	for _, q := range []string{
		`UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id IN ($3, $4)`,
		`UPDATE users SET purchased = 'pwa-req-tools-ajusteponto' WHERE tenant_id = $1 AND $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL AND $4::uuid IS NOT NULL`,
		`INSERT INTO request_chains (tenant_id, origin, position, kind) SELECT $1, 12, 0, 'manager' WHERE $2::uuid IS NOT NULL AND $3::uuid IS NOT NULL AND $4::uuid IS NOT NULL`,
	} {
		if _, err := env.DB.Pool.Exec(ctx, q, tenant.ID, marcos.EmployeeID, ana.EmployeeID, bia.EmployeeID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.DB.Pool.Exec(ctx, `UPDATE users SET access_config = '{"solicita_ajuste_ponto":1,"solicita_abono_ponto":1}' WHERE id = $1`, ana.UserID); err != nil {
		t.Fatal(err)
	}
	if res := env.Register(t, ana, nil, readapitest.MarkBody("Rua A", readapitest.ClockOffice.Position, &readapitest.ClockOffice.Position), nil); res.Status != http.StatusOK {
		t.Fatalf("punch: %d %s", res.Status, res.Body)
	}
	env.settle(t, ana.Person)
	var day adjustDayBody
	res := env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-05-10"}, "")
	res.Decode(t, &day)
	if res.Status != http.StatusOK || len(day.Marcacoes) != 1 || day.Marcacoes[0].Hora != "09:30" || day.Permissoes["solicita_ajuste_ponto"] != 1 {
		t.Fatalf("day: %d %s", res.Status, res.Body)
	}
	mark := day.Marcacoes[0].ID
	ask := func(p readapitest.Person, body string) apitest.Response {
		return env.adjustCall(t, p, http.MethodPost, "colaborador/ajuste-ponto", nil, body)
	}
	correct := `{"tipo":"corrigir","data":"2024-05-10","marcacaoId":"` + mark + `","hora":"08:00","motivo":"cheguei às 8"}`

	t.Run("refusals_write_nothing", func(t *testing.T) {
		before := env.CountEvents(t, tenant.ID)
		for _, c := range []struct {
			who          readapitest.Person
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
			ask(c.who, c.body).WantErr(t, c.status, c.typ, c.message)
		}
		if after := env.CountEvents(t, tenant.ID); after != before {
			t.Fatalf("refusals wrote %d events", after-before)
		}
		env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-5-10"}, "").
			WantErr(t, http.StatusBadRequest, "data", "valor_invalido")
		env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "x"}, "").
			WantErr(t, http.StatusBadRequest, "lista", "valor_invalido")
		env.adjustCall(t, ana, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes"}, "").
			WantErr(t, http.StatusForbidden, "request", "acesso_negado")
		env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "admin", "lista": "ajustes"}, "").
			WantErr(t, http.StatusForbidden, "request", "acesso_negado")
	})

	var id string
	t.Run("ask_list_approve_corrects_the_day", func(t *testing.T) {
		res := ask(ana, correct)
		if res.Status != http.StatusOK {
			t.Fatalf("ask: %d %s", res.Status, res.Body)
		}
		var ok struct {
			Data adjustItem `json:"data"`
		}
		res.Decode(t, &ok)
		id = ok.Data.AC4Ukey
		// One open adjustment request at a time (the request module's rule, spec §5).
		ask(ana, `{"tipo":"incluir","data":"2024-05-10","hora":"07:00","motivo":"m"}`).
			WantErr(t, http.StatusConflict, "tipo", "solicitacao_aberta_existente")
		env.settle(t, ana.Person)

		var list []adjustItem
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes"}, "")
		res.Decode(t, &list)
		if res.Status != http.StatusOK || len(list) != 1 || list[0].AC4Ukey != id || !list[0].PodeDecidir ||
			list[0].HoraAnterior == nil || *list[0].HoraAnterior != "09:30" || list[0].Hora != "08:00" || list[0].CurrentStep == nil {
			t.Fatalf("manager's list: %d %s", res.Status, res.Body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ponto"}, "")
		if res.Decode(t, &list); len(list) != 0 {
			t.Fatalf("abono list has the adjustment: %s", res.Body)
		}

		decide := func(p readapitest.Person, body string) apitest.Response {
			return env.adjustCall(t, p, http.MethodPost, "ajuste-ponto/decidir", nil, body)
		}
		decide(ana, `{"requestId":"`+id+`","step":0,"acao":"approve"}`).WantErr(t, http.StatusForbidden, "request", "acesso_negado")
		decide(marcos, `{"requestId":"`+id+`","acao":"approve"}`).WantErr(t, http.StatusBadRequest, "step", "campo_obrigatorio")
		decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"maybe"}`).WantErr(t, http.StatusBadRequest, "acao", "valor_invalido")
		decide(marcos, `{"requestId":"`+mark+`","step":0,"acao":"approve"}`).WantErr(t, http.StatusNotFound, "requestId", "solicitacao_nao_encontrada")
		if res := decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"approve"}`); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		decide(marcos, `{"requestId":"`+id+`","step":0,"acao":"reject","comentario":"x"}`).
			WantErr(t, http.StatusConflict, "request", "solicitacao_ja_decidida")
		env.settle(t, ana.Person)

		res = env.adjustCall(t, ana, http.MethodGet, "colaborador/ponto-dia", map[string]string{"data": "2024-05-10"}, "")
		day = adjustDayBody{}
		res.Decode(t, &day)
		m := day.Marcacoes
		if len(m) != 1 || m[0].Hora != "08:00" || !m[0].Ajustada || m[0].HoraOriginal == nil || *m[0].HoraOriginal != "09:30" ||
			len(day.Solicitacoes) != 1 || day.Solicitacoes[0].Status != "approved" {
			t.Fatalf("day after approval: %s", res.Body)
		}
		// The quick clock's history shows the mark at its new time, flagged.
		var history []map[string]any
		res = env.adjustCall(t, ana, http.MethodGet, "colaborador/v2/historico-ponto", nil, "")
		if res.Decode(t, &history); len(history) != 1 || history[0]["n09_001_t"] != "2024-05-10T08:00:00" || history[0]["ajustada"] != true {
			t.Fatalf("history: %s", res.Body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes", "filterHandle": "approved"}, "")
		if res.Decode(t, &list); len(list) != 1 || list[0].PodeDecidir {
			t.Fatalf("approved list: %s", res.Body)
		}
		res = env.adjustCall(t, marcos, http.MethodGet, "ajuste-ponto", map[string]string{"area": "gestor", "lista": "ajustes", "filterHandle": "waiting"}, "")
		if res.Decode(t, &list); len(list) != 0 {
			t.Fatalf("waiting list: %s", res.Body)
		}
	})
}
