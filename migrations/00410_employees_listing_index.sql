-- +goose Up
-- The team listing and find people choose a page over the tenant's employees by the search
-- text and a sort key, reading every match: from the table, that is every employee's wide row
-- (the schedule, the layoff periods: 840 bytes each in bench people, 1,419 pages for 6,300).
-- The name index now holds the columns a page is chosen by (projections/people.Directory.List),
-- so that scan is index-only: 463 pages for the same 6,300 as bench people loads them (182
-- when built at once), read where the table was; only the page's rows are read whole. It
-- replaces employees_name_idx, whose key it keeps (89 pages without the included columns).
DROP INDEX employees_name_idx;
CREATE INDEX employees_name_idx ON employees (tenant_id, name, id)
    INCLUDE (search, department_id, position_id, business_unit_id, code, hire_date, status, manager_id);

-- +goose Down
DROP INDEX employees_name_idx;
CREATE INDEX employees_name_idx ON employees (tenant_id, name, id);
