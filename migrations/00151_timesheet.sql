-- +goose Up
-- The timesheet (espelho de ponto), hour bank and absenteeism read models: the Timesheet
-- projection (projections/timesheet) keeps its own copy of the marks in force, abonos and
-- vacations from the log, computes one row a day per employee once the day is over (a day's
-- row is final two local days after it: a night shift's exit falls on the next day) and
-- recomputes it when an adjustment or an HR mark changes it later, and sums each month.
CREATE TABLE timesheet_marks (
    tenant_id     uuid        NOT NULL,
    employee_id   uuid        NOT NULL,
    mark_id       uuid        NOT NULL,
    at            timestamptz NOT NULL,          -- in force
    registered_at timestamptz,                   -- as punched; NULL for a mark an adjustment or HR added
    request_id    uuid,                          -- the adjustment that last moved or added it
    by_hr         boolean     NOT NULL DEFAULT false,
    actor_id      uuid,                          -- who recorded it (HR marks)
    reason        text        NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, employee_id, mark_id)
);
CREATE INDEX timesheet_marks_at_idx ON timesheet_marks (tenant_id, employee_id, at);

-- An employee's timesheet starts on the day of their first mark in the portal (before it, the
-- company kept time elsewhere): no row, and no absence, before it.
CREATE TABLE timesheet_starts (
    tenant_id   uuid NOT NULL,
    employee_id uuid NOT NULL,
    since       date NOT NULL,
    PRIMARY KEY (tenant_id, employee_id)
);

CREATE TABLE timesheet_excuses (
    tenant_id   uuid NOT NULL,
    request_id  uuid NOT NULL,
    employee_id uuid NOT NULL,
    day         date NOT NULL,
    from_time   text NOT NULL DEFAULT '', -- HH:mm; '' and '' is the whole day
    to_time     text NOT NULL DEFAULT '',
    reason      text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, request_id)
);
CREATE INDEX timesheet_excuses_day_idx ON timesheet_excuses (tenant_id, employee_id, day);

-- Vacations requested (approved = false) and approved: approved days are not owed.
CREATE TABLE timesheet_leaves (
    tenant_id   uuid    NOT NULL,
    request_id  uuid    NOT NULL,
    employee_id uuid    NOT NULL,
    start_date  date    NOT NULL,
    end_date    date    NOT NULL,
    approved    boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tenant_id, request_id)
);
CREATE INDEX timesheet_leaves_employee_idx ON timesheet_leaves (tenant_id, employee_id, start_date);

-- The tenant's rule as the log last set it (settings key timesheet_rule), and the days whose
-- rows are written for everyone employed (from the tenant's first event seen to the last final day).
CREATE TABLE timesheet_tenants (
    tenant_id uuid  NOT NULL PRIMARY KEY,
    rule      jsonb NOT NULL DEFAULT '{}',
    since     date,                        -- rows are written for every day from since
    through   date                         -- to through (final)
);

CREATE TABLE timesheet_days (
    tenant_id   uuid     NOT NULL,
    employee_id uuid     NOT NULL,
    day         date     NOT NULL,
    kind        text     NOT NULL,          -- work, rest, holiday, vacation, leave
    spans       jsonb    NOT NULL,          -- the schedule of the day: [[start, end]] minutes
    marks       jsonb    NOT NULL,          -- the marks in force: [{id, at, registeredAt, requestId, byHr, actorId, reason}]
    expected    integer  NOT NULL,
    worked      integer  NOT NULL,
    night       integer  NOT NULL,
    night_hours integer  NOT NULL,
    overtime50  integer  NOT NULL,
    overtime100 integer  NOT NULL,
    late        integer  NOT NULL,
    early       integer  NOT NULL,
    missing     integer  NOT NULL,
    excused     integer  NOT NULL,
    leave       integer  NOT NULL,
    absent      boolean  NOT NULL,
    incomplete  boolean  NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, day)
);

-- A month's totals per employee (domain/timesheet.Totals), its rows' hash (what a signature
-- names) and the employee's department and manager when summed (absenteeism by team).
CREATE TABLE timesheet_months (
    tenant_id     uuid    NOT NULL,
    employee_id   uuid    NOT NULL,
    month         date    NOT NULL,
    department_id uuid    NOT NULL,
    manager_id    uuid,
    expected      integer NOT NULL,
    worked        integer NOT NULL,
    night         integer NOT NULL,
    night_hours   integer NOT NULL,
    overtime50    integer NOT NULL,
    overtime100   integer NOT NULL,
    late          integer NOT NULL,
    early         integer NOT NULL,
    missing       integer NOT NULL,
    excused       integer NOT NULL,
    leave         integer NOT NULL,
    absent_days   integer NOT NULL,
    absent        integer NOT NULL,          -- minutes owed on the days of unjustified absence
    dsr_lost      integer NOT NULL,
    rows_hash     text    NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, month)
);
CREATE INDEX timesheet_months_department_idx ON timesheet_months (tenant_id, month, department_id);
CREATE INDEX timesheet_months_manager_idx ON timesheet_months (tenant_id, manager_id, month);

-- HR's closings of a month, and the employees' signatures (the last one of each month).
CREATE TABLE timesheet_closures (
    tenant_id uuid        NOT NULL,
    month     date        NOT NULL,
    closed    boolean     NOT NULL,
    by_user   uuid,
    at        timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, month)
);

CREATE TABLE timesheet_signatures (
    tenant_id   uuid        NOT NULL,
    employee_id uuid        NOT NULL,
    month       date        NOT NULL,
    user_id     uuid        NOT NULL,
    totals      jsonb       NOT NULL,
    rows_hash   text        NOT NULL,
    signed_at   timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, month)
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['timesheet_marks', 'timesheet_starts', 'timesheet_excuses', 'timesheet_leaves', 'timesheet_tenants',
                             'timesheet_days', 'timesheet_months', 'timesheet_closures', 'timesheet_signatures'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE timesheet_signatures, timesheet_closures, timesheet_months, timesheet_days, timesheet_tenants,
    timesheet_leaves, timesheet_excuses, timesheet_starts, timesheet_marks;
