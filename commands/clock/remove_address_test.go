package clock_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	clockcmd "portal/commands/clock"
	"portal/commands/clocktest"
	"portal/domain"
	"portal/domain/clock"
)

func TestRemoveAddress(t *testing.T) {
	t.Parallel()
	notFound := &domain.Error{Kind: domain.NotFound, Field: "ukey", Key: "nao_encontrado"}
	tests := []struct {
		name    string
		steps   []struct{ id, ukey string } // before the checked call; "" ukey means the saved one
		id      string
		ukey    string
		wantErr *domain.Error
		removed int // address_removed events at the end
	}{
		{name: "removes_a_saved_address", id: "r1", removed: 1},
		{name: "unknown_key_is_not_found", id: "r1", ukey: "nope", wantErr: notFound},
		{name: "second_removal_is_not_found", steps: []struct{ id, ukey string }{{"r1", ""}}, id: "r2", wantErr: notFound, removed: 1},
		{name: "retried_removal_succeeds_once", steps: []struct{ id, ukey string }{{"r1", ""}}, id: "r1", removed: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			p := person(t, clocktest.Options{})
			if _, err := register(t, handler(t), p, "m", payload(t, "Casa", office.Position, nil)); err != nil {
				t.Fatal(err)
			}
			var saved struct{ Ukey string }
			if err := json.Unmarshal(stream(t, p)[1].Data, &saved); err != nil {
				t.Fatal(err)
			}
			h, err := clockcmd.NewRemoveAddressHandler(harness.Store, func() time.Time { return fixedNow })
			if err != nil {
				t.Fatal(err)
			}
			remove := func(id, ukey string) error {
				if ukey == "" {
					ukey = saved.Ukey
				}
				return h.Handle(ctx, clockcmd.RemoveAddress{CommandID: id, Tenant: p.Tenant, UserID: p.UserID, EmployeeID: p.EmployeeID, UKey: ukey})
			}
			for _, s := range tt.steps {
				if err := remove(s.id, s.ukey); err != nil {
					t.Fatal(err)
				}
			}
			err = remove(tt.id, tt.ukey)
			if tt.wantErr != nil {
				var de *domain.Error
				if !errors.As(err, &de) || *de != *tt.wantErr {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			removed := 0
			for _, e := range stream(t, p) {
				if e.Type == clock.TypeAddressRemoved {
					removed++
				}
			}
			if removed != tt.removed {
				t.Fatalf("%d removals stored, want %d", removed, tt.removed)
			}
		})
	}
}
