package request_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"portal/domain"
	rq "portal/domain/request"
)

var (
	now     = time.Date(2024, 5, 10, 12, 30, 0, 0, time.UTC)
	ana     = rq.Actor{ID: "u-ana", Hash: "h-ana"}
	marcos  = rq.Actor{ID: "u-marcos", Hash: "h-marcos"}
	helena  = rq.Actor{ID: "u-helena", Hash: "h-helena"}
	other   = rq.Actor{ID: "u-other", Hash: "h-other"}
	buyer   = rq.Actor{ID: "u-buyer", Hash: "h-buyer"}
	subject = rq.Subject{EmployeeID: "e-ana", UserID: ana.ID, UserHash: ana.Hash}
	bought  = []string{"pwa-gen-tools", "pwa-req-tools-request", "pwa-req-tools-compra", "pwa-req-tools-folha",
		"pwa-req-tools-pedidocompra", "pwa-req-tools-contaspagar", "pwa-req-tools-aprovacaoetapascrumboard"}
	chain  = rq.BuildChain(nil, marcos) // manager (Marcos), then HR
	phased = rq.BuildChain([]rq.ChainStep{{Kind: rq.KindManager}, {Kind: rq.KindPhase, Label: "compras", Designated: buyer}, {Kind: rq.KindHR}}, marcos)
)

func fields() rq.Fields {
	return rq.Fields{Title: "Notebook", Reason: "Trabalho", Comment: "O atual quebrou", Priority: 2, ReferenceDate: "2024-05-10"}
}

func by(a rq.Actor) rq.By { return rq.By{Actor: a, At: now} }

func created(origin rq.Origin, f rq.Fields) rq.Created {
	return rq.Created{RequestID: "r1", Origin: origin, Subject: subject, Fields: f, By: by(ana)}
}

func sent(steps []rq.Step) rq.Sent { return rq.Sent{Steps: steps, By: by(ana)} }

func approved(step int, kind rq.StepKind, a rq.Actor, final bool) rq.StepApproved {
	return rq.StepApproved{Step: step, Kind: kind, Final: final, By: by(a)}
}

func facts(a rq.Actor, roles ...string) rq.Facts {
	return rq.Facts{Actor: a, Roles: roles, Requester: a == ana}
}

func absent(f rq.Facts, who rq.Actor) rq.Facts {
	f.Absent = map[string]bool{who.ID: true}
	return f
}

func wantErr(t *testing.T, err error, kind domain.Kind, field, key string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != kind || de.Field != field || de.Key != key {
		t.Fatalf("error %v, want kind %d %s: %s", err, kind, field, key)
	}
}

type decide func(r *rq.Request) ([]rq.Event, error)

func approve(step int, f rq.Facts) decide {
	return func(r *rq.Request) ([]rq.Event, error) { return r.Approve(rq.Decide{Step: step, Facts: f}, now) }
}

func reject(step int, comment string, f rq.Facts) decide {
	return func(r *rq.Request) ([]rq.Event, error) {
		return r.Reject(rq.Decide{Step: step, Comment: comment, Facts: f}, now)
	}
}

func undo(step int, f rq.Facts) decide {
	return func(r *rq.Request) ([]rq.Event, error) { return r.Undo(rq.Decide{Step: step, Facts: f}, now) }
}

