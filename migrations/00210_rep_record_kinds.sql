-- +goose Up
-- The other AFD record kinds of a REP-P (Portaria MTP 671/2021, Annex V; docs/rep-p.md):
-- 2 employer identification and its changes, 4 clock adjustment, 5 employee inclusion,
-- alteration or exclusion, 6 sensitive events. Each is an event of the rep area whose data
-- carries every field, numbered by the same NSR as the marks (one line each in
-- rep_record_types). Records 2, 4 and 5 end in a CRC-16 computed from the stored fields at
-- export (projections/rep/afd.go); 6 has none; 7 keeps its hash.
--
-- The hash of the first type-7 record: Annex V hashes fields 1-7 followed by "código hash
-- (SHA-256) do registro anterior, caso exista", so the first one hashes its own fields only
-- (00200 chained it to 64 spaces). Establishments without a mark yet start from '' and the
-- chains already written are recomputed once below.
INSERT INTO rep_record_types (type, afd_kind) VALUES
    ('rep.employer_changed.v1', '2'),
    ('rep.clock_adjusted.v1', '4'),
    ('rep.employee_changed.v1', '5'),
    ('rep.service_event.v1', '6');

ALTER TABLE rep_establishments ALTER COLUMN last_hash SET DEFAULT '';
ALTER TABLE rep_establishments ADD COLUMN cno text NOT NULL DEFAULT '' CHECK (cno ~ '^[0-9]{0,14}$');

-- +goose StatementBegin
DO $$
DECLARE
    rec record;
    prev text := '';
    tenant uuid;
BEGIN
    FOR rec IN SELECT tenant_id, nsr, fields FROM rep_records WHERE afd_kind = '7' ORDER BY tenant_id, nsr LOOP
        IF tenant IS DISTINCT FROM rec.tenant_id THEN
            tenant := rec.tenant_id;
            prev := '';
        END IF;
        prev := upper(encode(sha256(convert_to(rec.fields || prev, 'LATIN1')), 'hex'));
        UPDATE rep_records SET hash = prev WHERE tenant_id = rec.tenant_id AND nsr = rec.nsr;
        UPDATE rep_establishments SET last_hash = prev WHERE tenant_id = rec.tenant_id;
    END LOOP;
    UPDATE rep_establishments e SET last_hash = '' WHERE NOT EXISTS (
        SELECT FROM rep_records r WHERE r.tenant_id = e.tenant_id AND r.afd_kind = '7');
END $$;
-- +goose StatementEnd

