package notification_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"portal/auth"
	"portal/commands"
	"portal/commands/clocktest"
	notificationcmd "portal/commands/notification"
	"portal/domain"
	"portal/domain/notification"
	"portal/eventstore"
)

var notifyNow = time.Date(2024, 5, 10, 12, 30, 15, 123456789, time.UTC)

func nowFn() time.Time { return notifyNow }

// sameTenant makes a second person, without an employee record, in p's tenant.
func sameTenant(t *testing.T, p clocktest.Person, o clocktest.Options) clocktest.Person {
	t.Helper()
	o.NoEmployee = true // the fixture's organisation ids are not exported; users need none
	q, err := clocktest.Tenant{ID: p.Tenant, AccessCode: p.AccessCode}.NewPerson(context.Background(), harness.DB.Pool, o)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func inbox(t *testing.T, p clocktest.Person) []eventstore.RecordedEvent {
	t.Helper()
	events, err := harness.Store.ReadStream(context.Background(), p.Tenant, notification.Stream(p.UserID), 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

func draft(msg string) notification.Draft {
	return notification.Draft{Content: notification.Content{Message: msg}}
}

func createFor(t *testing.T, sender clocktest.Person, roles []string, id string, d notification.Draft) (notificationcmd.Created, error) {
	t.Helper()
	h, err := notificationcmd.NewCreateHandler(commands.PoolFacts{Pool: harness.DB.Pool}, harness.Store, nowFn)
	if err != nil {
		t.Fatal(err)
	}
	return h.Handle(context.Background(), notificationcmd.Create{
		CommandID: id, Tenant: sender.Tenant, SenderID: sender.UserID, SenderHash: sender.UserHash, SenderRoles: roles, Draft: d,
	})
}

func wantKind(t *testing.T, err error, kind domain.Kind, field string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != kind || de.Field != field {
		t.Fatalf("error %v, want kind %d on %s", err, kind, field)
	}
}

func TestCreateNotificationForOneself(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{NoEmployee: true})
	d := draft("  Lembrete  ")
	d.Content.Options.Classification = notification.Wrote
	got, err := createFor(t, p, []string{auth.RoleCollaborator}, "c1", d)
	if err != nil {
		t.Fatal(err)
	}
	if got.UserID != p.UserID || got.UserHash != p.UserHash || got.Content.Message != "Lembrete" ||
		got.Content.Options.From != "User "+p.UserName || got.Content.Options.Variant != notification.Info ||
		!got.CreatedAt.Equal(notifyNow.Truncate(time.Microsecond)) {
		t.Fatalf("created %+v", got)
	}
	events := inbox(t, p)
	if len(events) != 1 || events[0].Type != notification.TypeCreated || events[0].Actor != p.UserID.String() {
		t.Fatalf("stream %+v", events)
	}
	// A retried command answers the same notification and appends nothing.
	again, err := createFor(t, p, []string{auth.RoleCollaborator}, "c1", d)
	if err != nil || again.ID != got.ID || len(inbox(t, p)) != 1 {
		t.Fatalf("retry: %+v %v, %d events", again, err, len(inbox(t, p)))
	}
	// An explicit toUserHash naming oneself is oneself, whatever the role.
	d.ToUserHash = p.UserHash
	if _, err := createFor(t, p, nil, "c2", d); err != nil {
		t.Fatal(err)
	}
	if n := len(inbox(t, p)); n != 2 {
		t.Fatalf("%d events", n)
	}
}

func TestCreateNotificationForAnotherUser(t *testing.T) {
	t.Parallel()
	admin := person(t, clocktest.Options{Roles: []string{auth.RoleHRAdmin}, NoEmployee: true})
	ana := sameTenant(t, admin, clocktest.Options{NoEmployee: true})
	colleague := sameTenant(t, admin, clocktest.Options{NoEmployee: true})
	foreign := person(t, clocktest.Options{NoEmployee: true})

	tests := []struct {
		name     string
		sender   clocktest.Person
		roles    []string
		to       string
		wantKind domain.Kind // 0: created in ana's inbox
		field    string
	}{
		{name: "hr_admin_notifies_a_colleague", sender: admin, roles: []string{auth.RoleHRAdmin}, to: ana.UserHash},
		{name: "manager_notifies_a_colleague", sender: colleague, roles: []string{auth.RoleManager, auth.RoleCollaborator}, to: ana.UserHash},
		{name: "employee_may_not", sender: colleague, roles: []string{auth.RoleCollaborator}, to: ana.UserHash, wantKind: domain.Forbidden, field: "toUserHash"},
		{name: "employee_may_not_even_for_an_unknown_hash", sender: colleague, roles: []string{auth.RoleCollaborator}, to: "nobody", wantKind: domain.Forbidden, field: "toUserHash"},
		{name: "unknown_hash_is_not_found", sender: admin, roles: []string{auth.RoleHRAdmin}, to: "nobody", wantKind: domain.NotFound, field: "toUserHash"},
		{name: "another_tenants_user_is_not_found", sender: admin, roles: []string{auth.RoleHRAdmin}, to: foreign.UserHash, wantKind: domain.NotFound, field: "toUserHash"},
		{name: "a_foreign_hr_admin_cannot_reach_ana", sender: foreign, roles: []string{auth.RoleHRAdmin}, to: ana.UserHash, wantKind: domain.NotFound, field: "toUserHash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(inbox(t, ana))
			d := draft("Mensagem de " + tt.name)
			d.ToUserHash = tt.to
			got, err := createFor(t, tt.sender, tt.roles, tt.name, d)
			if tt.wantKind != 0 {
				wantKind(t, err, tt.wantKind, tt.field)
				for _, p := range []clocktest.Person{ana, tt.sender, foreign} {
					if p == ana && len(inbox(t, p)) != before || p != ana && len(inbox(t, p)) != 0 {
						t.Fatalf("something was written to %s's inbox", p.UserName)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			events := inbox(t, ana)
			if got.UserID != ana.UserID || got.UserHash != ana.UserHash || len(events) != before+1 ||
				events[len(events)-1].Actor != tt.sender.UserID.String() || len(inbox(t, tt.sender)) != 0 {
				t.Fatalf("created %+v, ana's inbox %d events", got, len(events))
			}
		})
	}
}

func TestCreateNotificationRefusesBadContent(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{NoEmployee: true})
	d := draft("ok")
	d.Content.Options.Link = "javascript:alert(1)"
	_, err := createFor(t, p, nil, "bad", d)
	wantKind(t, err, domain.Invalid, "options.link")
	if n := len(inbox(t, p)); n != 0 {
		t.Fatalf("%d events written", n)
	}
}

func TestNotificationDisplayedOnce(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{NoEmployee: true})
	n, err := createFor(t, p, nil, "c1", draft("Olá"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := notificationcmd.NewInboxes(harness.Store, nowFn)
	if err != nil {
		t.Fatal(err)
	}
	// Ten tabs race to show the toast: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := 0
	for i := range 10 {
		wg.Go(func() {
			first, err := h.MarkDisplayed(context.Background(), notificationcmd.InboxCommand{
				CommandID: fmt.Sprint("d", i), Tenant: p.Tenant, UserID: p.UserID}, n.ID)
			if err != nil {
				t.Error(err)
			}
			if first {
				mu.Lock()
				firsts++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	events := inbox(t, p)
	if firsts != 1 || len(events) != 2 || events[1].Type != notification.TypeDisplayed {
		t.Fatalf("%d firsts, %d events", firsts, len(events))
	}
	// A retried winner answers as it did the first time.
	first, err := h.MarkDisplayed(context.Background(), notificationcmd.InboxCommand{
		CommandID: events[1].CommandID, Tenant: p.Tenant, UserID: p.UserID}, n.ID)
	if err != nil || !first {
		t.Fatalf("retry: %v %v", first, err)
	}
}

func TestNotificationCommandsStayInTheOwnersInbox(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{NoEmployee: true})
	colleague := sameTenant(t, p, clocktest.Options{NoEmployee: true})
	foreign := person(t, clocktest.Options{NoEmployee: true})
	n, err := createFor(t, p, nil, "c1", draft("Só minha"))
	if err != nil {
		t.Fatal(err)
	}
	displayed, _ := notificationcmd.NewInboxes(harness.Store, nowFn)
	dismiss, _ := notificationcmd.NewInboxes(harness.Store, nowFn)
	for _, other := range []clocktest.Person{colleague, foreign} {
		_, err := displayed.MarkDisplayed(context.Background(), notificationcmd.InboxCommand{CommandID: "x", Tenant: other.Tenant, UserID: other.UserID}, n.ID)
		wantKind(t, err, domain.NotFound, "id")
		err = dismiss.Dismiss(context.Background(), notificationcmd.InboxCommand{CommandID: "y", Tenant: other.Tenant, UserID: other.UserID}, n.ID)
		wantKind(t, err, domain.NotFound, "id")
		// Even naming the owner's tenant, a foreign user's inbox is their own stream.
		err = dismiss.Dismiss(context.Background(), notificationcmd.InboxCommand{CommandID: "z", Tenant: p.Tenant, UserID: other.UserID}, n.ID)
		wantKind(t, err, domain.NotFound, "id")
	}
	if events := inbox(t, p); len(events) != 1 {
		t.Fatalf("owner's inbox has %d events", len(events))
	}
}

func TestDismissNotifications(t *testing.T) {
	t.Parallel()
	p := person(t, clocktest.Options{NoEmployee: true})
	var ids []uuid.UUID
	for i := range 3 {
		n, err := createFor(t, p, nil, fmt.Sprint("c", i), draft(fmt.Sprint("n", i)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	dismiss, _ := notificationcmd.NewInboxes(harness.Store, nowFn)
	all, _ := notificationcmd.NewInboxes(harness.Store, nowFn)
	ctx := context.Background()
	for i := range 2 { // the second time changes nothing
		if err := dismiss.Dismiss(ctx, notificationcmd.InboxCommand{CommandID: fmt.Sprint("d", i), Tenant: p.Tenant, UserID: p.UserID}, ids[1]); err != nil {
			t.Fatal(err)
		}
	}
	if events := inbox(t, p); len(events) != 4 {
		t.Fatalf("%d events after dismissing twice", len(events))
	}
	n, err := all.DismissAll(ctx, notificationcmd.InboxCommand{CommandID: "all", Tenant: p.Tenant, UserID: p.UserID})
	if err != nil || n != 2 {
		t.Fatalf("dismiss-all: %d %v", n, err)
	}
	if n, err := all.DismissAll(ctx, notificationcmd.InboxCommand{CommandID: "all", Tenant: p.Tenant, UserID: p.UserID}); err != nil || n != 2 {
		t.Fatalf("retried dismiss-all: %d %v", n, err)
	}
	if n, err := all.DismissAll(ctx, notificationcmd.InboxCommand{CommandID: "all2", Tenant: p.Tenant, UserID: p.UserID}); err != nil || n != 0 {
		t.Fatalf("dismiss-all of nothing: %d %v", n, err)
	}
	events := inbox(t, p)
	if len(events) != 5 || events[4].Type != notification.TypeAllDismissed {
		t.Fatalf("%d events", len(events))
	}
	// A command id used by another command on the stream is refused.
	err = dismiss.Dismiss(ctx, notificationcmd.InboxCommand{CommandID: "all", Tenant: p.Tenant, UserID: p.UserID}, ids[0])
	wantKind(t, err, domain.Conflict, "Idempotency-Key")
}

func TestNotificationHandlersRefuseNilDependencies(t *testing.T) {
	t.Parallel()
	if _, err := notificationcmd.NewCreateHandler(nil, harness.Store, nowFn); err == nil {
		t.Error("nil pool accepted")
	}
	if _, err := notificationcmd.NewInboxes(nil, nowFn); err == nil {
		t.Error("nil store accepted")
	}
	if _, err := notificationcmd.NewInboxes(harness.Store, nil); err == nil {
		t.Error("nil clock accepted")
	}
	if _, err := notificationcmd.NewInboxes(nil, nil); err == nil {
		t.Error("nil dependencies accepted")
	}
}
