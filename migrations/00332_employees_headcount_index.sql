-- +goose Up
-- The headcount report reads every employee's hire and termination dates, department, unit
-- and manager, twice: an employee's row is wide (the schedule, the search text), 5,000 of
-- them are 1,202 pages, and these columns in the hire-date index are 66 (an index-only scan).
-- It replaces employees_hire_idx, whose key it keeps.
DROP INDEX employees_hire_idx;
CREATE INDEX employees_hire_idx ON employees (tenant_id, hire_date) INCLUDE (termination_date, department_id, business_unit_id, manager_id);

-- +goose Down
DROP INDEX employees_hire_idx;
CREATE INDEX employees_hire_idx ON employees (tenant_id, hire_date);
