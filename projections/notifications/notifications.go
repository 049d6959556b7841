package notifications

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/notification"
	"portal/eventstore"
	"portal/projections"
	"portal/push"
)

// Notifications projects the notification.* events into the notifications read model
// (migrations/00007_notifications.sql) and tells the recipient's browsers: topic
// "notification" with the new notification when one is created (the web app shows it as a
// toast and in the panel), "notification.changed" with the new flags when notifications are
// displayed or dismissed (so the user's other tabs follow).
//
// A batch is written with one INSERT for the created notifications and one UPDATE for the
// flags, whatever its size. Flags only ever turn on, so the flags of a batch are folded per
// notification in log order (the first time sets the time) and a notification created in
// the same batch is inserted with them already set.
type Notifications struct{}

var _ projections.Projection = Notifications{}

// New returns the notifications projection.
func New() *Notifications { return &Notifications{} }

// Push topics of the notifications (docs/api.md "Live push").
const (
	Topic        = "notification"
	ChangedTopic = "notification.changed"
)

// Name implements Projection.
func (Notifications) Name() string { return "notifications" }

// Areas implements Selective.
func (Notifications) Areas() []string { return []string{"notification."} }

// Reset implements Projection.
func (Notifications) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, Notifications{}.Tables())
}

// Tables implements Tabled.
func (Notifications) Tables() []string { return []string{"notifications"} }

// Notification is a notification as GET notification-app lists it and as the
// "notification" push carries it (spec portal-core §3: id, message, options, dismissed,
// displayed).
type Notification struct {
	ID        uuid.UUID `json:"id"`
	Message   string    `json:"message"`
	Options   Options   `json:"options"`
	Dismissed bool      `json:"dismissed"`
	Displayed bool      `json:"displayed"`
	CreatedAt time.Time `json:"createdAt"`
}

// Options are a notification's options.
type Options struct {
	Variant        string `json:"variant"`        // success, info, warning, error
	Classification int    `json:"classification"` // 1 wrote, 2 requested, 3 plain
	From           string `json:"from"`
	Header         string `json:"header"`
	Link           string `json:"link"`
}

// Changed is the data of a "notification.changed" push: the notifications
// whose flags changed, with their flags now.
type Changed struct {
	Changes []Flags `json:"changes"`
}

// Flags are a notification's flags.
type Flags struct {
	ID        uuid.UUID `json:"id"`
	Displayed bool      `json:"displayed"`
	Dismissed bool      `json:"dismissed"`
}

type notificationKey struct{ tenant, id uuid.UUID }

// flagOp is the folded flag changes of one notification in a batch.
type flagOp struct {
	displayed, dismissed     bool
	displayedAt, dismissedAt time.Time
}

type createdRow struct {
	tenant, user, sender uuid.UUID
	n                    Notification
	cursor               eventstore.Cursor
}

// Apply implements Projection.
func (Notifications) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	var (
		created []createdRow
		flags   projections.Folds[notificationKey, flagOp]
		cursors = map[notificationKey]eventstore.Cursor{} // the last flag event of each notification
	)
	flag := func(e eventstore.RecordedEvent, id string, set func(*flagOp)) error {
		nid, err := projections.ParseID(e, "notification id", id)
		if err != nil {
			return err
		}
		k := notificationKey{e.Tenant, nid}
		set(flags.At(k))
		cursors[k] = e.Cursor
		return nil
	}
	for _, e := range events {
		var err error
		switch e.Type {
		case notification.TypeCreated:
			var row createdRow
			if row, err = decodeCreated(e); err == nil {
				created = append(created, row)
			}
		case notification.TypeDisplayed:
			var d notification.DisplayedData
			if err = projections.DecodeData(e, &d); err == nil {
				err = flag(e, d.ID, func(op *flagOp) {
					if !op.displayed {
						op.displayed, op.displayedAt = true, projections.OrRecorded(d.DisplayedAt, e)
					}
				})
			}
		case notification.TypeDismissed, notification.TypeAllDismissed:
			var ids []string
			var at time.Time
			if e.Type == notification.TypeDismissed {
				var d notification.DismissedData
				err = projections.DecodeData(e, &d)
				ids, at = []string{d.ID}, d.DismissedAt
			} else {
				var d notification.AllDismissedData
				err = projections.DecodeData(e, &d)
				ids, at = d.IDs, d.DismissedAt
			}
			if err != nil {
				break
			}
			for _, id := range ids {
				if err = flag(e, id, func(op *flagOp) {
					if !op.dismissed {
						op.dismissed, op.dismissedAt = true, projections.OrRecorded(at, e)
					}
				}); err != nil {
					break
				}
			}
		}
		if err != nil {
			return err
		}
	}
	if err := insertNotifications(ctx, tx, created, &flags); err != nil {
		return err
	}
	return updateNotificationFlags(ctx, tx, &flags, cursors)
}

