package clock

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain"
	"portal/domain/clock"
	rq "portal/domain/request"
	"portal/eventstore"
)

// AskAdjustment is an employee asking to adjust or excuse a day's punches (POST
// rh-app/colaborador/ajuste-ponto): a request of origin AjustePonto (spec portal-business §3)
// with the adjustment as its payload, sent at once to its approval chain.
type AskAdjustment struct {
	CommandID string
	Caller    commands.RequestCaller
	// Switches are the caller's access switches (auth.Permissions.Switches): the kind's switch
	// must be 1 (spec portal-business §6).
	Switches   map[string]int
	Adjustment clock.Adjustment // from clock.ParseAdjustment
	Title      string           // optional; the web app sends a translated one
}

// RequestCreator files and sends a request: the requests area's create command
// (CreateRequestHandler in commands/request), given by whoever builds the handler.
type RequestCreator interface {
	File(ctx context.Context, commandID string, caller commands.RequestCaller, body rq.Body, payload []byte) (*rq.Request, error)
}

// AskAdjustmentHandler files adjustment requests through the request module.
type AskAdjustmentHandler struct {
	create RequestCreator
	store  eventstore.Store
	now    func() time.Time
}

// NewAskAdjustmentHandler needs the request creation handler, the store and the clock.
func NewAskAdjustmentHandler(create RequestCreator, store eventstore.Store, now func() time.Time) (*AskAdjustmentHandler, error) {
	if create == nil || store == nil || now == nil {
		return nil, errors.New("commands.NewAskAdjustmentHandler: nil dependency")
	}
	return &AskAdjustmentHandler{create: create, store: store, now: now}, nil
}

// Handle checks the switch and the day, then creates and sends the request. The request
// module's rules apply unchanged: one open request per employee and type, its chain, its
// idempotency by command id.
func (h *AskAdjustmentHandler) Handle(ctx context.Context, cmd AskAdjustment) (r *rq.Request, err error) {
	defer commands.Wrap(&err, "AskAdjustment(%s)", cmd.CommandID)
	a := cmd.Adjustment
	if cmd.Switches[a.Kind.Switch()] != 1 {
		return nil, &domain.Error{Kind: domain.Forbidden, Field: "tipo", Key: a.Kind.DeniedKey()}
	}
	if cmd.Caller.EmployeeID == uuid.Nil {
		return nil, commands.Forbidden("userHash")
	}
	if err := a.Validate(h.now()); err != nil {
		return nil, err
	}
	if err := commands.RefuseClosedMonth(ctx, h.store, cmd.Caller.Tenant, a.Day); err != nil {
		return nil, err
	}
	day, err := loadDay(ctx, h.store, cmd.Caller.Tenant, clock.Stream(cmd.Caller.EmployeeID), a.Day)
	if err != nil {
		return nil, err
	}
	if err := day.Check(a); err != nil {
		return nil, err
	}
	title := cmd.Title
	if title == "" || len([]rune(title)) > rq.MaxText {
		title = "Ajuste de ponto " + a.Day
	}
	// The request module also wants the type purchased (pwa-req-tools-ajusteponto, §2).
	return h.create.File(ctx, cmd.CommandID, cmd.Caller, rq.Body{Origin: rq.AjustePonto, Send: true, Fields: rq.Fields{
		Title: title, Reason: a.Reason, Comment: a.Reason, Priority: 2, ReferenceDate: a.Day,
	}}, a.Payload())
}

// loadDay folds one local day from an employee's clock stream.
func loadDay(ctx context.Context, store eventstore.Store, tenant uuid.UUID, stream, date string) (*clock.Day, error) {
	recorded, err := store.ReadStream(ctx, tenant, stream, 0)
	if err != nil {
		return nil, err
	}
	return FoldDay(recorded, date)
}

func FoldDay(recorded []eventstore.RecordedEvent, date string) (*clock.Day, error) {
	d := clock.NewDay(date)
	if err := commands.Replay(recorded, decodeClock, d.Apply); err != nil {
		return nil, err
	}
	return d, nil
}
