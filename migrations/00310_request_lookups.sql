-- +goose Up
-- The reference lists the new-request dialog searches that had no table yet (spec
-- portal-business §7: CRD1Search cost centres, CRD2Search result centres, funcoes,
-- UnitOfMeasurement). Business units, departments and positions have their own tables.
CREATE TABLE request_lookups (
    tenant_id   uuid NOT NULL REFERENCES tenants(id),
    kind        text NOT NULL CHECK (kind IN ('cost_centre', 'result_centre', 'function', 'unit')),
    id          uuid NOT NULL,
    code        text NOT NULL DEFAULT '',
    description text COLLATE pt_br NOT NULL,
    PRIMARY KEY (tenant_id, kind, id)
);
CREATE INDEX request_lookups_description_idx ON request_lookups (tenant_id, kind, description);

ALTER TABLE request_lookups ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON request_lookups USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON request_lookups TO portal_app;

-- +goose Down
DROP TABLE request_lookups;
