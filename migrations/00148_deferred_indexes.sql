-- +goose Up
-- A replay writes some read-model tables before their indexes exist and builds them after the
-- rows (projections/bulk.go). While it runs, each dropped index waits here with the statement
-- that builds it again, written in the transaction that dropped it: should the replay's
-- process die, the projection's next runner or replay builds what is listed.
CREATE TABLE projection_deferred_indexes (
    projection text NOT NULL,
    name       text NOT NULL, -- the index, as its table's search path names it
    definition text NOT NULL, -- CREATE INDEX ..., or ALTER TABLE ... ADD CONSTRAINT ...
    PRIMARY KEY (projection, name)
);

-- +goose Down
DROP TABLE projection_deferred_indexes;
