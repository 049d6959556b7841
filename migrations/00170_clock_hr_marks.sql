-- +goose Up
-- HR marking (marcação; issue 30): a mark HR recorded for an employee
-- (clock.mark_recorded_by_hr.v1) is a row of clock_marks like a punch, flagged here with the
-- HR user and the reason so that every screen tells it from the employee's own punch
-- (projections/clock/adjustments.go). The list of recent HR marks reads the partial index.

ALTER TABLE clock_marks
    ADD COLUMN by_hr       boolean NOT NULL DEFAULT false, -- recorded by HR, not punched
    ADD COLUMN hr_actor_id uuid,                           -- the HR user who recorded it
    ADD COLUMN hr_reason   text,                           -- HR's reason
    ADD COLUMN hr_kind     text;                           -- device, field, forgot, other

CREATE INDEX clock_marks_by_hr_idx ON clock_marks (tenant_id, position DESC) WHERE by_hr;

-- +goose Down
DROP INDEX clock_marks_by_hr_idx;
ALTER TABLE clock_marks DROP COLUMN by_hr, DROP COLUMN hr_actor_id, DROP COLUMN hr_reason, DROP COLUMN hr_kind;
