package commands

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/domain/notification"
	rq "portal/domain/request"
	"portal/eventstore"
)

// loadChain is the chain a request of origin takes when sent now: the tenant's configured
// steps for the type (table request_chains) or the default (manager, then HR), with the
// subject's manager on the manager step.
func loadChain(ctx context.Context, pool *pgxpool.Pool, tenant uuid.UUID, origin rq.Origin, subjectEmployee string) ([]rq.Step, error) {
	var manager rq.Actor
	err := pool.QueryRow(ctx, `
SELECT coalesce((SELECT u.id::text FROM employees e JOIN users u ON u.tenant_id = e.tenant_id AND u.employee_id = e.manager_id
                 WHERE e.tenant_id = $1 AND e.id::text = $2 AND u.active ORDER BY u.id LIMIT 1), ''),
       coalesce((SELECT u.hash FROM employees e JOIN users u ON u.tenant_id = e.tenant_id AND u.employee_id = e.manager_id
                 WHERE e.tenant_id = $1 AND e.id::text = $2 AND u.active ORDER BY u.id LIMIT 1), '')`,
		tenant, subjectEmployee).Scan(&manager.ID, &manager.Hash)
	if err != nil {
		return nil, err
	}
	rows, err := pool.Query(ctx, `
SELECT c.kind, c.label, c.role, coalesce(u.id::text, ''), coalesce(u.hash, '')
FROM request_chains c LEFT JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.designated_user_id
WHERE c.tenant_id = $1 AND c.origin = $2 ORDER BY c.position`, tenant, int(origin))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var config []rq.ChainStep
	for rows.Next() {
		var c rq.ChainStep
		var kind string
		if err := rows.Scan(&kind, &c.Label, &c.Role, &c.Designated.ID, &c.Designated.Hash); err != nil {
			return nil, err
		}
		c.Kind = rq.StepKind(kind)
		config = append(config, c)
	}
	if err := rows.Err(); err != nil {
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

// maxNotified bounds the notices one step sends (a role may have many holders).
const maxNotified = 50

// notifyRequest tells people what the command's events mean for them (docs/api.md "Live
// push"): the approvers of the step the request reached, and the subject of a decision or a
// delivery change. Each notice is a notification command of its own, idempotent by an id
// derived from this command's, so a retried command notifies nobody twice. A failure is
// logged, not returned: the request's events are already stored and the lists update
// through the projection's push anyway.
func notifyRequest(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now func() time.Time,
	caller RequestCaller, commandID string, r *rq.Request, events []rq.Event) {
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
	if s, ok := r.CurrentStep(); reached && ok {
		users, err := stepApprovers(ctx, pool, caller.Tenant, s, now())
		if err != nil {
			slog.Warn("request notice: approvers", "request", id, "err", err)
		}
		notices = append(notices, notice{users, "waiting", "/apps/requestApprover/waiting/" + id})
	}
	for _, n := range notices {
		for _, u := range n.users {
			if u == "" || u == caller.UserID.String() {
				continue
			}
			if err := sendNotice(ctx, pool, store, now, caller, commandID, u, n.kind, n.link, r.Fields.Title); err != nil {
				slog.Warn("request notice", "request", id, "user", u, "err", err)
			}
		}
	}
}

// stepApprovers are the users who may decide step s today: the designated approver, and,
// when nobody is designated or the designated approver is absent, the holders of the
// step's role.
func stepApprovers(ctx context.Context, pool *pgxpool.Pool, tenant uuid.UUID, s rq.Step, now time.Time) ([]string, error) {
	var users []string
	if !s.Designated.IsZero() {
		users = append(users, s.Designated.ID)
		var absent bool
		err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT FROM approver_absences WHERE tenant_id = $1 AND user_id::text = $2
AND $3::date BETWEEN starts_on AND ends_on)`, tenant, s.Designated.ID, now.UTC().Format(time.DateOnly)).Scan(&absent)
		if err != nil || !absent {
			return users, err
		}
	}
	rows, err := pool.Query(ctx, `SELECT id::text FROM users WHERE tenant_id = $1 AND active AND $2 = ANY(roles) ORDER BY id LIMIT $3`,
		tenant, s.Role, maxNotified)
	if err != nil {
		return users, err
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return users, err
		}
		users = append(users, u)
	}
	return users, rows.Err()
}

func sendNotice(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now func() time.Time,
	caller RequestCaller, commandID, user, kind, link, title string) error {
	to, err := uuid.Parse(user)
	if err != nil {
		return err
	}
	var hash, lang string
	if err := pool.QueryRow(ctx, `SELECT hash, language FROM users WHERE tenant_id = $1 AND id = $2`, caller.Tenant, to).Scan(&hash, &lang); err != nil {
		return err
	}
	texts := requestNotices[kind]
	text, ok := texts[lang]
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
	noticeCmd := commandID + "/notice/" + kind + "/" + user
	nid := DeriveID(caller.Tenant, NotificationStream(to), noticeCmd, "notification")
	_, err = decideInbox(ctx, store, now, inboxCommand{commandID: noticeCmd, tenant: caller.Tenant, actor: caller.UserID, owner: to},
		func(b *notification.Inbox, at time.Time) ([]notification.Event, error) {
			return b.Create(notification.Create{ID: nid.String(), UserID: user, UserHash: hash, SenderID: caller.UserID.String(), Content: content}, at)
		})
	return err
}
