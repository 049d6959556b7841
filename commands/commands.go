// Package commands holds one handler per command: authorize, load the aggregate by replaying
// its stream, let the domain decide, append the events with the expected version.
//
// Commands are idempotent by command id: the ids of the events a command appends are derived
// from its tenant, stream and command id, so a retried command finds its own events in the
// stream and answers what it answered the first time, and the store refuses to store them
// twice (ARCHITECTURE.md, event store contract 2).
package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"portal/auth"
	"portal/domain"
	rq "portal/domain/request"
	"portal/eventstore"
)

// namespace is the UUIDv5 namespace of ids derived from command ids. It must never change:
// a retried command has to derive the same ids as the first attempt.
var Namespace = uuid.MustParse("6f1d3b9e-2a7c-4e55-9d0b-8c3f5a1e7b42")

// MaxCommandID is the longest client idempotency key accepted.
const MaxCommandID = 200

// CommandID returns the command id for a request: the client's idempotency key when it sent
// one (header Idempotency-Key), else a random id, which makes the command unrepeatable.
func CommandID(key string) (string, error) {
	key = strings.TrimSpace(key)
	if key == "" {
		return uuid.NewString(), nil
	}
	if len(key) > MaxCommandID || strings.ContainsFunc(key, unicode.IsControl) {
		return "", domain.InvalidField("Idempotency-Key", domain.KeyInvalid)
	}
	return key, nil
}

// DeriveID is the id of the thing named part (an event index, "mark", "address") that the
// command commandID creates in the tenant's stream. The tenant and stream are part of the
// name because event ids are unique across the whole store and two users may pick the same
// idempotency key.
func DeriveID(tenant uuid.UUID, stream, commandID, part string) uuid.UUID {
	return uuid.NewSHA1(Namespace, []byte(tenant.String()+"\x00"+stream+"\x00"+commandID+"\x00"+part))
}

// eventID is the id of the n-th event a command appends.
func EventID(tenant uuid.UUID, stream, commandID string, n int) uuid.UUID {
	return DeriveID(tenant, stream, commandID, fmt.Sprintf("event/%d", n))
}

// errRetry asks the retry loop to reload and decide again.
var ErrRetry = errors.New("commands: retry")

// withRetry runs attempt again, up to three times in all, when it failed on a concurrent
// append (the stream moved between load and append): a new attempt sees the other
// writer's events.
func WithRetry(attempt func() error) error {
	return WithRetries(func(bool) error { return attempt() })
}

// withRetries is withRetry for an attempt that decides differently when it is a retry (one
// on a cached state: see since).
func WithRetries(attempt func(retry bool) error) error {
	err := attempt(false)
	for i := 0; i < 2 && (errors.Is(err, eventstore.ErrConcurrency) || errors.Is(err, ErrRetry)); i++ {
		err = attempt(true)
	}
	if errors.Is(err, ErrRetry) {
		err = eventstore.ErrConcurrency
	}
	return err
}

// maxCommutingAttempts bounds RetryCommuting: far more than any number of one person's
// devices punching at once, so only a stream that never settles gives up.
const maxCommutingAttempts = 100

// RetryCommuting is WithRetries for a command whose events commute with any concurrent
// writer's (a clock mark: marks of one person never exclude each other), which must never be
// refused for a concurrency reason. Every concurrent append round has one winner, so N
// writers need up to N attempts, not three; each retry re-reads the stream and decides again,
// so the rules that do read the state (the saved addresses) stay right. After the first
// retries it waits a few random milliseconds so that writers from several processes spread
// out; ctx ends the wait.
func RetryCommuting(ctx context.Context, attempt func(retry bool) error) error {
	err := attempt(false)
	for i := 1; i < maxCommutingAttempts && (errors.Is(err, eventstore.ErrConcurrency) || errors.Is(err, ErrRetry)); i++ {
		if i > 2 {
			t := time.NewTimer(time.Duration(1+rand.IntN(min(i, 20))) * time.Millisecond)
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
		err = attempt(true)
	}
	if errors.Is(err, ErrRetry) {
		err = eventstore.ErrConcurrency
	}
	return err
}

// wrap adds the operation to an error: defer wrap(&err, "RegisterMark(%s)", id).
func Wrap(err *error, format string, args ...any) {
	if *err != nil {
		*err = fmt.Errorf(format+": %w", append(args, *err)...)
	}
}

// eventData is an event of type typ whose data is v (a data type of domain/<area>/data.go)
// as JSON.
func EventData(id uuid.UUID, typ string, v any) (eventstore.EventData, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return eventstore.EventData{}, err
	}
	return eventstore.EventData{ID: id, Type: typ, SchemaVersion: 1, Data: data}, nil
}

