-- +goose Up
-- Read models of the quick time clock (projections/clock.go), rebuilt from the clock.* events.
-- Only registered marks are projected; refused attempts stay in the event log for audits.

CREATE TABLE clock_marks (
    tenant_id        uuid             NOT NULL,
    id               uuid             NOT NULL, -- markId
    employee_id      uuid             NOT NULL,
    user_id          uuid             NOT NULL,
    user_hash        text             NOT NULL DEFAULT '',
    recorded_at      timestamptz      NOT NULL, -- the server's clock
    client_time      text             NOT NULL DEFAULT '', -- n09_001_t as the client sent it
    by_google        boolean          NOT NULL DEFAULT false,
    address          text             NOT NULL, -- the selected address
    lat              double precision NOT NULL,
    lon              double precision NOT NULL,
    captured_address text,
    captured_lat     double precision,
    captured_lon     double precision,
    nearest_fence    text,
    nearest_distance double precision, -- metres, computed by the server
    position         bigint           NOT NULL, -- global position of the event
    PRIMARY KEY (tenant_id, id)
);
-- v2/historico-ponto: the newest marks of an employee.
CREATE INDEX clock_marks_employee_idx ON clock_marks (tenant_id, employee_id, recorded_at DESC, position DESC);

CREATE TABLE clock_addresses (
    tenant_id   uuid             NOT NULL,
    employee_id uuid             NOT NULL,
    ukey        text             NOT NULL,
    address     text             NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    saved_at    timestamptz      NOT NULL,
    position    bigint           NOT NULL,
    -- The primary key leads with the employee: it is also the index of
    -- historico-endereco-ponto ("addresses of an employee").
    PRIMARY KEY (tenant_id, employee_id, ukey)
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['clock_marks', 'clock_addresses'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE clock_addresses, clock_marks;
