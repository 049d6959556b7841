-- +goose Up
-- The request notices moved from the commands to the process manager request-notices
-- (process/request_notices.go). On a log that already holds requests it starts at the log's
-- end: the commands sent the notices of what is already there.
INSERT INTO projection_checkpoints (name, transaction_id, position)
SELECT 'request-notices', transaction_id, position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1
ON CONFLICT (name) DO NOTHING;

-- +goose Down
DELETE FROM projection_checkpoints WHERE name = 'request-notices';
