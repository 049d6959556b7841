package surveys

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"portal/domain/survey"
	"portal/eventstore"
	"portal/projections"
)

// Report keeps report_surveys (each survey and how many people it asked) and
// report_survey_weekly (completed responses per week and, for eNPS surveys, the promoters,
// passives and detractors of the rating): response rates and the eNPS trend.
type Report struct{}

var _ projections.Projection = Report{}

// Name implements Projection.
func (Report) Name() string { return "report_surveys" }

// Areas implements Selective.
func (Report) Areas() []string { return []string{"survey."} }

// Tables implements Tabled.
func (Report) Tables() []string { return []string{"report_surveys", "report_survey_weekly"} }

// Reset implements Projection.
func (p Report) Reset(ctx context.Context, tx pgx.Tx) error {
	return projections.Truncate(ctx, tx, p.Tables())
}

type surveyWeekKey struct {
	tenant, survey string
	week           time.Time
}

// Apply implements Projection.
func (Report) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	var weeks projections.Folds[surveyWeekKey, [4]int32] // completed, promoters, passives, detractors
	for _, e := range events {
		switch e.Type {
		case survey.TypeCreated:
			var d struct {
				ID, Kind, Title       string
				Start, End, CreatedAt time.Time
				Audience              struct {
					All                bool
					Units, Departments []string
					Evaluators         []struct{ UserID string }
				}
			}
			if err := projections.DecodeData(e, &d); err != nil {
				return err
			}
			// Everyone the audience rule reached at creation (a 360: its evaluators).
			a := d.Audience
			_, err := tx.Exec(ctx, `
INSERT INTO report_surveys (tenant_id, survey_id, kind, title, created_at, start_at, end_at, invited)
SELECT $1, $2, $3, $4, $5, $10, $11, CASE WHEN $9 > 0 THEN $9 ELSE (
    SELECT count(*) FROM employees e
    WHERE e.tenant_id = $1 AND e.status <> 'inactive'
      AND ($6 OR e.business_unit_id::text = ANY($7) OR e.department_id::text = ANY($8))) END
ON CONFLICT (tenant_id, survey_id) DO NOTHING`,
				e.Tenant, d.ID, d.Kind, d.Title, projections.OrRecorded(d.CreatedAt, e),
				a.All, nonNilStrings(a.Units), nonNilStrings(a.Departments), len(a.Evaluators), d.Start, d.End)
			if err != nil {
				return fmt.Errorf("report surveys: %w", err)
			}
		case survey.TypeClosed:
			// Closed early: the survey's period ends that day.
			var d survey.ClosedData
			if err := projections.DecodeData(e, &d); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE report_surveys SET end_at = least(end_at, $3) WHERE tenant_id = $1 AND survey_id = $2`,
				e.Tenant, d.ID, projections.OrRecorded(d.ClosedAt, e)); err != nil {
				return fmt.Errorf("report surveys: %w", err)
			}
		case survey.TypeCompleted:
			var d struct {
				SurveyID, Kind string
				CompletedAt    time.Time
				Answers        []struct{ Value string }
			}
			if err := projections.DecodeData(e, &d); err != nil {
				return err
			}
			w := weeks.At(surveyWeekKey{e.Tenant.String(), d.SurveyID, projections.WeekOf(projections.OrRecorded(d.CompletedAt, e))})
			w[0]++
			if d.Kind == string(survey.KindENPS) {
				if bucket, ok := enpsBucket(d.Answers); ok {
					w[bucket]++
				}
			}
		}
	}
	if len(weeks.Keys) == 0 {
		return projections.PublishReport(ctx, tx, "surveys", events, func(t string) bool { return t == survey.TypeCreated || t == survey.TypeClosed })
	}
	n := len(weeks.Keys)
	tenants, surveys := make([]string, n), make([]string, n)
	days := make([]pgtype.Date, n)
	var cols [4][]int32
	for i, k := range weeks.Keys {
		tenants[i], surveys[i], days[i] = k.tenant, k.survey, pgtype.Date{Time: k.week, Valid: true}
		for c := range cols {
			cols[c] = append(cols[c], weeks.At(k)[c])
		}
	}
	_, err := tx.Exec(ctx, `
INSERT INTO report_survey_weekly AS w (tenant_id, survey_id, week, completed, promoters, passives, detractors)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::int[], $5::int[], $6::int[], $7::int[])
ON CONFLICT (tenant_id, survey_id, week) DO UPDATE
SET completed = w.completed + EXCLUDED.completed, promoters = w.promoters + EXCLUDED.promoters,
    passives = w.passives + EXCLUDED.passives, detractors = w.detractors + EXCLUDED.detractors`,
		tenants, surveys, days, cols[0], cols[1], cols[2], cols[3])
	if err != nil {
		return fmt.Errorf("report surveys: %w", err)
	}
	return projections.PublishReport(ctx, tx, "surveys", events, func(t string) bool {
		return t == survey.TypeCompleted || t == survey.TypeCreated || t == survey.TypeClosed
	})
}

// enpsBucket is where a completed eNPS response falls by its rating (the first answer that
// is a whole number 0..10): 1 promoter (9-10), 2 passive (7-8), 3 detractor (0-6).
func enpsBucket(answers []struct{ Value string }) (int, bool) {
	for _, a := range answers {
		r, err := strconv.Atoi(a.Value)
		if err != nil || r < 0 || r > 10 {
			continue
		}
		switch {
		case r >= 9:
			return 1, true
		case r >= 7:
			return 2, true
		}
		return 3, true
	}
	return 0, false
}
