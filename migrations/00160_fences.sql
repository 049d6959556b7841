-- +goose Up
-- Virtual fences drawn by HR (issue 30, domain/fence): each fence is a stream fence-<id> of
-- fence.created.v1 / changed / removed / assigned events. The fences projection
-- (projections/fence) keeps two read models:
--   fence_catalog: one row per fence with its shape and whom it is assigned to (HR's editor);
--   fences (migrations/00002): the effective fences per employee (their own assignments plus
--     their department's), which the session's cercaVirtual and the punch read. Rows the
--     projection owns carry fence_id; rows without it predate the fence events (tests' fixtures).
-- version is the stream version of the last event applied: the projection is applied in the
-- command's transaction and again by the runner, which must not undo a later change.
CREATE TABLE fence_catalog (
    tenant_id   uuid             NOT NULL REFERENCES tenants(id),
    id          uuid             NOT NULL,
    name        text             NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    radius      integer          NOT NULL,
    employees   uuid[]           NOT NULL DEFAULT '{}',
    departments uuid[]           NOT NULL DEFAULT '{}',
    removed     boolean          NOT NULL DEFAULT false,
    version     bigint           NOT NULL,
    created_at  timestamptz      NOT NULL,
    updated_at  timestamptz      NOT NULL,
    updated_by  text             NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
ALTER TABLE fence_catalog ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON fence_catalog USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
GRANT SELECT ON fence_catalog TO portal_app;

-- radius 0: a fence without its own radius (the outer ring, 500 m, decides).
ALTER TABLE fences ADD COLUMN fence_id uuid, ADD COLUMN radius integer NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX fences_fence_employee_idx ON fences (tenant_id, fence_id, employee_id) WHERE fence_id IS NOT NULL;

-- An employee who joins or changes department gets that department's fences at once (the
-- effective fences derive from the catalog and the employee's department; the department is
-- master data, not an event).
-- +goose StatementBegin
CREATE FUNCTION refresh_employee_fences() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM fences WHERE tenant_id = NEW.tenant_id AND employee_id = NEW.id AND fence_id IS NOT NULL;
    INSERT INTO fences (tenant_id, id, employee_id, description, lat, lon, fence_id, radius)
    SELECT c.tenant_id, md5(c.id::text || NEW.id::text)::uuid, NEW.id, c.name, c.lat, c.lon, c.id, c.radius
    FROM fence_catalog c
    WHERE c.tenant_id = NEW.tenant_id AND NOT c.removed
      AND (NEW.id = ANY (c.employees) OR NEW.department_id = ANY (c.departments));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER employees_fences_department AFTER UPDATE OF department_id ON employees
    FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id) EXECUTE FUNCTION refresh_employee_fences();
CREATE TRIGGER employees_fences_hired AFTER INSERT ON employees
    FOR EACH ROW EXECUTE FUNCTION refresh_employee_fences();

-- +goose Down
DROP TRIGGER employees_fences_hired ON employees;
DROP TRIGGER employees_fences_department ON employees;
DROP FUNCTION refresh_employee_fences();
DELETE FROM fences WHERE fence_id IS NOT NULL;
DROP INDEX fences_fence_employee_idx;
ALTER TABLE fences DROP COLUMN fence_id, DROP COLUMN radius;
DROP TABLE fence_catalog;
