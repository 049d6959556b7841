-- +goose Up
-- Legal punch records (Portaria MTP 671/2021, REP-P; docs/rep-p.md).
--
-- rep_establishments: the employer establishment each tenant's marks belong to (its CNPJ),
-- with the NSR counter and the hash of its last type-7 record. One establishment per tenant.
-- rep_record_types: the event types that take an NSR, and the AFD record kind they become.
-- Adding a kind of record is one row here.
-- rep_records: one row per NSR, written by the trigger below in the append transaction of
-- the event (eventstore/postgres.go appends in one statement; the trigger is part of it).
-- The counter row is locked until the append commits, so NSRs are gapless and never reused
-- whatever the number of writers or portal processes: a rolled-back append rolls its NSR
-- back with it.
CREATE TABLE rep_establishments (
    tenant_id  uuid PRIMARY KEY REFERENCES tenants(id),
    cnpj       text NOT NULL UNIQUE CHECK (cnpj ~ '^[0-9]{14}$'),
    name       text NOT NULL,
    place      text NOT NULL DEFAULT '',
    time_zone  text NOT NULL DEFAULT 'America/Sao_Paulo',
    last_nsr   bigint NOT NULL DEFAULT 0,
    last_hash  text NOT NULL DEFAULT repeat(' ', 64), -- the first record chains to 64 spaces
    inpi       text NOT NULL DEFAULT '' -- the REP-P's INPI registration number (header 190-206)
);

CREATE TABLE rep_record_types (
    type     text PRIMARY KEY,
    afd_kind text NOT NULL -- the AFD record type ("7": marking by REP-P)
);
INSERT INTO rep_record_types (type, afd_kind) VALUES
    ('clock.mark_registered.v1', '7'),
    ('clock.mark_recorded_by_hr.v1', '7');

-- The employee's CPF: the AFD and the receipt identify the worker by it (Annex V).
ALTER TABLE employees ADD COLUMN cpf text NOT NULL DEFAULT '' CHECK (cpf ~ '^([0-9]{11})?$');

CREATE TABLE rep_records (
    tenant_id   uuid        NOT NULL,
    cnpj        text        NOT NULL,
    nsr         bigint      NOT NULL,
    afd_kind    text        NOT NULL,
    event_id    uuid        NOT NULL,
    event_type  text        NOT NULL,
    position    bigint      NOT NULL,
    employee_id uuid,
    mark_id     text        NOT NULL DEFAULT '',
    marked_at   timestamptz NOT NULL, -- the time of the mark
    written_at  timestamptz NOT NULL, -- the time the record was written
    fields      text        NOT NULL, -- the record's fields before its hash, exactly as hashed
    hash        text        NOT NULL, -- SHA-256 of fields || the previous record's hash
    PRIMARY KEY (tenant_id, nsr),
    UNIQUE (event_id)
);
CREATE INDEX rep_records_period_idx ON rep_records (tenant_id, marked_at);
CREATE INDEX rep_records_mark_idx ON rep_records (tenant_id, mark_id);

-- rep_dh formats a time as the layout's DH: AAAA-MM-ddThh:mm:00ZZZZZ (seconds fixed at 00,
-- the zone's offset as sign and four digits).
-- +goose StatementBegin
CREATE FUNCTION rep_dh(ts timestamptz, tz text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT to_char(ts AT TIME ZONE tz, 'YYYY-MM-DD"T"HH24:MI":00"') ||
        CASE WHEN off < interval '0' THEN '-' || to_char(-off, 'HH24MI') ELSE '+' || to_char(off, 'HH24MI') END
    FROM (SELECT (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC') AS off) o
$$;
-- +goose StatementEnd

-- rep_assign_nsr gives an event of a listed type the establishment's next NSR and writes its
-- AFD record (type 7, fields 1-7 of Annex V; field 8, the hash, chains to the previous one).
-- SECURITY DEFINER: appends run as any role; the counter and records are the system's.
-- +goose StatementBegin
CREATE FUNCTION rep_assign_nsr() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    kind text;
    est rep_establishments;
    n bigint;
    cpf text;
    employee uuid;
    marked timestamptz;
    f text;
    h text;
BEGIN
    SELECT afd_kind INTO kind FROM rep_record_types WHERE type = NEW.type;
    IF kind IS NULL THEN
        RETURN NULL;
    END IF;
    SELECT * INTO est FROM rep_establishments WHERE tenant_id = NEW.tenant_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL; -- a tenant with no establishment keeps no REP-P records
    END IF;
    n := est.last_nsr + 1;
    employee := nullif(NEW.data->>'employeeId', '')::uuid;
    marked := coalesce((NEW.data->>'recordedAt')::timestamptz, NEW.recorded_at);
    SELECT e.cpf INTO cpf FROM employees e WHERE e.tenant_id = NEW.tenant_id AND e.id = employee;
    -- 001-009 NSR, 010 type, 011-034 DH of the mark, 035-046 CPF (12 digits),
    -- 047-070 DH of the recording, 071-072 collector (02: browser), 073 online (0).
    f := lpad(n::text, 9, '0') || kind || rep_dh(marked, est.time_zone) || lpad(coalesce(cpf, ''), 12, '0') ||
        rep_dh(NEW.recorded_at, est.time_zone) || '02' || '0';
    h := upper(encode(sha256(convert_to(f || est.last_hash, 'LATIN1')), 'hex'));
    UPDATE rep_establishments SET last_nsr = n, last_hash = h WHERE tenant_id = NEW.tenant_id;
    INSERT INTO rep_records (tenant_id, cnpj, nsr, afd_kind, event_id, event_type, position, employee_id, mark_id,
                             marked_at, written_at, fields, hash)
    VALUES (NEW.tenant_id, est.cnpj, n, kind, NEW.id, NEW.type, NEW.position, employee,
            coalesce(NEW.data->>'markId', ''), marked, NEW.recorded_at, f, h);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- Only clock events can be records; the WHEN keeps every other append free of the call.
CREATE TRIGGER events_rep_nsr AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.type LIKE 'clock.%') EXECUTE FUNCTION rep_assign_nsr();

-- The certificate (A1, PKCS#12) each tenant signs its AFD and AEJ with. The password is a
-- secret: it is kept to open the PKCS#12 and never answered by any call.
CREATE TABLE rep_certificates (
    tenant_id   uuid PRIMARY KEY REFERENCES tenants(id),
    pfx         bytea       NOT NULL,
    password    text        NOT NULL,
    subject     text        NOT NULL,
    not_after   timestamptz NOT NULL,
    fingerprint text        NOT NULL,
    uploaded_at timestamptz NOT NULL DEFAULT now()
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['rep_establishments', 'rep_records', 'rep_certificates'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd
GRANT SELECT ON rep_record_types TO portal_app;

-- +goose Down
DROP TRIGGER events_rep_nsr ON events;
DROP FUNCTION rep_assign_nsr();
DROP FUNCTION rep_dh(timestamptz, text);
DROP TABLE rep_certificates, rep_records, rep_record_types, rep_establishments;
ALTER TABLE employees DROP COLUMN cpf;
