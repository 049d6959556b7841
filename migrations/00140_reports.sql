-- +goose Up
-- HR reporting read models (issue: HR reporting from read models, and the three dashboards).
-- Each is written by its own projection (projections/report_*.go) with its own checkpoint,
-- replayable like every other read model; reports read only these tables.

-- Mood: each employee's check-ins of a week (Monday, UTC), with the department, unit and
-- manager they had when they checked in. Team figures are sums over rows; a group of fewer
-- than 3 people shows no figure (anonymity).
CREATE TABLE report_mood_weekly (
    tenant_id        uuid          NOT NULL,
    week             date          NOT NULL,
    employee_id      uuid          NOT NULL,
    department_id    uuid,
    business_unit_id uuid,
    manager_id       uuid,
    checkins         int           NOT NULL,
    humor_sum        numeric(10,1) NOT NULL,
    energy_sum       numeric(10,1) NOT NULL,
    PRIMARY KEY (tenant_id, week, employee_id)
);
CREATE INDEX report_mood_weekly_dept_idx ON report_mood_weekly (tenant_id, department_id, week);
CREATE INDEX report_mood_weekly_manager_idx ON report_mood_weekly (tenant_id, manager_id, week);

-- Approvals: each request's type, subject and chain (kept from its creation and sending), and
-- one row per step of a sent request from the moment it waits for a decision.
CREATE TABLE report_approval_requests (
    tenant_id           uuid  NOT NULL,
    request_id          uuid  NOT NULL,
    origin              int   NOT NULL,
    subject_employee_id uuid,
    chain               jsonb NOT NULL DEFAULT '[]',
    PRIMARY KEY (tenant_id, request_id)
);
CREATE TABLE report_approval_steps (
    tenant_id           uuid        NOT NULL,
    request_id          uuid        NOT NULL,
    step                int         NOT NULL,
    kind                text        NOT NULL,
    origin              int         NOT NULL,
    approver_id         uuid,       -- the designated user (or the subject's manager); null: anyone with the role
    approver_role       text        NOT NULL DEFAULT '',
    subject_employee_id uuid,
    department_id       uuid,
    business_unit_id    uuid,
    manager_id          uuid,
    opened_at           timestamptz NOT NULL,
    decided_at          timestamptz,
    decided_by          uuid,
    on_behalf_of        uuid,       -- a decision taken for someone else (a delegation)
    outcome             text        NOT NULL CHECK (outcome IN ('waiting', 'approved', 'rejected')),
    PRIMARY KEY (tenant_id, request_id, step)
);
CREATE INDEX report_approval_steps_opened_idx ON report_approval_steps (tenant_id, opened_at);
CREATE INDEX report_approval_steps_open_idx ON report_approval_steps (tenant_id, approver_id) WHERE outcome = 'waiting';

-- Surveys: completed responses of each survey per week, eNPS buckets for rating surveys, and
-- how many people each survey asked.
CREATE TABLE report_surveys (
    tenant_id  uuid        NOT NULL,
    survey_id  uuid        NOT NULL,
    kind       text        NOT NULL,
    title      text        NOT NULL,
    created_at timestamptz NOT NULL,
    invited    int         NOT NULL,
    PRIMARY KEY (tenant_id, survey_id)
);
CREATE TABLE report_survey_weekly (
    tenant_id  uuid NOT NULL,
    survey_id  uuid NOT NULL,
    week       date NOT NULL,
    completed  int  NOT NULL DEFAULT 0,
    promoters  int  NOT NULL DEFAULT 0,
    passives   int  NOT NULL DEFAULT 0,
    detractors int  NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, survey_id, week)
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['report_mood_weekly', 'report_approval_requests', 'report_approval_steps', 'report_surveys', 'report_survey_weekly'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE report_survey_weekly, report_surveys, report_approval_steps, report_approval_requests, report_mood_weekly;
