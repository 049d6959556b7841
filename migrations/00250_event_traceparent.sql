-- +goose Up
-- The W3C trace context an event was appended in (NULL when untraced), so a projection applied
-- by another process continues the append's trace. Telemetry, not history: it stays outside the
-- hash chain (event_chain_content does not read it).
ALTER TABLE events ADD COLUMN traceparent text;

-- +goose Down
ALTER TABLE events DROP COLUMN traceparent;
