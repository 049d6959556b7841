-- +goose Up
-- Supporting data that is not history: tenants, organisation, users, fences.
-- Every row carries tenant_id; the API reads as role portal_app, which owns nothing, so the
-- row-level security policies below always apply to it (ARCHITECTURE.md, "RLS that does nothing").
-- +goose StatementBegin
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_app') THEN
        CREATE ROLE portal_app NOLOGIN NOBYPASSRLS;
    END IF;
END $$;
-- +goose StatementEnd
GRANT portal_app TO CURRENT_USER;

-- app_tenant() is the tenant of the current transaction; NULL (no rows visible) when unset.
-- +goose StatementBegin
CREATE FUNCTION app_tenant() RETURNS uuid LANGUAGE sql STABLE AS $$
    SELECT nullif(current_setting('app.tenant_id', true), '')::uuid
$$;
-- +goose StatementEnd

CREATE TABLE tenants (
    id           uuid PRIMARY KEY,
    tenant_id    uuid GENERATED ALWAYS AS (id) STORED,
    access_code  text NOT NULL UNIQUE,
    name         text NOT NULL,
    settings     jsonb NOT NULL DEFAULT '{}',
    urls         jsonb NOT NULL DEFAULT '{}',
    provider     jsonb NOT NULL DEFAULT '{}',
    logo         text NOT NULL DEFAULT '',
    themes       text NOT NULL DEFAULT '',
    login_redirect text NOT NULL DEFAULT '',
    password_expiration_days int NOT NULL DEFAULT 0,
    password_reuse_limit int NOT NULL DEFAULT 0
);

CREATE TABLE business_units (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    id        uuid NOT NULL,
    name      text NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE departments (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    id        uuid NOT NULL,
    name      text NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE positions (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    id        uuid NOT NULL,
    name      text NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE employees (
    tenant_id        uuid NOT NULL REFERENCES tenants(id),
    id               uuid NOT NULL,
    code             text NOT NULL,
    name             text NOT NULL,
    email            text NOT NULL DEFAULT '',
    phone            text NOT NULL DEFAULT '',
    hire_date        date NOT NULL,
    business_unit_id uuid NOT NULL,
    department_id    uuid NOT NULL,
    position_id      uuid NOT NULL,
    manager_id       uuid,
    schedule_type    text NOT NULL DEFAULT 'fixed',
    schedule         jsonb NOT NULL DEFAULT '{}',
    status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'away', 'inactive')),
    layoff           jsonb NOT NULL DEFAULT '[]',
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, code),
    FOREIGN KEY (tenant_id, business_unit_id) REFERENCES business_units (tenant_id, id),
    FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id),
    FOREIGN KEY (tenant_id, position_id) REFERENCES positions (tenant_id, id),
    FOREIGN KEY (tenant_id, manager_id) REFERENCES employees (tenant_id, id)
);

CREATE TABLE users (
    tenant_id      uuid NOT NULL REFERENCES tenants(id),
    id             uuid NOT NULL,
    user_name      text NOT NULL,
    hash           text NOT NULL UNIQUE,
    password_hash  text NOT NULL,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    employee_id    uuid,
    display_name   text NOT NULL,
    email          text NOT NULL DEFAULT '',
    roles          text[] NOT NULL DEFAULT '{}',
    admin          boolean NOT NULL DEFAULT false,
    active         boolean NOT NULL DEFAULT true,
    language       text NOT NULL DEFAULT 'pt',
    purchased      text NOT NULL DEFAULT '',
    deny           text NOT NULL DEFAULT '',
    dynamic_access jsonb NOT NULL DEFAULT '{}',
    access_config  jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, user_name),
    FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);

CREATE TABLE fences (
    tenant_id   uuid NOT NULL REFERENCES tenants(id),
    id          uuid NOT NULL,
    employee_id uuid NOT NULL,
    description text NOT NULL,
    lat         double precision NOT NULL,
    lon         double precision NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);
CREATE INDEX fences_employee_idx ON fences (tenant_id, employee_id);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenants', 'business_units', 'departments', 'positions', 'employees', 'users', 'fences'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE fences, users, employees, positions, departments, business_units, tenants;
DROP FUNCTION app_tenant();
