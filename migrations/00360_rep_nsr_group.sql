-- +goose Up
-- The NSR of a group of marks in one statement per group (issue 33; docs/rep-p.md, "NSR").
--
-- The event store's group commit (eventstore/group.go) writes an establishment's concurrent
-- marks in one transaction; the deferred trigger of 00210 then ran once per mark at the
-- commit, each time a SELECT ... FOR UPDATE of the counter, an UPDATE of it, a look-up of the
-- CPF, two calls of rep_dh and an INSERT (measured: 8-14 ms of a 16-mark group's commit,
-- while the counter's row is locked and the establishment's next group waits).
--
-- Now the first firing of a transaction's type-7 records writes all of them: it locks the
-- counter's row (as before), one query reads the transaction's pending records of the tenant
-- (events at or after NEW in insertion order, with their CPFs) and, row by row, formats each
-- record's fields and chains its hash exactly as before; one UPDATE moves the counter past
-- them and one INSERT writes them. The later firings find their record written and return at once.
-- Nothing else changes:
--   - the NSRs are still taken at commit under the counter's row lock (gapless, never reused,
--     rolled back with the transaction), in insertion order: the batch stops before the first
--     record of another kind, which its own firing writes with 00210's code (unchanged below)
--     before the next firing goes on with the marks after it;
--   - the fields, the hash and every column of rep_records are the same, byte for byte;
--   - only events of this transaction (transaction_id) whose type the trigger's WHEN admits
--     and rep_record_types lists are taken, those of NEW's tenant only.
-- rep_dh as one expression, without 00200's FROM subquery: the planner then inlines it into
-- the statement or PL/pgSQL expression that calls it, where 00200's ran as a function call of
-- its own each time (two per record). The text is the same: AAAA-MM-ddThh:mm:00 and the
-- zone's offset, sign and four digits.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rep_dh(ts timestamptz, tz text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT to_char(ts AT TIME ZONE tz, 'YYYY-MM-DD"T"HH24:MI":00"') ||
        CASE WHEN (ts AT TIME ZONE tz) < (ts AT TIME ZONE 'UTC') THEN '-' || to_char((ts AT TIME ZONE 'UTC') - (ts AT TIME ZONE tz), 'HH24MI')
             ELSE '+' || to_char((ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC'), 'HH24MI') END
$$;
-- +goose StatementEnd

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
    -- the batch of type-7 records
    tz text;
    prev text;
    base bigint;
    ids uuid[];
    types text[];
    positions bigint[];
    employees_ uuid[];
    marks text[];
    markeds timestamptz[];
    writtens timestamptz[];
    r record;
    fs text[];
    hs text[];
    k int;
BEGIN
    IF EXISTS (SELECT FROM rep_records WHERE event_id = NEW.id) THEN
        RETURN NULL; -- written by an earlier firing of this transaction, with its batch
    END IF;
    SELECT afd_kind INTO kind FROM rep_record_types WHERE type = NEW.type;
    IF kind IS NULL THEN
        RETURN NULL;
    END IF;
    IF kind = '7' AND NEW.transaction_id = pg_current_xact_id() THEN
        -- The counter's row first: the CPFs below are then read as of after the previous
        -- holder's commit, as each record read them before.
        SELECT * INTO est FROM rep_establishments WHERE tenant_id = NEW.tenant_id FOR UPDATE;
        IF NOT FOUND THEN
            RETURN NULL; -- a tenant with no establishment keeps no REP-P records
        END IF;
        base := est.last_nsr;
        prev := est.last_hash;
        tz := est.time_zone;
        k := 0;
        FOR r IN
            SELECT e.id, e.type, e.position, e.recorded_at, t.afd_kind, w.employee, coalesce(e.data->>'markId', '') AS mark,
                   CASE WHEN t.afd_kind = '7' THEN coalesce((e.data->>'recordedAt')::timestamptz, e.recorded_at) END AS marked,
                   CASE WHEN t.afd_kind = '7' THEN
                       (SELECT m.cpf FROM employees m WHERE m.tenant_id = e.tenant_id AND m.id = w.employee) END AS cpf
            FROM events e
            JOIN rep_record_types t ON t.type = e.type
            CROSS JOIN LATERAL (SELECT nullif(e.data->>'employeeId', '')::uuid AS employee) w
            WHERE e.transaction_id = NEW.transaction_id AND e.position >= NEW.position
              AND e.tenant_id = NEW.tenant_id AND (e.type LIKE 'clock.%' OR e.type LIKE 'rep.%')
            ORDER BY e.position
        LOOP
            -- up to the first record of another kind (written by its own firing, in order)
            EXIT WHEN r.afd_kind <> '7';
            k := k + 1;
            -- 001-009 NSR, 010 type, 011-034 DH of the mark, 035-046 CPF (12 digits),
            -- 047-070 DH of the recording, 071-072 collector (02: browser), 073 online (0).
            f := lpad((base + k)::text, 9, '0') || '7' || rep_dh(r.marked, tz) || lpad(coalesce(r.cpf, ''), 12, '0') ||
                rep_dh(r.recorded_at, tz) || '02' || '0';
            prev := upper(encode(sha256(convert_to(f || prev, 'LATIN1')), 'hex'));
            ids[k] := r.id;
            types[k] := r.type;
            positions[k] := r.position;
            employees_[k] := r.employee;
            marks[k] := r.mark;
            markeds[k] := r.marked;
            writtens[k] := r.recorded_at;
            fs[k] := f;
            hs[k] := prev;
        END LOOP;
        IF k = 0 THEN
            RETURN NULL;
        END IF;
        UPDATE rep_establishments SET last_nsr = base + k, last_hash = prev WHERE tenant_id = NEW.tenant_id;
        INSERT INTO rep_records (tenant_id, cnpj, nsr, afd_kind, event_id, event_type, position, employee_id, mark_id,
                                 marked_at, written_at, fields, hash)
        SELECT NEW.tenant_id, est.cnpj, base + x.i, '7', x.id, x.type, x.position, x.employee, x.mark, x.marked, x.written, x.f, x.h
        FROM unnest(ids, types, positions, employees_, marks, markeds, writtens, fs, hs)
            WITH ORDINALITY AS x(id, type, position, employee, mark, marked, written, f, h, i);
        RETURN NULL;
    END IF;
    -- One record (another kind, or an event of another transaction): 00210's code.
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

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rep_dh(ts timestamptz, tz text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT to_char(ts AT TIME ZONE tz, 'YYYY-MM-DD"T"HH24:MI":00"') ||
        CASE WHEN off < interval '0' THEN '-' || to_char(-off, 'HH24MI') ELSE '+' || to_char(off, 'HH24MI') END
    FROM (SELECT (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC') AS off) o
$$;
-- +goose StatementEnd
-- 00210's function.
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
