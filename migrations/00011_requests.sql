-- +goose Up
-- Requests, approvals and deliveries (spec portal-business §2 Requests, §3, §4, §7).
-- Supporting data (not history): the approval chains per type, the approvers' absences, the
-- item catalogue and the attachment bytes. The read model of the requests
-- (projections/requests.go) is rebuilt from the request.* events of the streams request-<id>.

-- The approval chain of each request type, per tenant (docs/api.md "Requests"). A type
-- without rows uses the default chain: the employee's manager, then HR.
CREATE TABLE request_chains (
    tenant_id          uuid     NOT NULL REFERENCES tenants(id),
    origin             smallint NOT NULL,
    position           smallint NOT NULL,
    kind               text     NOT NULL CHECK (kind IN ('manager', 'hr', 'phase')),
    label              text     NOT NULL DEFAULT '',
    role               text     NOT NULL DEFAULT '', -- empty: HR admins (pwa-rh-adm)
    designated_user_id uuid,                         -- the one approver the step is locked to
    PRIMARY KEY (tenant_id, origin, position),
    FOREIGN KEY (tenant_id, designated_user_id) REFERENCES users (tenant_id, id)
);

-- Approvers away (vacation, leave): a step locked to one of them may be decided by others
-- meanwhile (§4). The vacation module will feed it; the seed has one absent approver.
CREATE TABLE approver_absences (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    user_id   uuid NOT NULL,
    starts_on date NOT NULL,
    ends_on   date NOT NULL,
    reason    text NOT NULL DEFAULT 'vacation' CHECK (reason IN ('vacation', 'leave')),
    PRIMARY KEY (tenant_id, user_id, starts_on),
    CHECK (ends_on >= starts_on)
);

-- The items a request can ask for (itemSearch). item_type is §3 "Item type".
CREATE TABLE request_items (
    tenant_id   uuid     NOT NULL REFERENCES tenants(id),
    id          uuid     NOT NULL,
    code        text     NOT NULL,
    description text     NOT NULL,
    item_type   smallint NOT NULL DEFAULT 1,
    unit        text     NOT NULL DEFAULT 'UN',
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX request_items_description_idx ON request_items (tenant_id, lower(description));

-- Attachment bytes, named by the request.attachment_added.v1 event (id and SHA-256).
CREATE TABLE request_files (
    tenant_id  uuid        NOT NULL REFERENCES tenants(id),
    id         uuid        NOT NULL,
    request_id uuid        NOT NULL,
    name       text        NOT NULL,
    kind       text        NOT NULL,
    size       bigint      NOT NULL,
    sha256     text        NOT NULL,
    content    bytea       NOT NULL,
    created_by uuid        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);

-- The read model: one row per request, with the columns the lists filter on and the
-- request as the API answers it (doc).
CREATE TABLE requests (
    tenant_id           uuid        NOT NULL,
    id                  uuid        NOT NULL,
    origin              smallint    NOT NULL,
    subject_employee_id uuid        NOT NULL,
    subject_user_id     uuid,
    creator_user_id     uuid        NOT NULL,
    title               text        NOT NULL,
    status              text        NOT NULL,
    approval_status     text        NOT NULL,
    delivery_status     text,
    priority            smallint    NOT NULL,
    reference_date      date        NOT NULL,
    labels              text[]      NOT NULL DEFAULT '{}',
    rank                int         NOT NULL DEFAULT 0,
    current_step        int,
    step_designated  uuid,       -- the approver the waiting step is locked to
    step_role        text,       -- who else may decide it (all of them when nobody is designated)
    locked              boolean     NOT NULL DEFAULT false,
    deciders            uuid[]      NOT NULL DEFAULT '{}', -- users who decided a step (approver folder all)
    approvers           uuid[]      NOT NULL DEFAULT '{}', -- designated approvers of every step (visibility)
    state               jsonb       NOT NULL, -- the folded aggregate, to apply the next event
    doc                 jsonb       NOT NULL, -- the request as the API answers it
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    version             int         NOT NULL,
    position            bigint      NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
-- The requester's list and history.
CREATE INDEX requests_subject_idx ON requests (tenant_id, subject_employee_id, rank, created_at DESC);
-- The approver queue (projections/requests_queries.go): one branch per designated approver and
-- one per role, each an ordered index scan; the included columns let counts be index-only.
CREATE INDEX requests_queue_designated_idx ON requests (tenant_id, step_designated, updated_at DESC, id)
    INCLUDE (subject_user_id, step_role) WHERE status = 'waiting';
CREATE INDEX requests_queue_role_idx ON requests (tenant_id, step_role, updated_at DESC, id)
    INCLUDE (subject_user_id) WHERE status = 'waiting' AND step_designated IS NULL;
CREATE INDEX requests_deciders_idx ON requests USING gin (deciders);
-- The delivery queue.
CREATE INDEX requests_delivery_idx ON requests (tenant_id, delivery_status, updated_at DESC)
    WHERE delivery_status IS NOT NULL;

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['request_chains', 'approver_absences', 'request_items', 'request_files', 'requests'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE requests;
DROP TABLE request_files;
DROP TABLE request_items;
DROP TABLE approver_absences;
DROP TABLE request_chains;
