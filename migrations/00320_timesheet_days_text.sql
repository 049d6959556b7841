-- +goose Up
-- A day's schedule and marks (timesheet_days.spans, .marks) are kept as the JSON text the
-- timesheet projection writes: only the projection reads them back (its Read decodes them),
-- and parsing them into jsonb was most of the cost of copying a replay's rows (17,160 rows:
-- 240 ms as jsonb, 171 ms as text, without the key). The database no longer checks them.
ALTER TABLE timesheet_days ALTER spans TYPE text, ALTER marks TYPE text;

-- +goose Down
ALTER TABLE timesheet_days ALTER spans TYPE jsonb USING spans::jsonb, ALTER marks TYPE jsonb USING marks::jsonb;
