package requests

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rq "portal/domain/request"
	requestsproj "portal/projections/requests"
)

// Actions tells the web app which buttons to offer on a request (docs/api.md by-id
// "acoes"). Each answer is the domain's own rule run as a dry run with the caller's facts,
// so the screen and the commands never disagree.
type Actions struct {
	Editar               bool     `json:"editar"`
	Remover              bool     `json:"remover"`
	Enviar               bool     `json:"enviar"`
	Aprovar              bool     `json:"aprovar"`
	Reprovar             bool     `json:"reprovar"`
	Desfazer             bool     `json:"desfazer"`
	Bloquear             bool     `json:"bloquear"`
	Desbloquear          bool     `json:"desbloquear"`
	Entregar             []string `json:"entregar"` // the delivery statuses the caller may set now
	ConfirmarRecebimento bool     `json:"confirmarRecebimento"`
}

// actionsFor runs the rules for the viewer on r.
func actionsFor(ctx context.Context, tx pgx.Tx, v requestsproj.Viewer, hash string, r *rq.Request, doc *requestsproj.Doc) (Actions, error) {
	f := rq.Facts{Actor: rq.Actor{ID: v.UserID.String(), Hash: hash}, Roles: v.Roles, Absent: map[string]bool{}}
	f.Requester = v.UserID.String() == r.Subject.UserID || v.UserID.String() == r.Creator.ID
	if !f.Requester {
		if subject, err := uuid.Parse(r.Subject.EmployeeID); err == nil {
			if f.Requester, err = requestsproj.Manages(ctx, tx, v.EmployeeID, subject, false); err != nil {
				return Actions{}, err
			}
		}
	}
	if s, ok := r.CurrentStep(); ok && doc.CurrentStep != nil && doc.CurrentStep.LockedToAbsent {
		f.Absent[s.Designated.ID] = true
	}
	now := time.Now()
	ok := func(_ []rq.Event, err error) bool { return err == nil }
	cur := r.Current()
	a := Actions{
		Editar:               ok(r.Edit(r.Fields, f, rq.Actor{}, now)),
		Remover:              ok(r.Remove(f, now)),
		Enviar:               ok(r.Send(nil, f, now)),
		Aprovar:              ok(r.Approve(rq.Decide{Step: cur, Facts: f}, now)),
		Reprovar:             ok(r.Reject(rq.Decide{Step: cur, Comment: "-", Facts: f}, now)),
		Bloquear:             ok(r.Lock("", f, now)),
		Desbloquear:          ok(r.Unlock("", f, now)),
		ConfirmarRecebimento: ok(r.ConfirmReceipt("", f, now)),
		Entregar:             []string{},
	}
	if n := len(r.Decisions); n > 0 {
		a.Desfazer = ok(r.Undo(rq.Decide{Step: r.Decisions[n-1].Step, Facts: f}, now))
	}
	for _, s := range []rq.Delivery{rq.Delivered, rq.PartiallyDeliv, rq.NotDelivered, rq.DeliveryCancelled} {
		if ok(r.ChangeDelivery(s, "", f, now)) {
			a.Entregar = append(a.Entregar, string(s))
		}
	}
	return a, nil
}
