-- +goose Up
-- The events_append_none trigger (00380) gets a WHEN condition (issue 33, appends): it ran its
-- PL/pgSQL function on every append statement, to find the setting off almost every time
-- (measured with perf at 32 writers: 5-7 % of the database's CPU per append, in
-- ExecBSInsertTriggers and PL/pgSQL). The condition is a plain expression the executor
-- evaluates before it would call the function, so only a transaction that said it appends
-- nothing calls it, and is refused as before (SQLSTATE 25006, the same message).
-- (A CHECK constraint instead was measured too: the executor parses and plans a constraint's
-- expression again for each statement, which cost about as much as the trigger's call.)
DROP TRIGGER events_append_none ON events;
CREATE TRIGGER events_append_none BEFORE INSERT ON events
    FOR EACH STATEMENT WHEN (current_setting('portal.events_append_none', true) = 'on')
    EXECUTE FUNCTION events_refuse_append_none();

-- +goose Down
DROP TRIGGER events_append_none ON events;
CREATE TRIGGER events_append_none BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_append_none();