// encodeEvents is the stored form of the events a command appends to stream, their ids
// derived from its command id (eventID).
func EncodeEvents[E any](tenant uuid.UUID, stream, commandID string, events []E,
	encode func(uuid.UUID, E) (eventstore.EventData, error)) ([]eventstore.EventData, error) {
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = encode(EventID(tenant, stream, commandID, i), e); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// expectedVersion is the version a stream must still have for an append after events.
func ExpectedVersion(events []eventstore.RecordedEvent) int64 {
	if len(events) == 0 {
		return eventstore.NoStream
	}
	return events[len(events)-1].Version
}

// expectedAt is the version a stream must still have for an append on a state folded up to
// version (-1: nothing, the stream must not exist).
func ExpectedAt(version int64) int64 {
	if version < 0 {
		return eventstore.NoStream
	}
	return version
}

func Forbidden(field string) *domain.Error {
	return &domain.Error{Kind: domain.Forbidden, Field: field, Key: domain.KeyDenied}
}

// logHandler is what a handler that reads and appends only the log needs: the event store
// and the server clock.
type LogHandler struct {
	Store eventstore.Store
	Now   func() time.Time
}

// newLogHandler refuses nil dependencies, naming the constructor in its error.
func NewLogHandler(name string, store eventstore.Store, now func() time.Time) (LogHandler, error) {
	if store == nil || now == nil {
		return LogHandler{}, errors.New("commands." + name + ": nil dependency")
	}
	return LogHandler{Store: store, Now: now}, nil
}

// Actor is the signed-in user who gives a vacation command.
type Actor struct {
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID
	Roles      []string
}

// IsHR tells whether the actor decides at the HR step and manages every employee's vacations
// (spec portal-business §1: HR admins approve at the HR step).
func (a Actor) IsHR() bool { return slices.Contains(a.Roles, auth.RoleHRAdmin) }

func MetaOf(tenant, user uuid.UUID, stream, commandID string) eventstore.Meta {
	id := DeriveID(tenant, stream, commandID, "command")
	return eventstore.Meta{Tenant: tenant, Actor: user.String(), CorrelationID: id, CausationID: id, CommandID: commandID}
}

// idempotencyConflict answers a command whose id was already used by another command on
// the same stream.
func IdempotencyConflict() *domain.Error {
	return &domain.Error{Kind: domain.Conflict, Field: "Idempotency-Key", Key: domain.KeyInvalid}
}

func TruncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// notFound is the answer for an unknown notification or user.
func NotFound(field string) *domain.Error {
	return &domain.Error{Kind: domain.NotFound, Field: field, Key: domain.KeyNotFound}
}

// RequestCaller is the signed-in user a request command runs for (from the verified token).
type RequestCaller struct {
	Tenant     uuid.UUID
	UserID     uuid.UUID
	UserHash   string
	EmployeeID uuid.UUID // zero for a user without an employee record
	Roles      []string
}

func (c RequestCaller) Actor() rq.Actor { return rq.Actor{ID: c.UserID.String(), Hash: c.UserHash} }

func (c RequestCaller) Valid() error {
	if c.Tenant == uuid.Nil || c.UserID == uuid.Nil {
		return errors.New("tenant and user are required")
	}
	return nil
}
