-- +goose Up
-- Names, positions, departments, units, survey titles and item descriptions sort as a
-- Brazilian reader expects ("Débora" before "Diego", "Técnico" before "Tesoureiro"), whatever
-- collation the database was created with (the C or POSIX locale of a container sorts by
-- byte). The collation sits on the columns, so every ORDER BY over them, and the indexes
-- that serve the listings' default order (employees_name_idx, employees_manager_idx), follow it.
CREATE COLLATION IF NOT EXISTS pt_br (provider = icu, locale = 'pt-BR');

-- employees.search is generated from name: it is dropped (with its index) and made again.
ALTER TABLE employees DROP COLUMN search;
ALTER TABLE employees ALTER COLUMN name TYPE text COLLATE pt_br;
ALTER TABLE employees ADD COLUMN search text GENERATED ALWAYS AS (people_fold(name || ' ' || code || ' ' || email)) STORED;
CREATE INDEX employees_search_idx ON employees USING gin (search gin_trgm_ops);
ALTER TABLE departments ALTER COLUMN name TYPE text COLLATE pt_br;
ALTER TABLE business_units ALTER COLUMN name TYPE text COLLATE pt_br;
ALTER TABLE positions ALTER COLUMN name TYPE text COLLATE pt_br;
ALTER TABLE users ALTER COLUMN display_name TYPE text COLLATE pt_br;
ALTER TABLE surveys ALTER COLUMN title TYPE text COLLATE pt_br;
ALTER TABLE request_items ALTER COLUMN description TYPE text COLLATE pt_br;

-- +goose Down
ALTER TABLE request_items ALTER COLUMN description TYPE text COLLATE "default";
ALTER TABLE surveys ALTER COLUMN title TYPE text COLLATE "default";
ALTER TABLE users ALTER COLUMN display_name TYPE text COLLATE "default";
ALTER TABLE positions ALTER COLUMN name TYPE text COLLATE "default";
ALTER TABLE business_units ALTER COLUMN name TYPE text COLLATE "default";
ALTER TABLE departments ALTER COLUMN name TYPE text COLLATE "default";
ALTER TABLE employees DROP COLUMN search;
ALTER TABLE employees ALTER COLUMN name TYPE text COLLATE "default";
ALTER TABLE employees ADD COLUMN search text GENERATED ALWAYS AS (people_fold(name || ' ' || code || ' ' || email)) STORED;
CREATE INDEX employees_search_idx ON employees USING gin (search gin_trgm_ops);
DROP COLLATION pt_br;
