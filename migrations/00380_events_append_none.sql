-- +goose Up
-- Readers of the log took only rows below pg_snapshot_xmin, so every open transaction that
-- had a transaction id held them back, including the many that never append: each
-- projection's, each outbox write. A transaction that appends no events now says so before
-- it writes anything (events_append_none), and readers skip it: they read below the oldest
-- transaction in flight that has not said so (events_horizon). The trigger below makes the
-- promise binding, so no reader can pass an event that commits late.
--
-- The promise is an exclusive transaction-level advisory lock keyed (1702260340, xid mod 2^31):
-- the transactions in flight are never 2^31 ids apart, so the key names one of them. It is
-- taken only by a transaction that had no id yet (so has appended nothing), right after it
-- takes one. A reader tries the shared lock of each id in flight of its own snapshot, oldest
-- first: the first it gets (a transaction that made no promise, or one that just ended) is its
-- horizon. Getting the shared lock during the short moment between a transaction's id and its
-- promise only makes the promise fail: that transaction then holds readers back, as before.

-- +goose StatementBegin
CREATE FUNCTION events_append_none() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('portal.events_append_none', 'on', true);
    IF pg_current_xact_id_if_assigned() IS NULL THEN
        PERFORM pg_try_advisory_xact_lock(1702260340, (pg_current_xact_id()::text::bigint % 2147483648)::int);
    END IF;
END $$;
-- +goose StatementEnd

-- events_horizon(pg_current_snapshot()) is the transaction id below which the log, as seen
-- by that snapshot (the caller's statement's), is complete: no event can later commit there.
-- +goose StatementBegin
CREATE FUNCTION events_horizon(snap pg_snapshot) RETURNS xid8 LANGUAGE plpgsql AS $$
DECLARE
    x xid8;
BEGIN
    FOR x IN SELECT t.x FROM pg_snapshot_xip(snap) AS t(x) ORDER BY 1 LOOP
        IF pg_try_advisory_xact_lock_shared(1702260340, (x::text::bigint % 2147483648)::int) THEN
            RETURN x;
        END IF;
    END LOOP;
    RETURN pg_snapshot_xmax(snap);
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION events_refuse_append_none() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('portal.events_append_none', true) = 'on' THEN
        RAISE EXCEPTION 'this transaction said it appends no events (events_append_none)'
            USING ERRCODE = 'read_only_sql_transaction';
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER events_append_none BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_append_none();

-- +goose Down
DROP TRIGGER events_append_none ON events;
DROP FUNCTION events_refuse_append_none();
DROP FUNCTION events_horizon(pg_snapshot);
DROP FUNCTION events_append_none();
