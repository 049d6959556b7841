-- +goose Up
-- Read models of the surveys and 360 evaluations (projections/surveys.go), rebuilt from the
-- survey.* events of the streams survey-<id> and surveyresponse-<id> (spec portal-business
-- §2 Surveys, §3 Survey and Question, §4 survey answering, §7 Surveys and 360).

-- One row per survey as HR created it; the audience is kept as arrays so that "is this
-- person in it" is an index-free ANY() over a handful of ids.
CREATE TABLE surveys (
    tenant_id    uuid        NOT NULL,
    id           uuid        NOT NULL,
    kind         text        NOT NULL CHECK (kind IN ('enps', 'clima', 'enquete', '360')),
    title        text        NOT NULL,
    description  text        NOT NULL DEFAULT '',
    start_at     timestamptz NOT NULL,
    end_at       timestamptz NOT NULL,
    for_all      boolean     NOT NULL DEFAULT false,
    unit_ids     text[]      NOT NULL DEFAULT '{}',
    dept_ids     text[]      NOT NULL DEFAULT '{}',
    subject_id   text        NOT NULL DEFAULT '', -- 360: the evaluated user
    evaluators   jsonb       NOT NULL DEFAULT '[]', -- 360: [{userId, relation}]
    evaluator_ids text[]     NOT NULL DEFAULT '{}',
    questions    jsonb       NOT NULL, -- [{ukey, oa9_001_c, oa9_003_m, oa9_004_n, ...}]
    closed       boolean     NOT NULL DEFAULT false,
    respondents  bigint      NOT NULL DEFAULT 0, -- completed responses
    created_by   text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL,
    position     bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX surveys_kind_idx ON surveys (tenant_id, kind, end_at DESC);

-- One row per survey and respondent: the saved answers (ukey -> canonical value), the active
-- step (-1 written by a batch that did not move it) and whether it was finished.
CREATE TABLE survey_responses (
    tenant_id    uuid        NOT NULL,
    survey_id    uuid        NOT NULL,
    user_id      uuid        NOT NULL,
    response_id  uuid        NOT NULL,
    step         int         NOT NULL DEFAULT 0,
    answers      jsonb       NOT NULL DEFAULT '{}',
    completed    boolean     NOT NULL DEFAULT false,
    completed_at timestamptz,
    PRIMARY KEY (tenant_id, survey_id, user_id)
);
CREATE INDEX survey_responses_user_idx ON survey_responses (tenant_id, user_id);

-- Results kept incrementally from completed responses, so that reading a score is a few
-- rows whatever the number of answers. Per survey, relation (360; '' otherwise), question
-- and bucket: question '' bucket '' counts respondents; bucket '*' holds the count and sum
-- of a numeric question; any other bucket counts one value (a rating, true/false, an option).
CREATE TABLE survey_tallies (
    tenant_id     uuid    NOT NULL,
    survey_id     uuid    NOT NULL,
    relation      text    NOT NULL,
    question_ukey text    NOT NULL,
    bucket        text    NOT NULL,
    n             bigint  NOT NULL,
    total         numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, survey_id, relation, question_ukey, bucket)
);

-- The individual development plan (PDI): actions agreed after a 360 (stream pdi-<userId>).
CREATE TABLE pdi_actions (
    tenant_id   uuid        NOT NULL,
    id          uuid        NOT NULL,
    user_id     uuid        NOT NULL, -- whose plan
    survey_id   uuid,                 -- the 360 it follows
    title       text        NOT NULL,
    due_date    date,
    created_by  uuid        NOT NULL,
    created_at  timestamptz NOT NULL,
    done        boolean     NOT NULL DEFAULT false,
    done_at     timestamptz,
    position    bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX pdi_actions_user_idx ON pdi_actions (tenant_id, user_id, created_at);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['surveys', 'survey_responses', 'survey_tallies', 'pdi_actions'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE pdi_actions;
DROP TABLE survey_tallies;
DROP TABLE survey_responses;
DROP TABLE surveys;