// decodeCreated reads notification.created.v1 (commands/notification/create.go).
func decodeCreated(e eventstore.RecordedEvent) (createdRow, error) {
	var d notification.CreatedData
	if err := projections.DecodeData(e, &d); err != nil {
		return createdRow{}, err
	}
	id, user, err := projections.UsersEvent(e, "notification", d.ID, d.UserID)
	if err != nil {
		return createdRow{}, err
	}
	sender, err := uuid.Parse(d.SenderID)
	if err != nil || sender == uuid.Nil {
		sender = user
	}
	o := d.Options
	return createdRow{
		tenant: e.Tenant, user: user, sender: sender, cursor: e.Cursor,
		n: Notification{ID: id, Message: d.Message, CreatedAt: projections.OrRecorded(d.CreatedAt, e), Options: Options{
			Variant: o.Variant, Classification: o.Classification, From: o.From, Header: o.Header, Link: o.Link}},
	}, nil
}

const insertNotificationsSQL = `
INSERT INTO notifications (tenant_id, id, user_id, sender_id, message, variant, classification, from_name, header, link,
                           created_at, displayed, displayed_at, dismissed, dismissed_at, position)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::smallint[], $8::text[],
                     $9::text[], $10::text[], $11::timestamptz[], $12::boolean[], $13::timestamptz[], $14::boolean[],
                     $15::timestamptz[], $16::bigint[])
ON CONFLICT (tenant_id, id) DO NOTHING`

// insertNotifications writes the created notifications, with the flags their batch already
// set, and pushes the new ones to their recipients in log order. A notification already
// projected (a redelivered batch) is left alone and not pushed again.
func insertNotifications(ctx context.Context, tx pgx.Tx, rows []createdRow, flags *projections.Folds[notificationKey, flagOp]) error {
	if len(rows) == 0 {
		return nil
	}
	n := len(rows)
	var (
		tenants, ids, users, senders = make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
		messages, variants, froms    = make([]string, n), make([]string, n), make([]string, n)
		headers, links               = make([]string, n), make([]string, n)
		classes                      = make([]int16, n)
		createdAt                    = make([]time.Time, n)
		displayed, dismissed         = make([]bool, n), make([]bool, n)
		displayedAt, dismissedAt     = make([]*time.Time, n), make([]*time.Time, n)
		positions                    = make([]int64, n)
		byID                         = make(map[notificationKey]int, n)
	)
	for i := range rows {
		r := &rows[i]
		k := notificationKey{r.tenant, r.n.ID}
		byID[k] = i
		if op := flags.Get(k); op != nil {
			if op.displayed {
				r.n.Displayed, displayedAt[i] = true, &op.displayedAt
			}
			if op.dismissed {
				r.n.Dismissed, dismissedAt[i] = true, &op.dismissedAt
			}
		}
		o := r.n.Options
		tenants[i], ids[i], users[i], senders[i] = projections.PgUUID(r.tenant), projections.PgUUID(r.n.ID), projections.PgUUID(r.user), projections.PgUUID(r.sender)
		messages[i], variants[i], classes[i], froms[i], headers[i], links[i] = r.n.Message, o.Variant, int16(o.Classification), o.From, o.Header, o.Link
		createdAt[i], displayed[i], dismissed[i], positions[i] = r.n.CreatedAt, r.n.Displayed, r.n.Dismissed, r.cursor.Position
	}
	args := []any{tenants, ids, users, senders, messages, variants, classes, froms, headers, links,
		createdAt, displayed, displayedAt, dismissed, dismissedAt, positions}
	if push.Muted(ctx) {
		// A rebuild pushes nothing, so it needs no RETURNING.
		if _, err := tx.Exec(ctx, insertNotificationsSQL, args...); err != nil {
			return fmt.Errorf("notifications: %w", err)
		}
		return nil
	}
	res, err := tx.Query(ctx, insertNotificationsSQL+` RETURNING tenant_id, id`, args...)
	if err != nil {
		return fmt.Errorf("notifications: %w", err)
	}
	inserted, err := pgx.CollectRows(res, func(r pgx.CollectableRow) (int, error) {
		var k notificationKey
		if err := r.Scan(&k.tenant, &k.id); err != nil {
			return 0, err
		}
		return byID[k], nil
	})
	if err != nil {
		return fmt.Errorf("notifications: %w", err)
	}
	slices.Sort(inserted) // rows are in log order; RETURNING has no order
	msgs := make([]push.Message, len(inserted))
	for j, i := range inserted {
		r := rows[i]
		msgs[j] = push.Message{Tenant: r.tenant, User: r.user, Topic: Topic, Data: r.n, Event: r.cursor}
	}
	return push.Publish(ctx, tx, msgs...)
}

