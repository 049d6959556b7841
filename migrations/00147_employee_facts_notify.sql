-- +goose Up
-- A change of what the clock rules read about employees (their status and layoffs, their
-- fences) is announced on channel portal_employee_facts with the tenant's id: every server
-- process drops its cached facts of that tenant at once (commands.CachedEmployees). A
-- transaction that changes many rows of one tenant sends one notification (PostgreSQL folds
-- equal payloads of a transaction).
-- +goose StatementBegin
CREATE FUNCTION notify_employee_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_employee_facts', coalesce(NEW.tenant_id, OLD.tenant_id)::text);
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER employees_facts_changed AFTER INSERT OR DELETE OR UPDATE OF tenant_id, id, status, layoff ON employees
    FOR EACH ROW EXECUTE FUNCTION notify_employee_facts();
CREATE TRIGGER fences_facts_changed AFTER INSERT OR UPDATE OR DELETE ON fences
    FOR EACH ROW EXECUTE FUNCTION notify_employee_facts();

-- +goose Down
DROP TRIGGER fences_facts_changed ON fences;
DROP TRIGGER employees_facts_changed ON employees;
DROP FUNCTION notify_employee_facts();