func TestRequestDecides(t *testing.T) {
	t.Parallel()
	hr := facts(helena, rq.RoleHR)
	mgr := facts(marcos, rq.RoleManager)
	atestado := fields()
	atestado.Absence = &rq.Absence{TipoAusenciaDesc: "Doença", TipoAbono: "atestado", NomeMedico: "Dr. X", TpRegistro: "CRM",
		Registro: "123", UfRegistroDesc: "SP", InicioAbono: "2024-05-09", FimAbono: "2024-05-10"}
	file := rq.Attachment{ID: "a1", Name: "atestado.pdf", Kind: rq.FilePDF, Size: 10, SHA256: "ab"}
	create := func(c rq.Create) decide {
		return func(r *rq.Request) ([]rq.Event, error) {
			c.ID, c.Subject, c.Purchased, c.Facts = "r1", subject, bought, facts(ana)
			if c.Fields.Title == "" {
				c.Fields = fields()
			}
			return r.Create(c, now)
		}
	}
	waiting := []rq.Event{created(rq.Compra, fields()), sent(chain)}
	tests := []struct {
		name    string
		given   []rq.Event
		when    decide
		want    []rq.Event
		wantErr *domain.Error
	}{
		{name: "create_saves_a_draft", when: create(rq.Create{Origin: rq.Compra}),
			want: []rq.Event{created(rq.Compra, fields())}},
		{name: "create_and_send_at_once", when: create(rq.Create{Origin: rq.Compra, Send: true, Chain: chain}),
			want: []rq.Event{created(rq.Compra, fields()), sent(chain)}},
		{name: "create_refuses_a_type_not_purchased", when: create(rq.Create{Origin: rq.EPI}),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "tipo", Key: rq.KeyTypeInvalid}},
		{name: "create_refuses_purchase_orders_even_if_purchased", when: create(rq.Create{Origin: rq.PedidoCompra}),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "tipo", Key: rq.KeyTypeInvalid}},
		{name: "create_refuses_accounts_payable", when: create(rq.Create{Origin: rq.ContasPagar}),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "tipo", Key: rq.KeyTypeInvalid}},
		{name: "create_refuses_a_second_open_request", when: create(rq.Create{Origin: rq.Compra, OpenExists: true}),
			wantErr: &domain.Error{Kind: domain.Conflict, Field: "tipo", Key: rq.KeyOpenExists}},
		{name: "create_refuses_a_payload_on_a_generic_type", when: create(rq.Create{Origin: rq.Compra, Payload: []byte(`{}`)}),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "tipo", Key: rq.KeyTypeInvalid}},
		{name: "create_validates_fields", when: create(rq.Create{Origin: rq.Compra, Fields: rq.Fields{Title: "x", Priority: 2, ReferenceDate: "2024-05-10"}}),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "motivo", Key: domain.KeyRequired}},
		{name: "send_of_abono_with_certificate_needs_an_attachment", when: create(rq.Create{Origin: rq.Folha, Fields: atestado, Send: true, Chain: chain}),
			wantErr: &domain.Error{Kind: domain.Refused, Field: "anexos", Key: rq.KeyAttachmentRequired}},
		{name: "send_of_abono_with_its_attachment", given: []rq.Event{created(rq.Folha, atestado), rq.AttachmentAdded{Attachment: file, By: by(ana)}},
			when: func(r *rq.Request) ([]rq.Event, error) { return r.Send(chain, facts(ana), now) }, want: []rq.Event{sent(chain)}},
		{name: "send_twice_is_refused", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Send(chain, facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyAlreadySent}},
		{name: "edit_before_any_decision", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) {
				f := fields()
				f.Title = "Monitor"
				return r.Edit(f, facts(ana), rq.Actor{}, now)
			},
			want: []rq.Event{rq.Edited{Fields: func() rq.Fields { f := fields(); f.Title = "Monitor"; return f }(), By: by(ana)}}},
		{name: "edit_after_a_decision_is_refused", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Edit(fields(), facts(ana), rq.Actor{}, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyInApproval}},
		{name: "edit_by_someone_else_is_refused", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Edit(fields(), facts(other), rq.Actor{}, now) },
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "rank_moves_the_request", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) { return r.SetRank(3, facts(ana), now) },
			want: []rq.Event{rq.Ranked{Rank: 3, By: by(ana)}}},
		{name: "rank_unchanged_is_nothing", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) { return r.SetRank(0, facts(ana), now) }},
		{name: "remove_before_a_decision", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) { return r.Remove(facts(ana), now) },
			want: []rq.Event{rq.Removed{By: by(ana)}}},
		{name: "remove_twice_is_not_found", given: append(waiting[:2:2], rq.Removed{By: by(ana)}),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Remove(facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: rq.KeyNotFound}},
		{name: "remove_after_a_decision_is_refused", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Remove(facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyInApproval}},
		{name: "manager_approves_the_manager_step", given: waiting, when: approve(0, mgr),
			want: []rq.Event{approved(0, rq.KindManager, marcos, false)}},
		{name: "decision_on_a_draft_is_refused", given: waiting[:1], when: approve(0, mgr),
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyNotSent}},
		{name: "hr_approval_is_final", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: approve(1, hr),
			want: []rq.Event{approved(1, rq.KindHR, helena, true)}},
		{name: "a_stale_step_is_already_decided", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: approve(0, mgr),
			wantErr: &domain.Error{Kind: domain.Conflict, Field: "request", Key: rq.KeyAlreadyDecided}},
		{name: "hr_may_not_take_the_managers_step_while_present", given: waiting, when: approve(0, hr),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: rq.KeyDesignated}},
		{name: "hr_decides_for_an_absent_manager", given: waiting, when: approve(0, absent(hr, marcos)),
			want: []rq.Event{rq.StepApproved{Step: 0, Kind: rq.KindManager, By: rq.By{Actor: helena, OnBehalfOf: marcos, At: now}}}},
		{name: "a_stranger_may_not_decide", given: waiting, when: approve(0, facts(other)),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "a_stranger_may_not_decide_even_if_the_manager_is_absent", given: waiting, when: approve(0, absent(facts(other), marcos)),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "nobody_decides_their_own_request", given: waiting, when: approve(0, facts(ana, rq.RoleHR)),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "a_manager_may_not_take_the_hr_step", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: approve(1, mgr),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "phase_step_locked_to_the_buyer", given: []rq.Event{created(rq.Compra, fields()), sent(phased), approved(0, rq.KindManager, marcos, false)},
			when: approve(1, hr), wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: rq.KeyDesignated}},
		{name: "phase_step_decided_by_the_buyer", given: []rq.Event{created(rq.Compra, fields()), sent(phased), approved(0, rq.KindManager, marcos, false)},
			when: approve(1, facts(buyer)), want: []rq.Event{approved(1, rq.KindPhase, buyer, false)}},
		{name: "phase_step_for_the_absent_buyer", given: []rq.Event{created(rq.Compra, fields()), sent(phased), approved(0, rq.KindManager, marcos, false)},
			when: approve(1, absent(hr, buyer)),
			want: []rq.Event{rq.StepApproved{Step: 1, Kind: rq.KindPhase, By: rq.By{Actor: helena, OnBehalfOf: buyer, At: now}}}},
		{name: "reject_needs_a_reason", given: waiting, when: reject(0, " ", mgr),
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "comentario", Key: domain.KeyRequired}},
		{name: "reject_ends_the_request", given: waiting, when: reject(0, "não", mgr),
			want: []rq.Event{rq.StepRejected{Step: 0, Kind: rq.KindManager, Comment: "não", By: by(marcos)}}},
		{name: "no_decision_after_a_rejection", given: append(waiting[:2:2], rq.StepRejected{Step: 0, Kind: rq.KindManager, By: by(marcos)}),
			when: approve(0, mgr), wantErr: &domain.Error{Kind: domain.Conflict, Field: "request", Key: rq.KeyAlreadyDecided}},
		{name: "undo_the_managers_approval", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: undo(0, mgr),
			want: []rq.Event{rq.DecisionUndone{Step: 0, By: by(marcos)}}},
		{name: "undo_a_rejection", given: append(waiting[:2:2], rq.StepRejected{Step: 0, Kind: rq.KindManager, By: by(marcos)}), when: undo(0, mgr),
			want: []rq.Event{rq.DecisionUndone{Step: 0, By: by(marcos)}}},
		{name: "undo_of_a_step_that_is_not_the_latest", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: undo(1, mgr),
			wantErr: &domain.Error{Kind: domain.Conflict, Field: "request", Key: rq.KeyAlreadyDecided}},
		{name: "undo_by_a_stranger", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: undo(0, facts(other)),
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "nothing_changes_after_hr_approved", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false), approved(1, rq.KindHR, helena, true)),
			when: undo(1, hr), wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyReviewedByHR}},
		{name: "nothing_changes_after_hr_rejected", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false), rq.StepRejected{Step: 1, Kind: rq.KindHR, By: by(helena)}),
			when: approve(1, hr), wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyReviewedByHR}},
		{name: "no_edit_after_hr_ruled", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false), approved(1, rq.KindHR, helena, true)),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Edit(fields(), facts(ana), rq.Actor{}, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyReviewedByHR}},
		{name: "lock_by_the_approver", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) { return r.Lock("falta nota", mgr, now) },
			want: []rq.Event{rq.Locked{Comment: "falta nota", By: by(marcos)}}},
		{name: "lock_by_the_requester_is_refused", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Lock("", facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "lock_twice", given: append(waiting[:2:2], rq.Locked{By: by(marcos)}),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Lock("", hr, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyLocked}},
		{name: "no_decision_while_locked", given: append(waiting[:2:2], rq.Locked{By: by(marcos)}), when: approve(0, mgr),
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyLocked}},
		{name: "no_edit_while_locked", given: append(waiting[:2:2], rq.Locked{By: by(marcos)}),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Edit(fields(), facts(ana), rq.Actor{}, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyLocked}},
		{name: "unlock_by_hr", given: append(waiting[:2:2], rq.Locked{By: by(marcos)}),
			when: func(r *rq.Request) ([]rq.Event, error) { return r.Unlock("ok", hr, now) },
			want: []rq.Event{rq.Unlocked{Comment: "ok", By: by(helena)}}},
		{name: "unlock_when_not_locked", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Unlock("", hr, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyUnlocked}},
		{name: "attach_while_editable", given: waiting[:1],
			when: func(r *rq.Request) ([]rq.Event, error) { return r.AddAttachment(file, facts(ana), now) },
			want: []rq.Event{rq.AttachmentAdded{Attachment: file, By: by(ana)}}},
		{name: "the_last_certificate_of_a_sent_abono_stays", given: []rq.Event{created(rq.Folha, atestado), rq.AttachmentAdded{Attachment: file, By: by(ana)}, sent(chain)},
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.RemoveAttachment("a1", facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "anexos", Key: rq.KeyAttachmentRequired}},
		{name: "send_by_a_stranger", given: waiting[:1],
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Send(chain, facts(other), now) },
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "send_while_locked", given: []rq.Event{created(rq.Compra, fields()), rq.Locked{By: by(helena)}},
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Send(chain, facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyLocked}},
		{name: "rank_by_a_stranger", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.SetRank(2, facts(other), now) },
			wantErr: &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{name: "rank_out_of_range", given: waiting,
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.SetRank(-1, facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.Invalid, Field: "rank", Key: domain.KeyInvalid}},
		{name: "edit_of_a_sent_abono_keeps_its_certificate", given: []rq.Event{created(rq.Folha, fields()), sent(chain)},
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Edit(atestado, facts(ana), rq.Actor{}, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "anexos", Key: rq.KeyAttachmentRequired}},
		{name: "edit_for_a_team_member_records_both", given: waiting,
			when: func(r *rq.Request) ([]rq.Event, error) {
				f := facts(marcos)
				f.Requester = true // the subject's manager
				return r.Edit(fields(), f, ana, now)
			},
			want: []rq.Event{rq.Edited{Fields: fields(), By: rq.By{Actor: marcos, OnBehalfOf: ana, At: now}}}},
		{name: "no_decision_on_a_removed_request", given: append(waiting[:2:2], rq.Removed{By: by(ana)}), when: approve(0, mgr),
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: rq.KeyNotFound}},
		{name: "lock_after_hr_ruled", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false), approved(1, rq.KindHR, helena, true)),
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.Lock("", hr, now) },
			wantErr: &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyReviewedByHR}},
		{name: "undo_for_an_absent_manager_by_hr", given: append(waiting[:2:2], approved(0, rq.KindManager, marcos, false)), when: undo(0, absent(hr, marcos)),
			want: []rq.Event{rq.DecisionUndone{Step: 0, By: rq.By{Actor: helena, OnBehalfOf: marcos, At: now}}}},
		{name: "remove_an_unknown_attachment", given: waiting[:1],
			when:    func(r *rq.Request) ([]rq.Event, error) { return r.RemoveAttachment("zz", facts(ana), now) },
			wantErr: &domain.Error{Kind: domain.NotFound, Field: "id", Key: "nao_encontrado"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := rq.Fold(tc.given)
			got, err := tc.when(r)
			if tc.wantErr != nil {
				wantErr(t, err, tc.wantErr.Kind, tc.wantErr.Field, tc.wantErr.Key)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("events\n got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestStatesFollowTheEvents(t *testing.T) {
	t.Parallel()
	base := []rq.Event{created(rq.Compra, fields())}
	tests := []struct {
		name           string
		events         []rq.Event
		status         rq.Status
		approvalStatus string
		current        int
		delivery       rq.Delivery
	}{
		{"draft", base, rq.StatusDraft, "draft", -1, ""},
		{"waiting_manager", append(base, sent(chain)), rq.StatusWaiting, "waiting_manager", 0, ""},
		{"waiting_phase", append(base, sent(phased), approved(0, rq.KindManager, marcos, false)), rq.StatusWaiting, "waiting_phase", 1, ""},
		{"waiting_hr", append(base, sent(chain), approved(0, rq.KindManager, marcos, false)), rq.StatusWaiting, "waiting_hr", 1, ""},
		{"approved_hr_starts_the_delivery", append(base, sent(chain), approved(0, rq.KindManager, marcos, false), approved(1, rq.KindHR, helena, true)),
			rq.StatusApproved, "approved_hr", -1, rq.DeliveryPending},
		{"approved_without_hr", append(base, sent(chain[:1]), approved(0, rq.KindManager, marcos, true)), rq.StatusApproved, "approved", -1, rq.DeliveryPending},
		{"rejected", append(base, sent(chain), rq.StepRejected{Step: 0, Kind: rq.KindManager, By: by(marcos)}), rq.StatusRejected, "rejected", -1, ""},
		{"undone_waits_again", append(base, sent(chain), approved(0, rq.KindManager, marcos, false), rq.DecisionUndone{Step: 0, By: by(marcos)}),
			rq.StatusWaiting, "waiting_manager", 0, ""},
		{"removed", append(base, rq.Removed{By: by(ana)}), rq.StatusRemoved, "removed", -1, ""},
		{"folha_has_no_delivery", []rq.Event{created(rq.Folha, fields()), sent(chain[1:]), approved(0, rq.KindHR, helena, true)},
			rq.StatusApproved, "approved_hr", -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := rq.Fold(tc.events)
			if r.Status != tc.status || r.ApprovalStatus() != tc.approvalStatus || r.Current() != tc.current || r.Delivery != tc.delivery {
				t.Fatalf("got %s/%s/%d/%q, want %s/%s/%d/%q", r.Status, r.ApprovalStatus(), r.Current(), r.Delivery,
					tc.status, tc.approvalStatus, tc.current, tc.delivery)
			}
			if r.Version != len(tc.events) {
				t.Fatalf("version %d, want %d", r.Version, len(tc.events))
			}
		})
	}
}

func TestDeliveryMoves(t *testing.T) {
	t.Parallel()
	hr := facts(helena, rq.RoleHR)
	done := []rq.Event{created(rq.Compra, fields()), sent(chain), approved(0, rq.KindManager, marcos, false), approved(1, rq.KindHR, helena, true)}
	change := func(s rq.Delivery) rq.DeliveryChanged { return rq.DeliveryChanged{Status: s, By: by(helena)} }
	tests := []struct {
		name    string
		given   []rq.Event
		when    decide
		want    []rq.Event
		wantErr *domain.Error
	}{
		{"deliver", done, func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.Delivered, "", hr, now) },
			[]rq.Event{change(rq.Delivered)}, nil},
		{"partial_then_partial", append(done[:4:4], change(rq.PartiallyDeliv)),
			func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.PartiallyDeliv, "", hr, now) },
			[]rq.Event{change(rq.PartiallyDeliv)}, nil},
		{"not_delivered_then_cancelled", append(done[:4:4], change(rq.NotDelivered)),
			func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.DeliveryCancelled, "", hr, now) },
			[]rq.Event{change(rq.DeliveryCancelled)}, nil},
		{"nothing_after_cancelled", append(done[:4:4], change(rq.DeliveryCancelled)),
			func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.Delivered, "", hr, now) },
			nil, &domain.Error{Kind: domain.Refused, Field: "status", Key: rq.KeyDeliveryInvalid}},
		{"only_hr_delivers", done, func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.Delivered, "", facts(marcos), now) },
			nil, &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{"no_delivery_before_approval", done[:2], func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.Delivered, "", hr, now) },
			nil, &domain.Error{Kind: domain.Refused, Field: "status", Key: rq.KeyDeliveryInvalid}},
		{"confirm_receipt", append(done[:4:4], change(rq.Delivered)),
			func(r *rq.Request) ([]rq.Event, error) { return r.ConfirmReceipt("recebido", facts(ana), now) },
			[]rq.Event{rq.ReceiptConfirmed{Comment: "recebido", By: by(ana)}}, nil},
		{"confirm_before_delivery", done, func(r *rq.Request) ([]rq.Event, error) { return r.ConfirmReceipt("", facts(ana), now) },
			nil, &domain.Error{Kind: domain.Refused, Field: "request", Key: rq.KeyNotDelivered}},
		{"confirm_by_a_stranger", append(done[:4:4], change(rq.Delivered)),
			func(r *rq.Request) ([]rq.Event, error) { return r.ConfirmReceipt("", facts(other), now) },
			nil, &domain.Error{Kind: domain.Forbidden, Field: "request", Key: domain.KeyDenied}},
		{"nothing_after_confirmed", append(done[:4:4], change(rq.Delivered), rq.ReceiptConfirmed{By: by(ana)}),
			func(r *rq.Request) ([]rq.Event, error) { return r.ChangeDelivery(rq.NotDelivered, "", hr, now) },
			nil, &domain.Error{Kind: domain.Refused, Field: "status", Key: rq.KeyDeliveryInvalid}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.when(rq.Fold(tc.given))
			if tc.wantErr != nil {
				wantErr(t, err, tc.wantErr.Kind, tc.wantErr.Field, tc.wantErr.Key)
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %#v, %v; want %#v", got, err, tc.want)
			}
		})
	}
}

