package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	"portal/commands/request"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

// RequestTools are the request types every demo user has purchased (spec portal-business §2:
// types are the purchased entries with the prefix pwa-req-tools-). Purchase orders and
// accounts payable are purchased too, to show that they never appear as request types.
const RequestTools = "pwa-req-tools-request,pwa-req-tools-delivery,pwa-req-tools-compra,pwa-req-tools-epi," +
	"pwa-req-tools-usoeconsumo,pwa-req-tools-beneficio,pwa-req-tools-reembolso,pwa-req-tools-medicamento," +
	"pwa-req-tools-folha,pwa-req-tools-movimentacaopessoal,pwa-req-tools-pedidocompra,pwa-req-tools-contaspagar"

// demoItems is each tenant's item catalogue: code, description, §3 item type, unit.
var demoItems = []struct {
	code, description string
	itemType          int
	unit              string
}{
	{"EPI-001", "Capacete de segurança", 2, "UN"}, {"EPI-002", "Luvas de proteção", 2, "PAR"},
	{"EPI-003", "Botina de segurança", 2, "PAR"}, {"EPI-004", "Óculos de proteção", 2, "UN"},
	{"MED-001", "Dipirona 500 mg", 3, "CX"}, {"MED-002", "Curativo adesivo", 3, "CX"},
	{"UC-001", "Papel A4 (resma)", 4, "RESMA"}, {"UC-002", "Caneta esferográfica azul", 4, "UN"},
	{"TI-001", "Notebook 14 polegadas", 5, "UN"}, {"TI-002", "Monitor 24 polegadas", 5, "UN"},
	{"TI-003", "Mouse sem fio", 5, "UN"}, {"TI-004", "Teclado ABNT2", 5, "UN"},
	{"BEN-001", "Vale-transporte", 7, "UN"}, {"SRV-001", "Manutenção de cadeira", 6, "UN"},
}

// ItemID is the seeded id of a catalogue item.
func ItemID(code, itemCode string) uuid.UUID { return derive("request-item", code, itemCode) }

