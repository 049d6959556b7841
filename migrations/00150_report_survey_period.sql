-- +goose Up
-- The surveys report lists the surveys open during the period asked (their start to their end,
-- or to the day HR closed them), not every survey created in the year before it.
ALTER TABLE report_surveys ADD COLUMN start_at timestamptz, ADD COLUMN end_at timestamptz;
UPDATE report_surveys r SET start_at = s.start_at, end_at = s.end_at
FROM surveys s WHERE s.tenant_id = r.tenant_id AND s.id = r.survey_id;
UPDATE report_surveys SET start_at = coalesce(start_at, created_at), end_at = coalesce(end_at, 'infinity');
ALTER TABLE report_surveys ALTER COLUMN start_at SET NOT NULL, ALTER COLUMN end_at SET NOT NULL;

-- +goose Down
ALTER TABLE report_surveys DROP COLUMN start_at, DROP COLUMN end_at;
