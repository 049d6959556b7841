-- +goose Up
-- An append in a transaction that said it appends none (00380) is refused by the default of
-- events.transaction_id instead of a statement trigger (issue 33, appends). The executor
-- rebuilt the trigger's WHEN condition (00450) for every INSERT statement: it read the
-- condition's stored node tree back (stringToNode) and prepared it again, then evaluated it
-- (measured with perf at 32 writers: ExecBSInsertTriggers 4.4 % of the database's samples,
-- for a condition false almost every time). A column default is part of the statement's plan,
-- which a prepared statement keeps: the condition is planned once per connection and only
-- evaluated per row.
--
-- Every append lets transaction_id take its default (the transaction that inserts is the one
-- readers must wait for), so every row an append-none transaction tries to insert calls
-- events_refuse_append_none_xid, which fails with the trigger's SQLSTATE (25006) and
-- message: the projection runner recognises it (projections/runner.go, refusedAppend). An
-- INSERT that inserts no row (an expected version that does not match) writes nothing, so it
-- keeps the promise without being refused: it answers ErrConcurrency, as elsewhere.
-- +goose StatementBegin
CREATE FUNCTION events_refuse_append_none_xid() RETURNS xid8 LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'this transaction said it appends no events (events_append_none)'
        USING ERRCODE = 'read_only_sql_transaction';
END $$;
-- +goose StatementEnd
ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT
    CASE WHEN current_setting('portal.events_append_none', true) = 'on' THEN events_refuse_append_none_xid()
         ELSE pg_current_xact_id() END;
DROP TRIGGER events_append_none ON events;

-- +goose Down
CREATE TRIGGER events_append_none BEFORE INSERT ON events
    FOR EACH STATEMENT WHEN (current_setting('portal.events_append_none', true) = 'on')
    EXECUTE FUNCTION events_refuse_append_none();
ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT pg_current_xact_id();
DROP FUNCTION events_refuse_append_none_xid();
