-- +goose Up
-- Vacations (spec portal-business §2 Vacations, §3, §4, §5, §9). The read model of the
-- vacation.* events of the streams vacation-<employeeId> (projections/vacations.go), and the
-- tenant's own fixed holidays (supporting data, not history).

-- A tenant's own fixed-date holidays (spec §9: "fixed dates include 12 June"); the national
-- and movable ones are computed (domain/vacation/holidays.go).
CREATE TABLE tenant_holidays (
    tenant_id uuid     NOT NULL REFERENCES tenants(id),
    month     smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
    day       smallint NOT NULL CHECK (day BETWEEN 1 AND 31),
    name      text     NOT NULL,
    PRIMARY KEY (tenant_id, month, day)
);

-- One row per employee whose entitlement is open: periods count from hired.
CREATE TABLE vacation_entitlements (
    tenant_id   uuid   NOT NULL,
    employee_id uuid   NOT NULL,
    hired       date   NOT NULL,
    position    bigint NOT NULL,
    PRIMARY KEY (tenant_id, employee_id)
);

-- One row per request (leave), whatever its status.
CREATE TABLE vacation_leaves (
    tenant_id    uuid        NOT NULL,
    id           uuid        NOT NULL,
    employee_id  uuid        NOT NULL,
    start_date   date        NOT NULL,
    end_date     date        NOT NULL,
    days         smallint    NOT NULL,
    abono_days   smallint    NOT NULL DEFAULT 0,
    advance13    boolean     NOT NULL DEFAULT false,
    period       smallint    NOT NULL,
    status       text        NOT NULL CHECK (status IN ('pending', 'scheduled', 'rejected', 'cancelled')),
    steps        text[]      NOT NULL DEFAULT '{}', -- the approval chain taken at filing
    step         smallint    NOT NULL DEFAULT 0,    -- the step deciding now (while pending)
    requested_at timestamptz NOT NULL,
    requested_by text        NOT NULL DEFAULT '',
    decided_at   timestamptz,
    decided_by   text        NOT NULL DEFAULT '',
    comment      text        NOT NULL DEFAULT '',
    decisions    jsonb       NOT NULL DEFAULT '[]', -- [{step, kind, approved, by, at, comment}]
    position     bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX vacation_leaves_employee_idx ON vacation_leaves (tenant_id, employee_id, start_date);
-- The map: who is away in a date range.
CREATE INDEX vacation_leaves_range_idx ON vacation_leaves (tenant_id, start_date, end_date)
    WHERE status IN ('pending', 'scheduled');

CREATE TABLE vacation_plans (
    tenant_id   uuid        NOT NULL,
    id          uuid        NOT NULL,
    employee_id uuid        NOT NULL,
    start_date  date        NOT NULL,
    end_date    date        NOT NULL,
    days        smallint    NOT NULL,
    planned_by  text        NOT NULL DEFAULT '',
    planned_at  timestamptz NOT NULL,
    position    bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX vacation_plans_range_idx ON vacation_plans (tenant_id, start_date, end_date);

CREATE TABLE vacation_closures (
    tenant_id   uuid     NOT NULL,
    employee_id uuid     NOT NULL,
    period      smallint NOT NULL,
    reason      text     NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, period)
);

CREATE TABLE vacation_alerts (
    tenant_id   uuid        NOT NULL,
    employee_id uuid        NOT NULL,
    period      smallint    NOT NULL,
    threshold   smallint    NOT NULL,
    raised_at   timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, period, threshold)
);

-- The process manager process.VacationRulings: the request (origin Ferias 10) filed for a leave.
CREATE TABLE vacation_request_links (
    tenant_id   uuid NOT NULL,
    request_id  uuid NOT NULL,
    employee_id uuid NOT NULL,
    leave_id    uuid NOT NULL,
    PRIMARY KEY (tenant_id, request_id)
);

-- The projection and the write side run as the owning role; the API as portal_app under RLS.
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenant_holidays', 'vacation_entitlements', 'vacation_leaves', 'vacation_plans',
                             'vacation_closures', 'vacation_alerts', 'vacation_request_links'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE vacation_request_links;
DROP TABLE vacation_alerts;
DROP TABLE vacation_closures;
DROP TABLE vacation_plans;
DROP TABLE vacation_leaves;
DROP TABLE vacation_entitlements;
DROP TABLE tenant_holidays;
