package commands

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"portal/domain/notification"
	rq "portal/domain/request"
	"portal/eventstore"
)

// loadChain is the chain a request of origin takes when sent now: the tenant's configured
// steps for the type or the default (manager, then HR), with the subject's manager on the
// manager step.
func loadChain(ctx context.Context, facts RequestFacts, tenant uuid.UUID, origin rq.Origin, subjectEmployee string) ([]rq.Step, error) {
	config, manager, err := facts.Chain(ctx, tenant, origin, subjectEmployee)
	if err != nil {
		return nil, err
	}
	return rq.BuildChain(config, manager), nil
}

// Notices in the recipient's language (the notification's text is shown as it is stored).
var requestNotices = map[string]map[string]string{
	"waiting": {"pt": "A solicitação \"%s\" aguarda a sua aprovação.", "en": "The request \"%s\" is waiting for your approval.",
		"es": "La solicitud \"%s\" espera su aprobación."},
	"approved": {"pt": "Sua solicitação \"%s\" foi aprovada.", "en": "Your request \"%s\" was approved.",
		"es": "Su solicitud \"%s\" fue aprobada."},
	"step_approved": {"pt": "Sua solicitação \"%s\" avançou para a próxima aprovação.", "en": "Your request \"%s\" moved on to the next approval.",
		"es": "Su solicitud \"%s\" avanzó a la siguiente aprobación."},
	"rejected": {"pt": "Sua solicitação \"%s\" foi reprovada.", "en": "Your request \"%s\" was rejected.",
		"es": "Su solicitud \"%s\" fue rechazada."},
	"delivery": {"pt": "A entrega da sua solicitação \"%s\" foi atualizada.", "en": "The delivery of your request \"%s\" was updated.",
		"es": "La entrega de su solicitud \"%s\" fue actualizada."},
}

type quietKey struct{}

// WithoutNotices returns a context in which request commands send no notices. The seed uses
// it: demo requests filed at start-up must not fill the demo users' notification panels.
func WithoutNotices(ctx context.Context) context.Context {
	return context.WithValue(ctx, quietKey{}, true)
}

// maxNotified bounds the notices one step sends (a role may have many holders).
const maxNotified = 50

// notifyRequest tells people what the command's events mean for them (docs/api.md "Live
// push"): the approvers of the step the request reached, and the subject of a decision or a
// delivery change. Each notice is a notification command of its own, idempotent by an id
// derived from this command's, so a retried command notifies nobody twice. A failure is
// logged, not returned: the request's events are already stored and the lists update
// through the projection's push anyway.
func notifyRequest(ctx context.Context, facts RequestFacts, store eventstore.Store, now func() time.Time,
	caller RequestCaller, commandID string, r *rq.Request, events []rq.Event) {
	if quiet, _ := ctx.Value(quietKey{}).(bool); quiet {
		return
	}
	type notice struct {
		users []string
		kind  string
		link  string
	}
	var notices []notice
	id := r.ID
	reached := false
	for _, e := range events {
		switch e := e.(type) {
		case rq.Sent, rq.DecisionUndone:
			reached = true
		case rq.StepApproved:
			if e.Final {
				notices = append(notices, notice{[]string{r.Subject.UserID}, "approved", "/apps/request/all/" + id})
			} else {
				reached = true
				notices = append(notices, notice{[]string{r.Subject.UserID}, "step_approved", "/apps/request/all/" + id})
			}
		case rq.StepRejected:
			notices = append(notices, notice{[]string{r.Subject.UserID}, "rejected", "/apps/request/all/" + id})
		case rq.DeliveryChanged:
			notices = append(notices, notice{[]string{r.Subject.UserID}, "delivery", "/apps/request/all/" + id})
		}
	}
	var step *rq.Step
	if s, ok := r.CurrentStep(); reached && ok {
		step = &s
	}
	if len(notices) == 0 && step == nil {
		return
	}
	var ids []string
	for _, n := range notices {
		ids = append(ids, n.users...)
	}
	users, approvers, err := facts.Recipients(ctx, caller.Tenant, ids, step, now())
	if err != nil {
		slog.Warn("request notice: users", "request", id, "err", err)
		return
	}
	if step != nil {
		notices = append(notices, notice{approvers, "waiting", "/apps/requestApprover/waiting/" + id})
	}
	for _, n := range notices {
		for _, u := range n.users {
			to, ok := users[u]
			if !ok || u == caller.UserID.String() {
				continue
			}
			if err := sendNotice(ctx, store, now, caller, commandID, to, n.kind, n.link, r.Fields.Title); err != nil {
				slog.Warn("request notice", "request", id, "user", u, "err", err)
			}
		}
	}
}

func sendNotice(ctx context.Context, store eventstore.Store, now func() time.Time,
	caller RequestCaller, commandID string, to Recipient, kind, link, title string) error {
	user := to.ID.String()
	texts := requestNotices[kind]
	text, ok := texts[to.Lang]
	if !ok {
		text = texts["pt"]
	}
	content, err := notification.Content{
		Message: fmt.Sprintf(text, truncateRunes(title, 200)),
		Options: notification.Options{Variant: notification.Info, Classification: notification.Plain, Link: link},
	}.Normalize()
	if err != nil {
		return err
	}
	// A new notification depends on nothing in the inbox but its own id, which is derived from
	// this command: it is decided on an empty inbox and appended at the stream's end (Any),
	// so a busy approver's inbox is neither re-read nor contended, and a retried command's
	// notice is a duplicate the store ignores.
	noticeCmd := commandID + "/notice/" + kind + "/" + user
	stream := NotificationStream(to.ID)
	nid := DeriveID(caller.Tenant, stream, noticeCmd, "notification")
	events, err := notification.New().Create(notification.Create{ID: nid.String(), UserID: user, UserHash: to.Hash,
		SenderID: caller.UserID.String(), Content: content}, now().UTC().Truncate(time.Microsecond))
	if err != nil {
		return err
	}
	data, err := encodeNotification(eventID(caller.Tenant, stream, noticeCmd, 0), events[0])
	if err != nil {
		return err
	}
	_, err = store.Append(ctx, metaOf(caller.Tenant, caller.UserID, stream, noticeCmd), stream, eventstore.Any, data)
	return err
}