// requestSetup gives both tenants the request tools, the item catalogue and, in DEMOCORP, a
// purchase chain with a phase step locked to a buyer who is on vacation (so HR decides for
// them). Ana's requests are filed on the seed's timeline (demoRequests).
func requestSetup(ctx context.Context, pool *pgxpool.Pool, now time.Time) error {
	for _, code := range []string{DemoCode, AcmeCode} {
		tenant := TenantID(code)
		_, err := pool.Exec(ctx, `UPDATE users SET purchased = CASE WHEN purchased = '' THEN $2 ELSE purchased || ',' || $2 END
WHERE tenant_id = $1 AND purchased NOT LIKE '%pwa-req-tools-request%'`, tenant, RequestTools)
		if err != nil {
			return err
		}
		for _, it := range demoItems {
			_, err := pool.Exec(ctx, `INSERT INTO request_items (tenant_id, id, code, description, item_type, unit)
VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, tenant, ItemID(code, it.code), it.code, it.description, it.itemType, it.unit)
			if err != nil {
				return err
			}
		}
	}
	if err := lookupSetup(ctx, pool); err != nil {
		return err
	}
	tenant := TenantID(DemoCode)
	// The buyer: the first department head who is neither Marcos nor Helena.
	var buyer uuid.UUID
	err := pool.QueryRow(ctx, `SELECT id FROM users WHERE tenant_id = $1 AND 'pwa-rh-ges' = ANY(roles) AND user_name NOT IN ($2, $3)
ORDER BY user_name LIMIT 1`, tenant, UserMarcos, UserHelena).Scan(&buyer)
	if err != nil {
		return fmt.Errorf("buyer: %w", err)
	}
	_, err = pool.Exec(ctx, `INSERT INTO request_chains (tenant_id, origin, position, kind, label, role, designated_user_id) VALUES
    ($1, 3, 0, 'manager', 'gestor', '', NULL), ($1, 3, 1, 'phase', 'compras', '', $2), ($1, 3, 2, 'hr', 'rh', '', NULL)
ON CONFLICT DO NOTHING`, tenant, buyer)
	if err != nil {
		return err
	}
	today := now.UTC().Truncate(24 * time.Hour)
	_, err = pool.Exec(ctx, `INSERT INTO approver_absences (tenant_id, user_id, starts_on, ends_on, reason)
SELECT $1, $2, $3::date, $4::date, 'vacation' WHERE NOT EXISTS (SELECT FROM approver_absences WHERE tenant_id = $1 AND user_id = $2)`,
		tenant, buyer, today.AddDate(0, 0, -5).Format(time.DateOnly), today.AddDate(0, 0, 25).Format(time.DateOnly))
	return err
}

func seedCaller(ctx context.Context, pool *pgxpool.Pool, code, userName string) (commands.RequestCaller, error) {
	c := commands.RequestCaller{Tenant: TenantID(code), UserID: UserID(code, userName), UserHash: UserHash(code, userName),
		EmployeeID: EmployeeID(code, userName)}
	err := pool.QueryRow(ctx, `SELECT roles FROM users WHERE tenant_id = $1 AND id = $2`, c.Tenant, c.UserID).Scan(&c.Roles)
	return c, err
}

// demoRequests files Ana's requests (fixed command ids: a second run adds nothing): a purchase waiting for Marcos, safety gloves approved
// by Marcos and HR (to be delivered), a reimbursement Marcos rejected, and a draft abono with a
// medical certificate still to attach.
func demoRequests(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) error {
	ctx = request.WithoutNotices(ctx)
	clock := func() time.Time { return now }
	ana, err := seedCaller(ctx, pool, DemoCode, UserAna)
	if err != nil {
		return err
	}
	marcos, err := seedCaller(ctx, pool, DemoCode, UserMarcos)
	if err != nil {
		return err
	}
	helena, err := seedCaller(ctx, pool, DemoCode, UserHelena)
	if err != nil {
		return err
	}
	create, err := request.NewCreateHandler(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	decide, err := request.NewDecideStepHandler(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	day := now.Format(time.DateOnly)
	later := now.AddDate(0, 0, 10).Format(time.DateOnly)
	item := func(code string, n int) []rq.Item {
		return []rq.Item{{ItemID: ItemID(DemoCode, code).String(), Quantity: n}}
	}
	type demo struct {
		id      string
		body    rq.Body
		actions []request.Decision // by Marcos, then Helena
	}
	demos := []demo{
		{"seed-request-notebook", rq.Body{Origin: rq.Compra, Send: true, HasFields: true, Fields: rq.Fields{Title: "Notebook para home office",
			Reason: "Equipamento de trabalho", Comment: "O notebook atual não liga mais.", Priority: 1, ReferenceDate: day, DeliveryDate: later,
			Items: item("TI-001", 1), Labels: []string{"ti"}}}, nil},
		{"seed-request-luvas", rq.Body{Origin: rq.EPI, Send: true, HasFields: true, Fields: rq.Fields{Title: "Luvas de proteção",
			Reason: "Reposição de EPI", Comment: "As luvas atuais rasgaram.", Priority: 2, ReferenceDate: day, Items: item("EPI-002", 2)}},
			[]request.Decision{request.Approve, request.Approve}},
		{"seed-request-reembolso", rq.Body{Origin: rq.Reembolso, Send: true, HasFields: true, Fields: rq.Fields{Title: "Reembolso de táxi",
			Reason: "Visita a cliente", Comment: "Corrida de ida e volta ao cliente.", Priority: 3, ReferenceDate: day}},
			[]request.Decision{request.Reject}},
		{"seed-request-atestado", rq.Body{Origin: rq.Folha, HasFields: true, Fields: rq.Fields{Title: "Abono por atestado médico",
			Reason: "Consulta médica", Comment: "Atestado de um dia.", Priority: 2, ReferenceDate: day,
			Absence: &rq.Absence{TipoAusenciaDesc: "Doença", TipoAbono: "atestado", NomeMedico: "Dra. Paula Mendes", TpRegistro: "CRM",
				Registro: "123456", UfRegistroDesc: "SP", InicioAbono: day, FimAbono: day}}}, nil},
	}
	for _, d := range demos {
		r, err := create.Handle(ctx, request.Create{CommandID: d.id, Caller: ana, Body: d.body})
		var de *domain.Error
		if errors.As(err, &de) && de.Key == rq.KeyOpenExists {
			continue // Ana has already filed one of this type herself
		}
		if err != nil {
			return fmt.Errorf("%s: %w", d.id, err)
		}
		for i, action := range d.actions {
			who := marcos
			if i == 1 {
				who = helena
			}
			id, _ := uuid.Parse(r.ID)
			_, err := decide.Handle(ctx, request.DecideStep{CommandID: fmt.Sprintf("%s-decision-%d", d.id, i), Caller: who, ID: id,
				Action: action, Step: i, Comment: "Ok."})
			if err != nil && !errors.As(err, &de) {
				return fmt.Errorf("%s decision %d: %w", d.id, i, err)
			}
		}
	}
	return nil
}