-- rep_digits: a CPF/CNPJ of the event's data as the layout's N field of width n (digits
-- only, zero-filled on the left).
-- +goose StatementBegin
CREATE FUNCTION rep_digits(v text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT lpad(right(regexp_replace(coalesce(v, ''), '[^0-9]', '', 'g'), n), n, '0')
$$;
-- +goose StatementEnd

-- rep_assign_nsr, now for every kind of rep_record_types. The establishment's row is
-- locked until the append commits (gapless, never reused); each kind's fields follow
-- Annex V's table positions:
--   2: NSR, "2", DH recorded, CPF of the person responsible (14), employer id type (1),
--      CNPJ (14), CNO/CAEPF (14), name (150), place of work (100)            [+ CRC: 331]
--   4: NSR, "4", DH before, DH after, CPF of the person responsible (11)     [+ CRC: 73]
--   5: NSR, "5", DH recorded, operation I/A/E, CPF (12), name (52), other
--      identification (4), CPF of the person responsible (11)                [+ CRC: 118]
--   6: NSR, "6", DH recorded, event code (2)                                 [36]
--   7: NSR, "7", DH of the mark, CPF (12), DH recorded, collector (2), on-line (1)
--      [+ SHA-256 of those fields followed by the previous type-7 hash, if any: 137]
-- A type-2 event also moves the establishment's name and place (what HR changed).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rep_assign_nsr() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    kind text;
    est rep_establishments;
    n bigint;
    cpf text;
    employee uuid;
    marked timestamptz;
    d jsonb := NEW.data;
    f text;
    h text := '';
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
    employee := nullif(d->>'employeeId', '')::uuid;
    marked := NEW.recorded_at;
    CASE kind
    WHEN '7' THEN
        marked := coalesce((d->>'recordedAt')::timestamptz, NEW.recorded_at);
        SELECT e.cpf INTO cpf FROM employees e WHERE e.tenant_id = NEW.tenant_id AND e.id = employee;
        f := lpad(n::text, 9, '0') || kind || rep_dh(marked, est.time_zone) || lpad(coalesce(cpf, ''), 12, '0') ||
            rep_dh(NEW.recorded_at, est.time_zone) || '02' || '0';
        h := upper(encode(sha256(convert_to(f || est.last_hash, 'LATIN1')), 'hex'));
    WHEN '2' THEN
        est.name := coalesce(nullif(d->>'name', ''), est.name);
        est.place := coalesce(d->>'place', est.place);
        est.cno := left(regexp_replace(coalesce(d->>'cno', ''), '[^0-9]', '', 'g'), 14);
        f := lpad(n::text, 9, '0') || kind || rep_dh(NEW.recorded_at, est.time_zone) ||
            rep_digits(d->>'responsibleCpf', 14) || '1' || est.cnpj || rep_digits(est.cno, 14) ||
            rpad(est.name, 150) || rpad(est.place, 100);
    WHEN '4' THEN
        marked := (d->>'before')::timestamptz;
        f := lpad(n::text, 9, '0') || kind || rep_dh((d->>'before')::timestamptz, est.time_zone) ||
            rep_dh((d->>'after')::timestamptz, est.time_zone) || rep_digits(d->>'responsibleCpf', 11);
    WHEN '5' THEN
        -- The employee's CPF in the REP is what their marks' records then carry.
        UPDATE employees SET cpf = CASE WHEN d->>'operation' = 'E' THEN employees.cpf ELSE rep_digits(d->>'cpf', 11) END
        WHERE tenant_id = NEW.tenant_id AND id = employee;
        f := lpad(n::text, 9, '0') || kind || rep_dh(NEW.recorded_at, est.time_zone) ||
            CASE WHEN d->>'operation' IN ('I', 'A', 'E') THEN d->>'operation' ELSE 'A' END ||
            rep_digits(d->>'cpf', 12) || rpad(coalesce(d->>'name', ''), 52) || rpad(coalesce(d->>'other', ''), 4) ||
            rep_digits(d->>'responsibleCpf', 11);
    WHEN '6' THEN
        f := lpad(n::text, 9, '0') || kind || rep_dh(NEW.recorded_at, est.time_zone) || rep_digits(d->>'event', 2);
    ELSE
        RETURN NULL;
    END CASE;
    UPDATE rep_establishments SET last_nsr = n, last_hash = CASE WHEN kind = '7' THEN h ELSE last_hash END,
        name = est.name, place = est.place, cno = est.cno
    WHERE tenant_id = NEW.tenant_id;
    INSERT INTO rep_records (tenant_id, cnpj, nsr, afd_kind, event_id, event_type, position, employee_id, mark_id,
                             marked_at, written_at, fields, hash)
    VALUES (NEW.tenant_id, est.cnpj, n, kind, NEW.id, NEW.type, NEW.position, employee,
            coalesce(d->>'markId', ''), marked, NEW.recorded_at, f, h);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- The NSR is taken as late as possible: the trigger is a constraint trigger deferred to the
-- commit, so the counter's row is locked only from the commit's start to its end, never
-- while the transaction still inserts. That also keeps transactions of several marks
-- (the event store's group commit, eventstore/group.go) free of deadlocks: a holder of the
-- counter never waits for another's stream row, since it inserts nothing more. The
-- records of one transaction take their NSRs in insertion order.
DROP TRIGGER events_rep_nsr ON events;
CREATE CONSTRAINT TRIGGER events_rep_nsr AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.type LIKE 'clock.%' OR NEW.type LIKE 'rep.%') EXECUTE FUNCTION rep_assign_nsr();

-- +goose Down
DROP TRIGGER events_rep_nsr ON events;
CREATE TRIGGER events_rep_nsr AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.type LIKE 'clock.%') EXECUTE FUNCTION rep_assign_nsr();
DROP FUNCTION rep_digits(text, int);
DELETE FROM rep_record_types WHERE type LIKE 'rep.%';
ALTER TABLE rep_establishments DROP COLUMN cno;
ALTER TABLE rep_establishments ALTER COLUMN last_hash SET DEFAULT repeat(' ', 64);
