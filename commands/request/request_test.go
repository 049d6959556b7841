package request_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	"portal/commands/request"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

var reqNow = time.Date(2024, 5, 10, 12, 30, 0, 0, time.UTC)

func reqClock() time.Time { return reqNow }

// reqTeam is a tenant with an employee, her manager and an HR admin.
type reqTeam struct {
	ana, marcos, helena clocktest.Person
}

func newReqTeam(t *testing.T) reqTeam {
	t.Helper()
	ctx := context.Background()
	tenant, err := clocktest.NewTenant(ctx, harness.DB.Pool)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(roles ...string) clocktest.Person {
		p, err := tenant.NewPerson(ctx, harness.DB.Pool, clocktest.Options{Roles: roles})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	team := reqTeam{ana: mk(auth.RoleCollaborator), marcos: mk(auth.RoleManager), helena: mk(rq.RoleHR)}
	_, err = harness.DB.Pool.Exec(ctx, `UPDATE employees SET manager_id = $2 WHERE tenant_id = $1 AND id = $3`,
		tenant.ID, team.marcos.EmployeeID, team.ana.EmployeeID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = harness.DB.Pool.Exec(ctx, `UPDATE users SET purchased = 'pwa-req-tools-request,pwa-req-tools-compra,pwa-req-tools-folha,pwa-req-tools-pedidocompra' WHERE tenant_id = $1`, tenant.ID)
	if err != nil {
		t.Fatal(err)
	}
	return team
}

func caller(p clocktest.Person, roles ...string) commands.RequestCaller {
	if len(roles) == 0 {
		roles = []string{auth.RoleCollaborator}
	}
	return commands.RequestCaller{Tenant: p.Tenant, UserID: p.UserID, UserHash: p.UserHash, EmployeeID: p.EmployeeID, Roles: roles}
}

func compraBody() rq.Body {
	return rq.Body{Origin: rq.Compra, HasFields: true, Fields: rq.Fields{Title: "Notebook", Reason: "Trabalho", Comment: "O atual quebrou",
		Priority: 2, ReferenceDate: "2024-05-10"}}
}

// must unwraps a handler constructor (they fail only on nil dependencies).
func must[H any](h H, err error) H {
	if err != nil {
		panic(err)
	}
	return h
}

func createReq(t *testing.T, who commands.RequestCaller, cmdID string, b rq.Body) (*rq.Request, error) {
	t.Helper()
	h := must(request.NewCreateHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	return h.Handle(context.Background(), request.Create{CommandID: cmdID, Caller: who, Body: b})
}

// sentReq is Ana's purchase request, filed and sent to her manager.
func sentReq(t *testing.T, team reqTeam) *rq.Request {
	t.Helper()
	b := compraBody()
	b.Send = true
	r, err := createReq(t, caller(team.ana), "c", b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func decideReq(t *testing.T, who commands.RequestCaller, id string, action request.Decision, step int, comment string) (*rq.Request, error) {
	t.Helper()
	h := must(request.NewDecideStepHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	return h.Handle(context.Background(), request.DecideStep{CommandID: uuid.NewString(), Caller: who, ID: uuid.MustParse(id),
		Action: action, Step: step, Comment: comment})
}

func wantDomain(t *testing.T, err error, kind domain.Kind, field, key string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != kind || de.Field != field || de.Key != key {
		t.Fatalf("error %v, want %d %s/%s", err, kind, field, key)
	}
}

func TestRequestLifecycleOnPostgres(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	ana, marcos, helena := caller(team.ana), caller(team.marcos, auth.RoleManager), caller(team.helena, rq.RoleHR)
	b := compraBody()
	b.Send = true
	r, err := createReq(t, ana, "create-1", b)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != rq.StatusWaiting || len(r.Steps) != 2 || r.Steps[0].Designated.ID != team.marcos.UserID.String() {
		t.Fatalf("created %+v", r)
	}
	again, err := createReq(t, ana, "create-1", b)
	if err != nil || again.ID != r.ID || again.Version != 2 {
		t.Fatalf("a retried create answers the same request: %+v %v", again, err)
	}
	_, err = createReq(t, ana, "create-2", b)
	wantDomain(t, err, domain.Conflict, "tipo", rq.KeyOpenExists)
	other := compraBody()
	other.Origin = rq.Folha
	if _, err := createReq(t, ana, "create-folha", other); err != nil {
		t.Fatalf("another type is its own slot: %v", err)
	}
	po := compraBody()
	po.Origin = rq.PedidoCompra
	_, err = createReq(t, ana, "create-po", po)
	wantDomain(t, err, domain.Invalid, "tipo", rq.KeyTypeInvalid)

	_, err = decideReq(t, helena, r.ID, request.Approve, 0, "")
	wantDomain(t, err, domain.Forbidden, "request", rq.KeyDesignated)
	if r, err = decideReq(t, marcos, r.ID, request.Approve, 0, "ok"); err != nil || r.ApprovalStatus() != "waiting_hr" {
		t.Fatalf("manager approval: %v %v", r, err)
	}
	if r, err = decideReq(t, helena, r.ID, request.Approve, 1, ""); err != nil || r.ApprovalStatus() != "approved_hr" || r.Delivery != rq.DeliveryPending {
		t.Fatalf("hr approval: %+v %v", r, err)
	}
	_, err = decideReq(t, helena, r.ID, request.Undo, 1, "")
	wantDomain(t, err, domain.Refused, "request", rq.KeyReviewedByHR)
	if _, err := createReq(t, ana, "create-3", compraBody()); err != nil {
		t.Fatalf("once approved, a new request of the type may be filed: %v", err)
	}

	// Every decision records who, on whose behalf and when.
	events, err := harness.Store.ReadStream(context.Background(), team.ana.Tenant, rq.Stream(uuid.MustParse(r.ID)), 0)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	want := []string{rq.TypeCreated, rq.TypeSent, rq.TypeStepApproved, rq.TypeStepApproved}
	if len(types) != len(want) {
		t.Fatalf("stream %v, want %v", types, want)
	}
	d, _, _ := request.DecodeEvent(events[2])
	if a := d.(rq.StepApproved); a.Actor.ID != team.marcos.UserID.String() || !a.At.Equal(reqNow) || !a.OnBehalfOf.IsZero() || a.Comment != "ok" {
		t.Fatalf("decision %+v", a)
	}
	// The commands notify nobody themselves: process.RequestNotices does, from the log.
	for _, p := range []clocktest.Person{team.ana, team.marcos, team.helena} {
		if n := inbox(t, p); len(n) != 0 {
			t.Fatalf("a request command appended %d notifications", len(n))
		}
	}
}

func TestRequestOnBehalfOfATeamMember(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	b := compraBody()
	b.M01Ukey = team.ana.EmployeeID.String()
	r, err := createReq(t, caller(team.marcos, auth.RoleManager), "mine-for-ana", b)
	if err != nil {
		t.Fatal(err)
	}
	events, _ := harness.Store.ReadStream(context.Background(), team.ana.Tenant, rq.Stream(uuid.MustParse(r.ID)), 0)
	c, _, _ := request.DecodeEvent(events[0])
	created := c.(rq.Created)
	if created.Actor.ID != team.marcos.UserID.String() || created.OnBehalfOf.ID != team.ana.UserID.String() ||
		created.Subject.EmployeeID != team.ana.EmployeeID.String() {
		t.Fatalf("created %+v: actor = manager, subject = member", created)
	}
	// Ana is not Marcos's manager: she may not file for him.
	b.M01Ukey = team.marcos.EmployeeID.String()
	_, err = createReq(t, caller(team.ana), "ana-for-marcos", b)
	wantDomain(t, err, domain.Forbidden, "m01Ukey", "acesso_negado")
}

func TestAbsentDesignatedApprover(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	r := sentReq(t, team)
	_, err := harness.DB.Pool.Exec(context.Background(), `INSERT INTO approver_absences (tenant_id, user_id, starts_on, ends_on, reason)
VALUES ($1, $2, '2024-05-01', '2024-05-31', 'vacation')`, team.ana.Tenant, team.marcos.UserID)
	if err != nil {
		t.Fatal(err)
	}
	r, err = decideReq(t, caller(team.helena, rq.RoleHR), r.ID, request.Approve, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Decisions[0]; d.By.Actor.ID != team.helena.UserID.String() || d.By.OnBehalfOf.ID != team.marcos.UserID.String() {
		t.Fatalf("decision %+v: HR decides on behalf of the absent manager", d)
	}
}

// Fifty approvers deciding the same step at once: exactly one decision is stored, every
// other one is told the request was already decided.
func TestFiftyConcurrentDecisionsOnOneStep(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	r := sentReq(t, team)
	marcos := caller(team.marcos, auth.RoleManager)
	h := must(request.NewDecideStepHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	var wg sync.WaitGroup
	errs := make([]error, 50)
	start := make(chan struct{})
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			action := request.Approve
			if i%2 == 1 {
				action = request.Reject
			}
			_, errs[i] = h.Handle(context.Background(), request.DecideStep{CommandID: uuid.NewString(), Caller: marcos,
				ID: uuid.MustParse(r.ID), Action: action, Step: 0, Comment: "motivo"})
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		wantDomain(t, err, domain.Conflict, "request", rq.KeyAlreadyDecided)
	}
	events, _ := harness.Store.ReadStream(context.Background(), team.ana.Tenant, rq.Stream(uuid.MustParse(r.ID)), 0)
	if won != 1 || len(events) != 3 {
		t.Fatalf("%d decisions won, stream has %d events; want exactly one decision", won, len(events))
	}
}

// Two handlers stand for two processes: what one appended must decide the other's next
// command (each decides first on the request it cached), and a command retried on either is
// answered from the log, whoever stored it.
func TestDecisionsReadWhatAnotherProcessAppended(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	r := sentReq(t, team)
	id := uuid.MustParse(r.ID)
	marcos, helena := caller(team.marcos, auth.RoleManager), caller(team.helena, rq.RoleHR)
	here := must(request.NewDecideStepHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	there := must(request.NewDecideStepHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	decide := func(h *request.DecideStepHandler, cmdID string, who commands.RequestCaller, action request.Decision, step int) (*rq.Request, error) {
		return h.Handle(context.Background(), request.DecideStep{CommandID: cmdID, Caller: who, ID: id, Action: action, Step: step})
	}
	stream := func() int {
		events, err := harness.Store.ReadStream(context.Background(), team.ana.Tenant, rq.Stream(id), 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(events)
	}

	if r, err := decide(here, "approve-1", marcos, request.Approve, 0); err != nil || r.ApprovalStatus() != "waiting_hr" {
		t.Fatalf("manager approval: %v %v", r, err)
	}
	if r, err := decide(there, "undo-1", marcos, request.Undo, 0); err != nil || r.Current() != 0 {
		t.Fatalf("undo elsewhere: %+v %v", r, err)
	}
	// Here, last seen waiting for HR; the undo there put it back at the manager.
	_, err := decide(here, "hr-1", helena, request.Approve, 1)
	wantDomain(t, err, domain.Conflict, "request", rq.KeyAlreadyDecided)
	if n := stream(); n != 4 {
		t.Fatalf("stream has %d events after a refused decision, want 4", n)
	}
	// A retried command is answered as stored, here or there, and appends nothing.
	if r, err := decide(here, "approve-1", marcos, request.Approve, 0); err != nil || r.Current() != 0 {
		t.Fatalf("retried approval: %+v %v", r, err)
	}
	if _, err := decide(there, "approve-2", marcos, request.Approve, 0); err != nil {
		t.Fatal(err)
	}
	if r, err := decide(here, "approve-2", marcos, request.Approve, 0); err != nil || r.ApprovalStatus() != "waiting_hr" {
		t.Fatalf("approval retried here after it was stored there: %+v %v", r, err)
	}
	if n := stream(); n != 5 {
		t.Fatalf("stream has %d events, want 5: the retries appended", n)
	}
	if r, err := decide(here, "hr-2", helena, request.Approve, 1); err != nil || r.ApprovalStatus() != "approved_hr" {
		t.Fatalf("HR approval: %+v %v", r, err)
	}
	// Retried where it was just stored: the handler's cached request already holds it.
	n := stream()
	if r, err := decide(here, "hr-2", helena, request.Approve, 1); err != nil || r.ApprovalStatus() != "approved_hr" {
		t.Fatalf("HR approval retried where it was stored: %+v %v", r, err)
	}
	if stream() != n {
		t.Fatal("the retried HR approval appended")
	}
}

func TestAttachmentsAndDelivery(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	ana, helena := caller(team.ana), caller(team.helena, rq.RoleHR)
	b := compraBody()
	b.Origin = rq.Folha
	b.Fields.Absence = &rq.Absence{TipoAusenciaDesc: "Doença", TipoAbono: "atestado", NomeMedico: "Dr. X", TpRegistro: "CRM",
		Registro: "1", UfRegistroDesc: "SP", InicioAbono: "2024-05-09", FimAbono: "2024-05-10"}
	r, err := createReq(t, ana, "c", b)
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.MustParse(r.ID)
	act := must(request.NewActions(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	_, err = act.Send(context.Background(), request.Action{CommandID: "s1", Caller: ana, ID: id})
	wantDomain(t, err, domain.Refused, "anexos", rq.KeyAttachmentRequired)

	files := must(request.NewAttachmentHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.DB.Pool, harness.Store, reqClock))
	_, err = files.Add(context.Background(), request.AddAttachment{CommandID: "f0", Caller: ana, ID: id, Name: "x.pdf", Content: []byte("MZ\x90")})
	wantDomain(t, err, domain.Invalid, "file", rq.KeyFileType)
	a, err := files.Add(context.Background(), request.AddAttachment{CommandID: "f1", Caller: ana, ID: id, Name: "atestado.pdf", Content: []byte("%PDF-1.4 x")})
	if err != nil || len(a.SHA256) != 64 || a.Kind != rq.FilePDF {
		t.Fatalf("attachment %+v %v", a, err)
	}
	var stored string
	if err := harness.DB.Pool.QueryRow(context.Background(), `SELECT encode(sha256(content), 'hex') FROM request_files WHERE id = $1`, a.ID).Scan(&stored); err != nil || stored != a.SHA256 {
		t.Fatalf("stored hash %q, event hash %q (%v)", stored, a.SHA256, err)
	}
	if _, err := act.Send(context.Background(), request.Action{CommandID: "s2", Caller: ana, ID: id}); err != nil {
		t.Fatal(err)
	}
	// Folha has no manager step configured away: manager then HR; the manager approves.
	if _, err := decideReq(t, caller(team.marcos, auth.RoleManager), r.ID, request.Approve, 0, ""); err != nil {
		t.Fatal(err)
	}
	if r, err = decideReq(t, helena, r.ID, request.Approve, 1, ""); err != nil || r.Delivery != "" {
		t.Fatalf("folha has no delivery: %+v %v", r, err)
	}

	// A purchase: delivered, then the receipt confirmed.
	c := compraBody()
	c.Send = true
	p, err := createReq(t, ana, "p", c)
	if err != nil {
		t.Fatal(err)
	}
	decideReq(t, caller(team.marcos, auth.RoleManager), p.ID, request.Approve, 0, "")
	decideReq(t, helena, p.ID, request.Approve, 1, "")
	pid := uuid.MustParse(p.ID)
	_, err = act.ConfirmReceipt(context.Background(), request.Action{CommandID: "r0", Caller: ana, ID: pid})
	wantDomain(t, err, domain.Refused, "request", rq.KeyNotDelivered)
	if _, err := act.ChangeDelivery(context.Background(), request.Action{CommandID: "d1", Caller: helena, ID: pid}, rq.PartiallyDeliv); err != nil {
		t.Fatal(err)
	}
	if p, err = act.ConfirmReceipt(context.Background(), request.Action{CommandID: "r1", Caller: ana, ID: pid}); err != nil || p.Delivery != rq.DeliveryConfirmed {
		t.Fatalf("confirmed %+v %v", p, err)
	}
}

// Undoing a rejection reopens the request; not while the subject has another open request
// of the type.
func TestUndoRejectionKeepsOneOpenRequest(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	ana, marcos := caller(team.ana), caller(team.marcos, auth.RoleManager)
	b := compraBody()
	b.Send = true
	first, err := createReq(t, ana, "first", b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decideReq(t, marcos, first.ID, request.Reject, 0, "não"); err != nil {
		t.Fatal(err)
	}
	if _, err := createReq(t, ana, "second", b); err != nil {
		t.Fatalf("after a rejection a new request may be filed: %v", err)
	}
	_, err = decideReq(t, marcos, first.ID, request.Undo, 0, "")
	wantDomain(t, err, domain.Conflict, "tipo", rq.KeyOpenExists)
}

// Ten simultaneous requests of one type for one employee: exactly one is filed (§5: an open
// request cannot be duplicated), the others are told one is open.
func TestConcurrentCreatesKeepOneOpenRequest(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = createReq(t, caller(team.ana), fmt.Sprintf("race-%d", i), compraBody())
		}()
	}
	wg.Wait()
	filed := 0
	for _, err := range errs {
		if err == nil {
			filed++
			continue
		}
		wantDomain(t, err, domain.Conflict, "tipo", rq.KeyOpenExists)
	}
	var streams int
	err := harness.DB.Pool.QueryRow(context.Background(), `SELECT count(DISTINCT stream) FROM events WHERE tenant_id = $1 AND type = $2`,
		team.ana.Tenant, rq.TypeCreated).Scan(&streams)
	if err != nil || filed != 1 || streams != 1 {
		t.Fatalf("%d filed, %d request streams (%v); want exactly one", filed, streams, err)
	}
}

// streamReads is a store that counts the reads of each stream.
type streamReads struct {
	eventstore.Store
	mu    sync.Mutex
	reads map[string]int
}

func (s *streamReads) ReadStream(ctx context.Context, tenant uuid.UUID, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	s.mu.Lock()
	s.reads[stream]++
	s.mu.Unlock()
	return s.Store.ReadStream(ctx, tenant, stream, from)
}

func (s *streamReads) of(stream string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads[stream]
}

// The request commands built together share the requests' states: the first decision on a
// request filed through them reads nothing of its stream, and it decides on the same state
// as a read of the whole stream gives.
func TestRequestHandlersShareStates(t *testing.T) {
	t.Parallel()
	team := newReqTeam(t)
	store := &streamReads{Store: harness.Store, reads: map[string]int{}}
	h := must(request.New(commands.PoolFacts{Pool: harness.DB.Pool}, harness.DB.Pool, store, reqClock))
	ctx := context.Background()
	b := compraBody()
	b.Send = true
	r, err := h.Create.Handle(ctx, request.Create{CommandID: "shared", Caller: caller(team.ana), Body: b})
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.MustParse(r.ID)
	stream := rq.Stream(id)
	read := store.of(stream)
	approve := request.DecideStep{CommandID: "shared-approve", Caller: caller(team.marcos, auth.RoleManager), ID: id, Action: request.Approve}
	got, err := h.Decide.Handle(ctx, approve)
	if err != nil || got.ApprovalStatus() != "waiting_hr" {
		t.Fatalf("manager approval: %+v %v", got, err)
	}
	if n := store.of(stream) - read; n != 0 {
		t.Fatalf("the decision read the request's stream %d times, want none", n)
	}
	// The same command on a handler of its own reads the whole stream and answers the state
	// that was stored.
	fresh := must(request.NewDecideStepHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, reqClock))
	want, err := fresh.Handle(ctx, approve)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("decided on the shared state:\n%+v\nread from the stream:\n%+v", got, want)
	}
}
