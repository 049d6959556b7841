-- +goose Up
-- The people area (spec portal-business §2 "Team listing", "Colleague card", §7 "Team and
-- colleague"): birthdays, pictures, the colleague card's "more information" answers, the
-- home's dynamic messages, and the indexes that keep the listings fast over thousands of
-- employees.

-- people_fold is the search form of a text: lower case, accents removed (immutable, so a
-- stored column and its index can use it).
-- +goose StatementBegin
CREATE FUNCTION people_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT translate(lower(t), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')
$$;
-- +goose StatementEnd

CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE employees
    ADD COLUMN birth_date date,
    ADD COLUMN picture text NOT NULL DEFAULT '',
    ADD COLUMN search text GENERATED ALWAYS AS (people_fold(name || ' ' || code || ' ' || email)) STORED;

-- Find people and the team listings: a substring of name, code or e-mail, any accent or case.
CREATE INDEX employees_search_idx ON employees USING gin (search gin_trgm_ops);
-- The listings' default order, and a manager's direct reports in that order.
CREATE INDEX employees_name_idx ON employees (tenant_id, name, id);
CREATE INDEX employees_manager_idx ON employees (tenant_id, manager_id, name, id);
-- Birthdays and hires of a month.
CREATE INDEX employees_birthday_idx ON employees (tenant_id, (extract(month FROM birth_date)::int));
CREATE INDEX employees_hire_idx ON employees (tenant_id, hire_date);

-- The colleague card's "more information": question/answer pairs of an employee (tellMeMore).
CREATE TABLE employee_about (
    tenant_id   uuid NOT NULL,
    employee_id uuid NOT NULL,
    id          uuid NOT NULL,
    ord         int  NOT NULL DEFAULT 0,
    question    text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 255),
    answer      text NOT NULL DEFAULT '' CHECK (char_length(answer) <= 50000),
    PRIMARY KEY (tenant_id, employee_id, id),
    FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);

-- The home's dynamic messages (GET /api/gen/DynamicMessage): notices of a tenant, each under a
-- code, shown between two dates, in order.
CREATE TABLE dynamic_messages (
    tenant_id uuid NOT NULL REFERENCES tenants(id),
    id        uuid NOT NULL,
    code_id   int  NOT NULL,
    ord       int  NOT NULL DEFAULT 0,
    title     text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 255),
    message   text NOT NULL CHECK (char_length(message) <= 50000),
    link      text NOT NULL DEFAULT '' CHECK (char_length(link) <= 255),
    starts_on date NOT NULL,
    ends_on   date,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX dynamic_messages_code_idx ON dynamic_messages (tenant_id, code_id, starts_on);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['employee_about', 'dynamic_messages'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE dynamic_messages, employee_about;
DROP INDEX employees_search_idx, employees_name_idx, employees_manager_idx, employees_birthday_idx, employees_hire_idx;
ALTER TABLE employees DROP COLUMN search, DROP COLUMN picture, DROP COLUMN birth_date;
DROP FUNCTION people_fold(text);
