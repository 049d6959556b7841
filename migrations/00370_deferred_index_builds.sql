-- +goose Up
-- A deferred primary key or unique constraint is built in two steps, so that a replay builds
-- it at the same time as its table's other indexes (projections/bulk.go): its unique index
-- first (index_definition, CREATE UNIQUE INDEX ..., which allows other builds beside it), then
-- the constraint on that index (attach, ALTER TABLE ... ADD CONSTRAINT ... USING INDEX, which
-- locks the table but only renames and marks the index). definition still holds the
-- one-statement ALTER TABLE ... ADD CONSTRAINT ... that builds both.
ALTER TABLE projection_deferred_indexes ADD COLUMN index_definition text, ADD COLUMN attach text;

-- +goose Down
ALTER TABLE projection_deferred_indexes DROP COLUMN index_definition, DROP COLUMN attach;
