package notifications_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	notificationcmd "portal/commands/notification"
	"portal/domain/notification"
	"portal/eventstore"
	"portal/platform/db"
	"portal/platform/pgtest"
	"portal/projections"
	notificationsproj "portal/projections/notifications"
	"portal/projections/projtest"
)

var notifyNow = time.Date(2024, 5, 10, 12, 30, 15, 0, time.UTC)

// notifyUser makes a user without an employee record, in tenant (a new one when nil).
func notifyUser(t *testing.T, d *pgtest.DB, tenant *clocktest.Tenant, roles ...string) clocktest.Person {
	t.Helper()
	ctx := context.Background()
	if tenant == nil {
		tn, err := clocktest.NewTenant(ctx, d.Pool)
		if err != nil {
			t.Fatal(err)
		}
		tenant = &tn
	}
	p, err := tenant.NewPerson(ctx, d.Pool, clocktest.Options{NoEmployee: true, Roles: roles})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func tenantOf(p clocktest.Person) *clocktest.Tenant {
	return &clocktest.Tenant{ID: p.Tenant, AccessCode: p.AccessCode}
}

// notifyCreate creates a notification through the real command handler, at notifyNow+i s.
func notifyCreate(t *testing.T, d *pgtest.DB, store eventstore.Store, sender clocktest.Person, roles []string, to, id, msg string, i int) uuid.UUID {
	t.Helper()
	h, err := notificationcmd.NewCreateHandler(commands.PoolFacts{Pool: d.Pool}, store, func() time.Time { return notifyNow.Add(time.Duration(i) * time.Second) })
	if err != nil {
		t.Fatal(err)
	}
	n, err := h.Handle(context.Background(), notificationcmd.Create{
		CommandID: id, Tenant: sender.Tenant, SenderID: sender.UserID, SenderHash: sender.UserHash, SenderRoles: roles,
		Draft: notification.Draft{ToUserHash: to, Content: notification.Content{Message: msg,
			Options: notification.Options{Variant: notification.Success, Classification: notification.Requested, Link: "/apps/request"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return n.ID
}

func notifyApply(t *testing.T, d *pgtest.DB, events []eventstore.RecordedEvent) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
		return notificationsproj.New().Apply(context.Background(), tx, events)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func notifyStream(t *testing.T, store eventstore.Store, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := store.ReadStream(context.Background(), p.Tenant, notification.Stream(p.UserID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// notifyList reads as the API does: as portal_app in the tenant.
func notifyList(t *testing.T, d *pgtest.DB, tenant, user uuid.UUID) []notificationsproj.Notification {
	t.Helper()
	var list []notificationsproj.Notification
	ctx := context.Background()
	err := db.InTenant(ctx, d.Pool, tenant.String(), func(tx pgx.Tx) error {
		var err error
		list, err = notificationsproj.Notifications{}.List(ctx, tx, user, 100)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// The same normalisation jsonb applies.
	var x any
	_ = json.Unmarshal(b, &x)
	b, _ = json.Marshal(x)
	return string(b)
}

func TestNotificationsProjectsAndPushes(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	admin := notifyUser(t, d, nil, auth.RoleHRAdmin)
	ana := notifyUser(t, d, tenantOf(admin))
	first := notifyCreate(t, d, store, admin, []string{auth.RoleHRAdmin}, ana.UserHash, "c1", "Primeira", 0)
	second := notifyCreate(t, d, store, admin, []string{auth.RoleHRAdmin}, ana.UserHash, "c2", "Segunda", 1)
	events := notifyStream(t, store, ana)
	notifyApply(t, d, events)
	notifyApply(t, d, events) // a redelivered batch changes nothing and pushes nothing

	list := notifyList(t, d, ana.Tenant, ana.UserID)
	want := []notificationsproj.Notification{
		{ID: second, Message: "Segunda", CreatedAt: notifyNow.Add(time.Second), Options: notificationsproj.Options{
			Variant: "success", Classification: 2, From: "User " + admin.UserName, Link: "/apps/request"}},
		{ID: first, Message: "Primeira", CreatedAt: notifyNow, Options: notificationsproj.Options{
			Variant: "success", Classification: 2, From: "User " + admin.UserName, Link: "/apps/request"}},
	}
	for i := range list {
		list[i].CreatedAt = list[i].CreatedAt.UTC()
	}
	if !reflect.DeepEqual(list, want) {
		t.Fatalf("list\n got %+v\nwant %+v", list, want)
	}
	if other := notifyList(t, d, admin.Tenant, admin.UserID); len(other) != 0 {
		t.Fatalf("the sender's list %+v", other)
	}

	// Displayed, then dismissed, in later batches: the flags change and the user is told.
	displayed, _ := notificationcmd.NewInboxes(store, func() time.Time { return notifyNow.Add(time.Minute) })
	dismiss, _ := notificationcmd.NewInboxes(store, func() time.Time { return notifyNow.Add(2 * time.Minute) })
	if _, err := displayed.MarkDisplayed(ctx, notificationcmd.InboxCommand{CommandID: "d1", Tenant: ana.Tenant, UserID: ana.UserID}, second); err != nil {
		t.Fatal(err)
	}
	notifyApply(t, d, notifyStream(t, store, ana)[2:])
	if err := dismiss.Dismiss(ctx, notificationcmd.InboxCommand{CommandID: "x1", Tenant: ana.Tenant, UserID: ana.UserID}, first); err != nil {
		t.Fatal(err)
	}
	all := notifyStream(t, store, ana)
	notifyApply(t, d, all[3:])
	notifyApply(t, d, all) // everything again: nothing changes, nothing is projtest.Pushed

	list = notifyList(t, d, ana.Tenant, ana.UserID)
	if len(list) != 1 || list[0].ID != second || !list[0].Displayed || list[0].Dismissed {
		t.Fatalf("list %+v", list)
	}
	var displayedAt, dismissedAt time.Time
	if err := d.Pool.QueryRow(ctx, `SELECT (SELECT displayed_at FROM notifications WHERE id = $1), (SELECT dismissed_at FROM notifications WHERE id = $2)`,
		second, first).Scan(&displayedAt, &dismissedAt); err != nil {
		t.Fatal(err)
	}
	if !displayedAt.Equal(notifyNow.Add(time.Minute)) || !dismissedAt.Equal(notifyNow.Add(2*time.Minute)) {
		t.Fatalf("displayed at %v, dismissed at %v", displayedAt, dismissedAt)
	}

	wantPush := []projtest.Pushed{
		{User: ana.UserID, Topic: "notification", Data: asJSON(t, want[1]), Pos: all[0].Position()},
		{User: ana.UserID, Topic: "notification", Data: asJSON(t, want[0]), Pos: all[1].Position()},
		{User: ana.UserID, Topic: "notification.changed", Data: asJSON(t, notificationsproj.Changed{Changes: []notificationsproj.Flags{{ID: second, Displayed: true}}}), Pos: all[2].Position()},
		{User: ana.UserID, Topic: "notification.changed", Data: asJSON(t, notificationsproj.Changed{Changes: []notificationsproj.Flags{{ID: first, Dismissed: true}}}), Pos: all[3].Position()},
	}
	got := projtest.Pushes(t, d, ana.Tenant)
	for i := range got {
		got[i].Data = projtest.NormJSON(got[i].Data)
	}
	if !reflect.DeepEqual(got, wantPush) {
		t.Fatalf("push messages\n got %+v\nwant %+v", got, wantPush)
	}
}

// TestNotificationsApplyFoldsABatch hands Apply hand-made batches: flags set in the batch
// that creates a notification are inserted with it; dismiss-all names its notifications;
// one "notification.changed" per user and batch.
func TestNotificationsApplyFoldsABatch(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	ctx := context.Background()
	tenant, user, other := uuid.New(), uuid.New(), uuid.New()
	n1, n2, n3, n4 := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	var pos int64
	ev := func(u uuid.UUID, typ, data string) eventstore.RecordedEvent {
		pos++
		return eventstore.RecordedEvent{ID: uuid.New(), Stream: notification.Stream(u), Tenant: tenant, Type: typ,
			Cursor: eventstore.Cursor{TxID: 1, Position: pos}, Data: json.RawMessage(data), RecordedAt: notifyNow}
	}
	created := func(u, id uuid.UUID, msg string) eventstore.RecordedEvent {
		return ev(u, notification.TypeCreated, fmt.Sprintf(`{"id":%q,"userId":%q,"userHash":"h","senderId":%q,"message":%q,
			"options":{"variant":"warning","classification":1,"from":"Helena","header":"","link":""},"createdAt":"2024-05-10T12:30:15Z"}`, id, u, u, msg))
	}
	flag := func(u uuid.UUID, typ string, id uuid.UUID) eventstore.RecordedEvent {
		return ev(u, typ, fmt.Sprintf(`{"id":%q,"displayedAt":"2024-05-10T13:00:00Z","dismissedAt":"2024-05-10T14:00:00Z"}`, id))
	}
	batch1 := []eventstore.RecordedEvent{
		created(user, n1, "um"), flag(user, notification.TypeDisplayed, n1), flag(user, notification.TypeDismissed, n1),
		created(user, n2, "dois"), created(user, n3, "três"), created(other, n4, "outro"),
		{ID: uuid.New(), Stream: "clock-x", Tenant: tenant, Type: "clock.mark_registered.v1", Data: json.RawMessage(`{}`)},
	}
	notifyApply(t, d, batch1)
	if list := notifyList(t, d, tenant, user); len(list) != 2 {
		t.Fatalf("after batch 1: %+v", list)
	}
	var dismissed, displayed bool
	if err := d.Pool.QueryRow(ctx, `SELECT dismissed, displayed FROM notifications WHERE id = $1`, n1).Scan(&dismissed, &displayed); err != nil || !dismissed || !displayed {
		t.Fatalf("n1 dismissed %v displayed %v %v", dismissed, displayed, err)
	}
	pushes := projtest.Pushes(t, d, tenant)
	if len(pushes) != 4 || pushes[0].Topic != "notification" || pushes[3].User != other {
		t.Fatalf("batch 1 pushes %+v", pushes)
	}
	var firstPush notificationsproj.Notification
	if err := json.Unmarshal([]byte(pushes[0].Data), &firstPush); err != nil || !firstPush.Dismissed || !firstPush.Displayed {
		t.Fatalf("the first notification is projtest.Pushed with its flags: %+v %v", firstPush, err)
	}

	all := ev(user, notification.TypeAllDismissed, fmt.Sprintf(`{"ids":[%q,%q,%q],"dismissedAt":"2024-05-10T15:00:00Z"}`, n1, n2, n3))
	batch2 := []eventstore.RecordedEvent{flag(user, notification.TypeDisplayed, n2), all, flag(other, notification.TypeDisplayed, n4)}
	notifyApply(t, d, batch2)
	if list := notifyList(t, d, tenant, user); len(list) != 0 {
		t.Fatalf("after dismiss-all: %+v", list)
	}
	if list := notifyList(t, d, tenant, other); len(list) != 1 || !list[0].Displayed {
		t.Fatalf("the other user's: %+v", list)
	}
	pushes = projtest.Pushes(t, d, tenant)[4:]
	want := []projtest.Pushed{
		{User: user, Topic: "notification.changed", Data: projtest.NormJSON(fmt.Sprintf(`{"changes":[{"id":%q,"displayed":true,"dismissed":true},{"id":%q,"displayed":false,"dismissed":true}]}`, n2, n3)), Pos: all.Position()},
		{User: other, Topic: "notification.changed", Data: projtest.NormJSON(fmt.Sprintf(`{"changes":[{"id":%q,"displayed":true,"dismissed":false}]}`, n4)), Pos: batch2[2].Position()},
	}
	for i := range pushes {
		pushes[i].Data = projtest.NormJSON(pushes[i].Data)
	}
	if !reflect.DeepEqual(pushes, want) {
		t.Fatalf("batch 2 pushes\n got %+v\nwant %+v", pushes, want)
	}
}

func TestNotificationsApplyRejectsBadEvents(t *testing.T) {
	t.Parallel()
	d, _ := projtest.DB(t)
	user := uuid.New()
	for name, e := range map[string]eventstore.RecordedEvent{
		"created_in_another_users_stream": {Stream: notification.Stream(uuid.New()), Type: notification.TypeCreated,
			Data: json.RawMessage(fmt.Sprintf(`{"id":%q,"userId":%q,"message":"x","options":{"variant":"info","classification":3}}`, uuid.New(), user))},
		"created_without_id": {Stream: notification.Stream(user), Type: notification.TypeCreated,
			Data: json.RawMessage(fmt.Sprintf(`{"userId":%q,"message":"x"}`, user))},
		"dismissed_with_a_bad_id": {Stream: notification.Stream(user), Type: notification.TypeDismissed, Data: json.RawMessage(`{"id":"x"}`)},
		"all_dismissed_not_json":  {Stream: notification.Stream(user), Type: notification.TypeAllDismissed, Data: json.RawMessage(`{"ids":`)},
	} {
		e.ID, e.Tenant = uuid.New(), uuid.New()
		err := pgx.BeginFunc(context.Background(), d.Pool, func(tx pgx.Tx) error {
			return notificationsproj.New().Apply(context.Background(), tx, []eventstore.RecordedEvent{e})
		})
		if err == nil {
			t.Errorf("%s: applied", name)
		}
	}
}

// TestNotificationsReadModelIsTenantScoped reads another tenant's user's notifications
// through row-level security: nothing, even with the right user id.
func TestNotificationsReadModelIsTenantScoped(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ana := notifyUser(t, d, nil)
	notifyCreate(t, d, store, ana, nil, "", "c1", "Segredo", 0)
	notifyApply(t, d, notifyStream(t, store, ana))
	if list := notifyList(t, d, uuid.New(), ana.UserID); len(list) != 0 {
		t.Fatalf("another tenant sees %+v", list)
	}
	if list := notifyList(t, d, ana.Tenant, ana.UserID); len(list) != 1 {
		t.Fatalf("own tenant sees %+v", list)
	}
}

// TestNotificationsReplay rebuilds the read model from the log and compares it with the
// incrementally built one; a replay pushes nothing.
func TestNotificationsReplay(t *testing.T) {
	t.Parallel()
	d, store := projtest.DB(t)
	ctx := context.Background()
	ana := notifyUser(t, d, nil)
	var ids []uuid.UUID
	for i := range 4 {
		ids = append(ids, notifyCreate(t, d, store, ana, nil, "", fmt.Sprint("c", i), fmt.Sprint("n", i), i))
	}
	dismiss, _ := notificationcmd.NewInboxes(store, func() time.Time { return notifyNow })
	if err := dismiss.Dismiss(ctx, notificationcmd.InboxCommand{CommandID: "x", Tenant: ana.Tenant, UserID: ana.UserID}, ids[2]); err != nil {
		t.Fatal(err)
	}
	for _, e := range notifyStream(t, store, ana) {
		notifyApply(t, d, []eventstore.RecordedEvent{e})
	}
	before := notifyList(t, d, ana.Tenant, ana.UserID)
	pushes := len(projtest.Pushes(t, d, ana.Tenant))
	if _, err := projections.Replay(ctx, d.Pool, store, notificationsproj.New(), nil); err != nil {
		t.Fatal(err)
	}
	after := notifyList(t, d, ana.Tenant, ana.UserID)
	if len(before) != 3 || !reflect.DeepEqual(before, after) {
		t.Fatalf("replay differs:\n%+v\n%+v", before, after)
	}
	if n := len(projtest.Pushes(t, d, ana.Tenant)); n != pushes {
		t.Fatalf("replay projtest.Pushed %d messages", n-pushes)
	}
}