// updateNotificationFlags turns flags on and tells each user which of their notifications
// changed, in one message per user placed at the user's last flag event of the batch.
// Notifications whose flags were already on (a redelivered batch, or inserted with them
// above) are not touched and not pushed.
func updateNotificationFlags(ctx context.Context, tx pgx.Tx, flags *projections.Folds[notificationKey, flagOp], cursors map[notificationKey]eventstore.Cursor) error {
	if len(flags.Keys) == 0 {
		return nil
	}
	n := len(flags.Keys)
	tenants, ids := make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	displayed, dismissed := make([]bool, n), make([]bool, n)
	displayedAt, dismissedAt := make([]*time.Time, n), make([]*time.Time, n)
	for i, k := range flags.Keys {
		op := flags.At(k)
		tenants[i], ids[i] = projections.PgUUID(k.tenant), projections.PgUUID(k.id)
		displayed[i], dismissed[i] = op.displayed, op.dismissed
		if op.displayed {
			displayedAt[i] = &op.displayedAt
		}
		if op.dismissed {
			dismissedAt[i] = &op.dismissedAt
		}
	}
	rows, err := tx.Query(ctx, `
UPDATE notifications n SET
    displayed_at = CASE WHEN u.displayed AND NOT n.displayed THEN u.displayed_at ELSE n.displayed_at END,
    displayed    = n.displayed OR u.displayed,
    dismissed_at = CASE WHEN u.dismissed AND NOT n.dismissed THEN u.dismissed_at ELSE n.dismissed_at END,
    dismissed    = n.dismissed OR u.dismissed
FROM unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::timestamptz[], $5::boolean[], $6::timestamptz[])
     AS u(tenant_id, id, displayed, displayed_at, dismissed, dismissed_at)
WHERE n.tenant_id = u.tenant_id AND n.id = u.id
  AND ((u.displayed AND NOT n.displayed) OR (u.dismissed AND NOT n.dismissed))
RETURNING n.tenant_id, n.user_id, n.id, n.displayed, n.dismissed`,
		tenants, ids, displayed, displayedAt, dismissed, dismissedAt)
	if err != nil {
		return fmt.Errorf("notifications flags: %w", err)
	}
	type changed struct {
		tenant, user uuid.UUID
		flags        Flags
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (changed, error) {
		var c changed
		return c, r.Scan(&c.tenant, &c.user, &c.flags.ID, &c.flags.Displayed, &c.flags.Dismissed)
	})
	if err != nil {
		return fmt.Errorf("notifications flags: %w", err)
	}
	if len(list) == 0 || push.Muted(ctx) {
		return nil
	}
	// Group per user, notifications in the order the batch first touched them.
	rank := make(map[notificationKey]int, n)
	for i, k := range flags.Keys {
		rank[k] = i
	}
	slices.SortFunc(list, func(a, b changed) int {
		return rank[notificationKey{a.tenant, a.flags.ID}] - rank[notificationKey{b.tenant, b.flags.ID}]
	})
	type userKey struct{ tenant, user uuid.UUID }
	var users []userKey
	per := map[userKey]*push.Message{}
	for _, c := range list {
		uk := userKey{c.tenant, c.user}
		cur := cursors[notificationKey{c.tenant, c.flags.ID}]
		m, ok := per[uk]
		if !ok {
			m = &push.Message{Tenant: c.tenant, User: c.user, Topic: ChangedTopic, Data: &Changed{}, Event: cur}
			per[uk] = m
			users = append(users, uk)
		}
		if m.Event.Before(cur) {
			m.Event = cur
		}
		data := m.Data.(*Changed)
		data.Changes = append(data.Changes, c.flags)
	}
	msgs := make([]push.Message, len(users))
	for i, uk := range users {
		msgs[i] = *per[uk]
	}
	slices.SortStableFunc(msgs, func(a, b push.Message) int { return a.Event.Compare(b.Event) })
	return push.Publish(ctx, tx, msgs...)
}

// Unread counts a user's notifications not dismissed (tx a tenant transaction).
func (Notifications) Unread(ctx context.Context, tx pgx.Tx, user uuid.UUID) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM notifications WHERE tenant_id = app_tenant() AND user_id = $1 AND NOT dismissed`,
		user).Scan(&n)
	return n, err
}

// List returns a user's notifications not dismissed, newest first, at most limit. tx must
// be a tenant transaction (db.InTenant): row-level security keeps other tenants out.
func (Notifications) List(ctx context.Context, tx pgx.Tx, user uuid.UUID, limit int) ([]Notification, error) {
	rows, err := tx.Query(ctx, `
SELECT id, message, variant, classification, from_name, header, link, dismissed, displayed, created_at
FROM notifications
WHERE tenant_id = app_tenant() AND user_id = $1 AND NOT dismissed
ORDER BY created_at DESC, position DESC
LIMIT $2`, user, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Notification, error) {
		var n Notification
		var class int16
		err := r.Scan(&n.ID, &n.Message, &n.Options.Variant, &class, &n.Options.From, &n.Options.Header, &n.Options.Link,
			&n.Dismissed, &n.Displayed, &n.CreatedAt)
		n.Options.Classification = int(class)
		return n, err
	})
}

// Projections are the read models of the area for the runner: the notifications.
func Projections() []projections.Projection {
	return []projections.Projection{New()}
}
