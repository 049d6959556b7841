-- +goose Up
-- Each row's digest (domain/timesheet.RowHash) beside it: a month's hash is the hash of its
-- rows' digests, so summing a month reads no marks.
ALTER TABLE timesheet_days ADD COLUMN row_hash text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE timesheet_days DROP COLUMN row_hash;
