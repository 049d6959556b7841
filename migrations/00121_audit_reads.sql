-- +goose Up
-- The audit area (readapi/audit.go) reads the log in the caller's tenant transaction, as
-- portal_app: it may read events, only its tenant's (the store itself connects as the
-- owner, which row security does not restrict).
ALTER TABLE events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON events FOR SELECT USING (tenant_id = app_tenant());
GRANT SELECT ON events TO portal_app;

-- +goose Down
REVOKE SELECT ON events FROM portal_app;
DROP POLICY tenant_isolation ON events;
ALTER TABLE events DISABLE ROW LEVEL SECURITY;
