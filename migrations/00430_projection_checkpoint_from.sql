-- +goose Up
-- A projection's transaction moved its checkpoint in a round trip of its own, after the one
-- of its BEGIN. projection_checkpoint_from does it in the BEGIN's round trip (the runner sends
-- it with BEGIN, as a literal): it locks the checkpoint's row until the transaction ends and
-- moves it to the batch's last event (last_tx, last_pos), when it stands before the batch's
-- first event (first_tx, first_pos): every event of the batch is then to be applied. In any
-- other case (a redelivery the checkpoint already covers in part, or a projection without a
-- row yet) it moves nothing and raises SQLSTATE PC430; the runner rolls back and takes its
-- general path, which reads the checkpoint first (projections/checkpoint.go).

-- +goose StatementBegin
CREATE FUNCTION projection_checkpoint_from(p_name text, first_tx xid8, first_pos bigint, last_tx xid8, last_pos bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    old_tx  xid8;
    old_pos bigint;
BEGIN
    SELECT transaction_id, position INTO old_tx, old_pos FROM projection_checkpoints WHERE name = p_name FOR UPDATE;
    IF NOT FOUND OR (old_tx, old_pos) >= (first_tx, first_pos) THEN
        RAISE EXCEPTION 'projection_checkpoint_from: % is not before the batch', p_name USING ERRCODE = 'PC430';
    END IF;
    UPDATE projection_checkpoints SET transaction_id = last_tx, position = last_pos, updated_at = now() WHERE name = p_name;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION projection_checkpoint_from(text, xid8, bigint, xid8, bigint);
