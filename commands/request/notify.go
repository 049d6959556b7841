package request

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/notification"
	rq "portal/domain/request"
	"portal/domain/vacation"
	"portal/eventstore"
)

// loadChain is the chain a request of origin takes when sent now: the tenant's configured
// steps for the type or the default (manager, then HR), with the subject's manager on the
// manager step.
func LoadChain(ctx context.Context, facts Facts, tenant uuid.UUID, origin rq.Origin, subjectEmployee string) ([]rq.Step, error) {
	config, manager, err := facts.Chain(ctx, tenant, origin, subjectEmployee)
	if err != nil {
		return nil, err
	}
	return rq.BuildChain(config, manager), nil
}

// Notices in the recipient's language (the notification's text is shown as it is stored).
var noticeTexts = map[string]map[string]string{
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

// WithoutNotices returns a context in which request commands append their events under
// QuietCorrelation, for which process.RequestNotices sends no notices. The seed uses it: demo
// requests filed at start-up must not fill the demo users' notification panels.
func WithoutNotices(ctx context.Context) context.Context {
	return context.WithValue(ctx, quietKey{}, true)
}

// QuietCorrelation is the correlation id of the request events appended under WithoutNotices.
var QuietCorrelation = uuid.NewSHA1(uuid.NameSpaceOID, []byte("portal/requests/without-notices"))

// requestMeta is metaOf for a request command, under QuietCorrelation in a WithoutNotices
// context.
func requestMeta(ctx context.Context, c commands.RequestCaller, stream, commandID string) eventstore.Meta {
	meta := commands.MetaOf(c.Tenant, c.UserID, stream, commandID)
	if quiet, _ := ctx.Value(quietKey{}).(bool); quiet {
		meta.CorrelationID = QuietCorrelation
	}
	return meta
}

// NoticeFacts is what Notices reads (PoolFacts implements it).
type NoticeFacts interface {
	// Users are the users among ids (user ids as text), keyed by id.
	Users(ctx context.Context, tenant uuid.UUID, ids []string) (map[string]commands.Recipient, error)
	// Approvers are who may decide step on day (at most maxNotified).
	Approvers(ctx context.Context, tenant uuid.UUID, step rq.Step, day time.Time) ([]commands.Recipient, error)
}

// Notices are the notices a request command's events mean for people (docs/api.md
// "Live push"): to the approvers of the step the request reached, and to the subject of a
// decision or a delivery change. r is the request after the events, sender the user who
// caused them and at when. process.RequestNotices appends them after the command, from the
// log; their ids derive from the command's id, so a command seen again notifies nobody twice.
// A notice whose text cannot be built is logged and left out.
func Notices(ctx context.Context, facts NoticeFacts, tenant, sender uuid.UUID, commandID string,
	r *rq.Request, events []rq.Event, at time.Time) ([]eventstore.StreamAppend, error) {
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
		return nil, nil
	}
	var ids []string
	for _, n := range notices {
		ids = append(ids, n.users...)
	}
	users, err := facts.Users(ctx, tenant, ids)
	if err != nil {
		return nil, err
	}
	if step != nil {
		approvers, err := facts.Approvers(ctx, tenant, *step, at)
		if err != nil {
			return nil, err
		}
		waiting := notice{kind: "waiting", link: "/apps/requestApprover/waiting/" + id}
		for _, a := range approvers {
			users[a.ID.String()] = a
			waiting.users = append(waiting.users, a.ID.String())
		}
		notices = append(notices, waiting)
	}
	var parts []eventstore.StreamAppend
	for _, n := range notices {
		for _, u := range n.users {
			to, ok := users[u]
			if !ok || u == sender.String() {
				continue
			}
			part, err := noticePart(tenant, sender, commandID, to, n.kind, n.link, r.Origin, r.Fields.Title, at)
			if err != nil {
				slog.Warn("request notice", "request", id, "user", u, "err", err)
				continue
			}
			parts = append(parts, part)
		}
	}
	return parts, nil
}

func noticePart(tenant, sender uuid.UUID, commandID string, to commands.Recipient, kind, link string, origin rq.Origin, title string, at time.Time) (eventstore.StreamAppend, error) {
	user := to.ID.String()
	if start, days, ok := vacation.ParseTitle(title); ok && origin == rq.Ferias {
		title = vacation.Title(to.Lang, start, days) // the request keeps it in Portuguese
	}
	texts := noticeTexts[kind]
	text, ok := texts[to.Lang]
	if !ok {
		text = texts["pt"]
	}
	content, err := notification.Content{
		Message: fmt.Sprintf(text, commands.TruncateRunes(title, 200)),
		Options: notification.Options{Variant: notification.Info, Classification: notification.Plain, Link: link},
	}.Normalize()
	if err != nil {
		return eventstore.StreamAppend{}, err
	}
	// A new notification depends on nothing in the inbox but its own id, which is derived from
	// this command: it is decided on an empty inbox and appended at the stream's end (Any),
	// so a busy approver's inbox is neither re-read nor contended, and a retried command's
	// notice is a duplicate the store ignores.
	noticeCmd := commandID + "/notice/" + kind + "/" + user
	stream := notification.Stream(to.ID)
	nid := commands.DeriveID(tenant, stream, noticeCmd, "notification")
	events, err := notification.New().Create(notification.Create{ID: nid.String(), UserID: user, UserHash: to.Hash,
		SenderID: sender.String(), Content: content}, at.UTC().Truncate(time.Microsecond))
	if err != nil {
		return eventstore.StreamAppend{}, err
	}
	data, err := commands.EncodeNotification(commands.EventID(tenant, stream, noticeCmd, 0), events[0])
	return eventstore.StreamAppend{Meta: commands.MetaOf(tenant, sender, stream, noticeCmd), Stream: stream,
		Expected: eventstore.Any, Events: []eventstore.EventData{data}}, err
}
