-- +goose Up
-- users by employee record (issue 33, mood): the mood projection finds the user of each
-- check-in's manager (users.employee_id = employees.manager_id) for every batch it applies,
-- and several reads find an employee's user the same way (requests, surveys, audit). Without
-- an index each of them read all of the tenant's users. With it a batch of 8 check-ins
-- probes it 8 times (EXPLAIN on the bench's tenant of 302 users: Index Scan using
-- users_employee_idx, loops=8, instead of a Seq Scan of every user); a large batch may still
-- hash the whole table. It also serves the foreign key users -> employees.
CREATE INDEX users_employee_idx ON users (tenant_id, employee_id) WHERE employee_id IS NOT NULL;

-- +goose Down
DROP INDEX users_employee_idx;
