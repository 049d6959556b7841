package notification_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"portal/domain"
	"portal/domain/notification"
)

var now = time.Date(2024, 5, 10, 12, 30, 0, 0, time.UTC)

func created(id string) notification.Created {
	return notification.Created{
		ID: id, UserID: "u1", UserHash: "h1", SenderID: "u1", CreatedAt: now.Add(-time.Hour),
		Content: notification.Content{Message: "Olá", Options: notification.Options{Variant: notification.Info, Classification: notification.Plain}},
	}
}

func inbox(events ...notification.Event) *notification.Inbox {
	b := notification.New()
	for _, e := range events {
		b.Apply(e)
	}
	return b
}

// wantErr checks that err is a domain error of kind on field with key.
func wantErr(t *testing.T, err error, kind domain.Kind, field, key string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != kind || de.Field != field || de.Key != key {
		t.Fatalf("error %v, want kind %d %s: %s", err, kind, field, key)
	}
}

func TestInboxDecides(t *testing.T) {
	t.Parallel()
	type decide func(b *notification.Inbox) ([]notification.Event, error)
	create := func(id string, c notification.Content) decide {
		return func(b *notification.Inbox) ([]notification.Event, error) {
			return b.Create(notification.Create{ID: id, UserID: "u1", UserHash: "h1", SenderID: "s1", Content: c}, now)
		}
	}
	displayed := func(id string) decide {
		return func(b *notification.Inbox) ([]notification.Event, error) { return b.MarkDisplayed(id, now) }
	}
	dismiss := func(id string) decide {
		return func(b *notification.Inbox) ([]notification.Event, error) { return b.Dismiss(id, now) }
	}
	dismissAll := func(b *notification.Inbox) ([]notification.Event, error) { return b.DismissAll(now) }
	tests := []struct {
		name    string
		given   []notification.Event
		when    decide
		want    []notification.Event
		wantErr *domain.Error
	}{
		{
			name: "create_fills_defaults_and_trims",
			when: create("n1", notification.Content{Message: "  Bom dia  ", Options: notification.Options{From: " Helena "}}),
			want: []notification.Event{notification.Created{
				ID: "n1", UserID: "u1", UserHash: "h1", SenderID: "s1", CreatedAt: now,
				Content: notification.Content{Message: "Bom dia", Options: notification.Options{
					Variant: notification.Info, Classification: notification.Plain, From: "Helena"}},
			}},
		},
		{
			name:    "create_validates_the_content",
			when:    create("n1", notification.Content{Message: "   "}),
			wantErr: domain.InvalidField("message", domain.KeyRequired),
		},
		{
			name:    "create_with_a_used_id_conflicts",
			given:   []notification.Event{created("n1")},
			when:    create("n1", notification.Content{Message: "de novo"}),
			wantErr: &domain.Error{Kind: domain.Conflict, Field: "id", Key: domain.KeyInvalid},
		},
		{
			name:    "create_without_ids_is_invalid",
			when:    create("", notification.Content{Message: "x"}),
			wantErr: domain.InvalidField("id", domain.KeyRequired),
		},
		{
			name:  "displayed_the_first_time",
			given: []notification.Event{created("n1")},
			when:  displayed("n1"),
			want:  []notification.Event{notification.Displayed{ID: "n1", DisplayedAt: now}},
		},
		{
			name:  "displayed_again_gives_no_event",
			given: []notification.Event{created("n1"), notification.Displayed{ID: "n1", DisplayedAt: now}},
			when:  displayed("n1"),
		},
		{
			name:  "displayed_after_dismissal_still_counts_once",
			given: []notification.Event{created("n1"), notification.Dismissed{ID: "n1", DismissedAt: now}},
			when:  displayed("n1"),
			want:  []notification.Event{notification.Displayed{ID: "n1", DisplayedAt: now}},
		},
		{
			name:    "displayed_unknown_is_not_found",
			given:   []notification.Event{created("n1")},
			when:    displayed("n2"),
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound},
		},
		{
			name:    "displayed_without_id_is_invalid",
			when:    displayed(""),
			wantErr: domain.InvalidField("id", domain.KeyRequired),
		},
		{
			name:  "dismiss_one",
			given: []notification.Event{created("n1"), created("n2")},
			when:  dismiss("n2"),
			want:  []notification.Event{notification.Dismissed{ID: "n2", DismissedAt: now}},
		},
		{
			name:  "dismiss_twice_gives_no_event",
			given: []notification.Event{created("n1"), notification.Dismissed{ID: "n1", DismissedAt: now}},
			when:  dismiss("n1"),
		},
		{
			name:  "dismiss_after_dismiss_all_gives_no_event",
			given: []notification.Event{created("n1"), notification.AllDismissed{IDs: []string{"n1"}, DismissedAt: now}},
			when:  dismiss("n1"),
		},
		{
			name:    "dismiss_unknown_is_not_found",
			when:    dismiss("n9"),
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound},
		},
		{
			name: "dismiss_all_names_the_pending_oldest_first",
			given: []notification.Event{created("n1"), created("n2"), created("n3"),
				notification.Dismissed{ID: "n2", DismissedAt: now}},
			when: dismissAll,
			want: []notification.Event{notification.AllDismissed{IDs: []string{"n1", "n3"}, DismissedAt: now}},
		},
		{
			name:  "dismiss_all_with_nothing_pending_gives_no_event",
			given: []notification.Event{created("n1"), notification.Dismissed{ID: "n1", DismissedAt: now}},
			when:  dismissAll,
		},
		{
			name: "dismiss_all_on_an_empty_inbox_gives_no_event",
			when: dismissAll,
		},
		{
			name: "events_about_unknown_notifications_are_ignored",
			given: []notification.Event{notification.Dismissed{ID: "ghost", DismissedAt: now},
				notification.Displayed{ID: "ghost", DisplayedAt: now}},
			when:    displayed("ghost"),
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.when(inbox(tt.given...))
			if tt.wantErr != nil {
				wantErr(t, err, tt.wantErr.Kind, tt.wantErr.Field, tt.wantErr.Key)
				if got != nil {
					t.Fatalf("events %v with an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("events\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestInboxApplyFolds(t *testing.T) {
	t.Parallel()
	b := inbox(created("n1"), created("n2"), created("n3"), created("n1"),
		notification.Displayed{ID: "n1"}, notification.Dismissed{ID: "n2"},
		notification.AllDismissed{IDs: []string{"n1", "ghost"}})
	if b.Len() != 3 {
		t.Fatalf("len %d, want 3 (a repeated Created counts once)", b.Len())
	}
	if got := b.Pending(); !reflect.DeepEqual(got, []string{"n3"}) {
		t.Fatalf("pending %v", got)
	}
	if displayed, dismissed, ok := b.Has("n1"); !ok || !displayed || !dismissed {
		t.Fatalf("n1 displayed %v dismissed %v ok %v", displayed, dismissed, ok)
	}
	if _, _, ok := b.Has("ghost"); ok {
		t.Fatal("ghost exists")
	}
}

func TestMayNotify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		roles []string
		self  bool
		want  bool
	}{
		{"anyone_notifies_themselves", []string{"pwa-rh-col"}, true, true},
		{"no_role_notifies_themselves", nil, true, true},
		{"employee_cannot_notify_others", []string{"pwa-rh-col"}, false, false},
		{"kiosk_cannot_notify_others", []string{"totem-totem-totem-totem-totem"}, false, false},
		{"curator_cannot_notify_others", []string{"pwa-rh-cur", "pwa-rh-col"}, false, false},
		{"manager_notifies_others", []string{"pwa-rh-col", "pwa-rh-ges"}, false, true},
		{"hr_admin_notifies_others", []string{"pwa-rh-adm"}, false, true},
		{"role_names_are_exact", []string{"PWA-RH-ADM", "pwa-rh-adm "}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := notification.MayNotify(tt.roles, tt.self); got != tt.want {
				t.Fatalf("MayNotify(%v, %v) = %v", tt.roles, tt.self, got)
			}
		})
	}
}

func TestParseCreate(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("é", n) }
	tests := []struct {
		name      string
		body      string
		want      notification.Draft
		wantField string
		wantKey   string
	}{
		{
			name: "full_body",
			body: `{"message":"Sua solicitação foi aprovada","toUserHash":" abc ","id":"ignored","dismissed":true,
				"options":{"variant":"success","classification":2,"from":"Marcos","header":"Férias","link":"/apps/request"}}`,
			want: notification.Draft{ToUserHash: "abc", Content: notification.Content{
				Message: "Sua solicitação foi aprovada",
				Options: notification.Options{Variant: notification.Success, Classification: notification.Requested,
					From: "Marcos", Header: "Férias", Link: "/apps/request"}}},
		},
		{
			name: "message_only_takes_defaults",
			body: `{"message":"Oi"}`,
			want: notification.Draft{Content: notification.Content{Message: "Oi",
				Options: notification.Options{Variant: notification.Info, Classification: notification.Plain}}},
		},
		{
			name: "nulls_are_absent",
			body: `{"message":"Oi","toUserHash":null,"options":{"variant":null,"classification":null,"link":null}}`,
			want: notification.Draft{Content: notification.Content{Message: "Oi",
				Options: notification.Options{Variant: notification.Info, Classification: notification.Plain}}},
		},
		{
			name: "https_link_and_multiline_message",
			body: `{"message":"linha 1\nlinha 2\tfim","options":{"variant":"error","classification":1,"link":"https://example.com/a?b=c#d"}}`,
			want: notification.Draft{Content: notification.Content{Message: "linha 1\nlinha 2\tfim",
				Options: notification.Options{Variant: notification.Error, Classification: notification.Wrote, Link: "https://example.com/a?b=c#d"}}},
		},
		{name: "message_of_500_characters", body: `{"message":"` + long(500) + `"}`,
			want: notification.Draft{Content: notification.Content{Message: long(500),
				Options: notification.Options{Variant: notification.Info, Classification: notification.Plain}}}},
		{name: "message_of_501_characters", body: `{"message":"` + long(501) + `"}`, wantField: "message", wantKey: domain.KeyTooLong},
		{name: "message_missing", body: `{"options":{}}`, wantField: "message", wantKey: domain.KeyRequired},
		{name: "message_null", body: `{"message":null}`, wantField: "message", wantKey: domain.KeyRequired},
		{name: "message_blank", body: `{"message":"  \n "}`, wantField: "message", wantKey: domain.KeyRequired},
		{name: "message_not_text", body: `{"message":42}`, wantField: "message", wantKey: domain.KeyInvalid},
		{name: "message_with_a_nul", body: `{"message":"a\u0000b"}`, wantField: "message", wantKey: domain.KeyInvalid},
		{name: "body_not_an_object", body: `["message"]`, wantField: "body", wantKey: domain.KeyInvalid},
		{name: "body_not_json", body: `{"message":`, wantField: "body", wantKey: domain.KeyInvalid},
		{name: "body_empty", body: ``, wantField: "body", wantKey: domain.KeyInvalid},
		{name: "options_not_an_object", body: `{"message":"a","options":"x"}`, wantField: "options", wantKey: domain.KeyInvalid},
		{name: "variant_unknown", body: `{"message":"a","options":{"variant":"danger"}}`, wantField: "options.variant", wantKey: domain.KeyInvalid},
		{name: "variant_case_matters", body: `{"message":"a","options":{"variant":"Success"}}`, wantField: "options.variant", wantKey: domain.KeyInvalid},
		{name: "classification_zero", body: `{"message":"a","options":{"classification":0}}`, wantField: "options.classification", wantKey: domain.KeyInvalid},
		{name: "classification_four", body: `{"message":"a","options":{"classification":4}}`, wantField: "options.classification", wantKey: domain.KeyInvalid},
		{name: "classification_fraction", body: `{"message":"a","options":{"classification":1.5}}`, wantField: "options.classification", wantKey: domain.KeyInvalid},
		{name: "classification_text", body: `{"message":"a","options":{"classification":"1"}}`, wantField: "options.classification", wantKey: domain.KeyInvalid},
		{name: "from_too_long", body: `{"message":"a","options":{"from":"` + long(101) + `"}}`, wantField: "options.from", wantKey: domain.KeyTooLong},
		{name: "header_too_long", body: `{"message":"a","options":{"header":"` + long(201) + `"}}`, wantField: "options.header", wantKey: domain.KeyTooLong},
		{name: "header_with_a_line_break", body: `{"message":"a","options":{"header":"a\nb"}}`, wantField: "options.header", wantKey: domain.KeyInvalid},
		{name: "link_javascript", body: `{"message":"a","options":{"link":"javascript:alert(1)"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_data", body: `{"message":"a","options":{"link":"data:text/html,x"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_protocol_relative", body: `{"message":"a","options":{"link":"//evil.example/x"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_backslash", body: `{"message":"a","options":{"link":"/\\evil.example"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_relative_without_slash", body: `{"message":"a","options":{"link":"apps/request"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_ftp", body: `{"message":"a","options":{"link":"ftp://example.com/f"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_http_without_host", body: `{"message":"a","options":{"link":"http:/x"}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "link_not_text", body: `{"message":"a","options":{"link":1}}`, wantField: "options.link", wantKey: domain.KeyInvalid},
		{name: "to_user_hash_not_text", body: `{"message":"a","toUserHash":7}`, wantField: "toUserHash", wantKey: domain.KeyInvalid},
		{name: "to_user_hash_too_long", body: `{"message":"a","toUserHash":"` + strings.Repeat("a", 201) + `"}`, wantField: "toUserHash", wantKey: domain.KeyTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := notification.ParseCreate([]byte(tt.body))
			if tt.wantField != "" {
				wantErr(t, err, domain.Invalid, tt.wantField, tt.wantKey)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("draft\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}