func TestUndoAfterDeliveryBeganIsRefused(t *testing.T) {
	t.Parallel()
	r := rq.Fold([]rq.Event{created(rq.Compra, fields()), sent(chain[:1]), approved(0, rq.KindManager, marcos, true),
		rq.DeliveryChanged{Status: rq.Delivered, By: by(helena)}})
	_, err := r.Undo(rq.Decide{Step: 0, Facts: facts(marcos)}, now)
	wantErr(t, err, domain.Refused, "request", rq.KeyInDelivery)
}

func TestBuildChain(t *testing.T) {
	t.Parallel()
	steps := rq.BuildChain(nil, rq.Actor{})
	if len(steps) != 1 || steps[0].Kind != rq.KindHR || steps[0].Index != 0 || steps[0].Role != rq.RoleHR {
		t.Fatalf("no manager: %+v, want the HR step alone", steps)
	}
	if len(phased) != 3 || phased[0].Designated != marcos || phased[1].Designated != buyer || phased[2].Index != 2 || phased[1].Label != "compras" {
		t.Fatalf("phased chain %+v", phased)
	}
}

func TestPurchasedTypes(t *testing.T) {
	t.Parallel()
	var got []rq.Origin
	for _, ty := range rq.PurchasedTypes(append(bought, "pwa-req-tools-EPI", "pwa-req-tools-delivery")) {
		got = append(got, ty.Origin)
	}
	want := []rq.Origin{rq.Folha, rq.Compra, rq.EPI}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("types %v, want %v (purchase orders, accounts payable and board stages excluded)", got, want)
	}
}

