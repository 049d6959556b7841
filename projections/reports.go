package projections

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
	"portal/push"
)

// What the report projections of the areas share.

// PublishReport tells each tenant of events that report changed (once per batch and tenant).
func PublishReport(ctx context.Context, tx pgx.Tx, report string, events []eventstore.RecordedEvent, relevant func(string) bool) error {
	return PublishTenants(ctx, tx, ReportTopic, map[string]string{"report": report}, events, relevant)
}

// PublishTenants pushes topic with data to every user of each tenant that has a relevant event
// in the batch, once per tenant, at its last such event: the push of a read model whose
// screens simply read again (the FAQ, fences, payroll documents, ombudsman reports), so a
// command's own screen follows the projection instead of racing it.
func PublishTenants(ctx context.Context, tx pgx.Tx, topic string, data any, events []eventstore.RecordedEvent, relevant func(string) bool) error {
	last := map[uuid.UUID]eventstore.Cursor{}
	var order []uuid.UUID
	for _, e := range events {
		if !relevant(e.Type) {
			continue
		}
		if _, ok := last[e.Tenant]; !ok {
			order = append(order, e.Tenant)
		}
		last[e.Tenant] = e.Cursor
	}
	msgs := make([]push.Message, 0, len(order))
	for _, t := range order {
		msgs = append(msgs, push.Message{Tenant: t, Topic: topic, Event: last[t], Data: data})
	}
	return push.Publish(ctx, tx, msgs...)
}

// WeekOf is the Monday (UTC) of t's week: the reports' weekly grain.
func WeekOf(t time.Time) time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// ReportTopic is the push topic of a report whose read model changed (docs/api.md "Reports"):
// {report}, to the whole tenant; open dashboards reload that report.
const ReportTopic = "report.changed"