// A clone shares no memory with its request: the command layer changes clones of the request
// it caches. The walk finds any slice, map or pointer of the two that is one and the same, so a
// field added later is held to it too.
func TestCloneSharesNothing(t *testing.T) {
	f := fields()
	f.Items = []rq.Item{{ItemID: "i1", Quantity: 2}}
	f.Labels = []string{"urgente"}
	f.Absence = &rq.Absence{TipoAbono: "atestado"}
	r := &rq.Request{}
	for _, e := range []rq.Event{
		rq.Created{RequestID: "r1", Origin: rq.Compra, Subject: subject, Fields: f, Payload: []byte(`{"x":1}`), By: by(ana)},
		sent([]rq.Step{{Index: 0, Kind: rq.KindManager}, {Index: 1, Kind: rq.KindHR}}),
		approved(0, rq.KindManager, marcos, false),
		rq.AttachmentAdded{Attachment: rq.Attachment{ID: "a1", Name: "x.pdf"}, By: by(ana)},
	} {
		r.Apply(e)
	}
	c := r.Clone()
	if !reflect.DeepEqual(c, r) {
		t.Fatalf("clone %+v differs from %+v", c, r)
	}
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		switch a.Kind() {
		case reflect.Pointer:
			if !a.IsNil() && a.Pointer() == b.Pointer() {
				t.Errorf("%s: the same pointer", path)
			}
			if !a.IsNil() && !b.IsNil() {
				walk(path, a.Elem(), b.Elem())
			}
		case reflect.Slice, reflect.Map:
			if a.Len() > 0 && a.Pointer() == b.Pointer() {
				t.Errorf("%s: the same %s", path, a.Kind())
			}
			if a.Kind() == reflect.Slice {
				for i := range min(a.Len(), b.Len()) {
					walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
				}
			}
		case reflect.Struct:
			for i := range a.NumField() {
				walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
			}
		}
	}
	walk("Request", reflect.ValueOf(r), reflect.ValueOf(c))
	if t.Failed() {
		return
	}
	// Deciding on the clone leaves the request as it was.
	before := r.Clone()
	c.Apply(approved(1, rq.KindHR, helena, true))
	if !reflect.DeepEqual(r, before) {
		t.Fatalf("the request changed with its clone: %+v", r)
	}
}
