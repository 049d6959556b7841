-- +goose Up
-- Mood and energy (spec portal-business §2, §3, §7) and the home banner's settings (§3 Home
-- config id_300).

-- Read model of the check-ins (projections/mood.go), rebuilt from mood.checked_in.v1 of the
-- streams mood-<userId>. Levels keep one decimal (the scale 1..5, step 0.1).
CREATE TABLE mood_checkins (
    tenant_id     uuid         NOT NULL,
    id            uuid         NOT NULL,
    user_id       uuid         NOT NULL,
    employee_id   uuid,        -- null for a user without an employee record
    humor         numeric(2,1) NOT NULL CHECK (humor BETWEEN 1 AND 5),
    energy        numeric(2,1) NOT NULL CHECK (energy BETWEEN 1 AND 5),
    checked_in_at timestamptz  NOT NULL, -- the server's clock
    position      bigint       NOT NULL, -- global position of the event
    PRIMARY KEY (tenant_id, id)
);
-- The nine-box: each team member's latest check-in on or before a date.
CREATE INDEX mood_checkins_employee_idx ON mood_checkins (tenant_id, employee_id, checked_in_at DESC, position DESC)
    WHERE employee_id IS NOT NULL;
-- The check-in panel: the user's last check-in (cool-down).
CREATE INDEX mood_checkins_user_idx ON mood_checkins (tenant_id, user_id, checked_in_at DESC);

-- The tenant's home page settings (group id_300). Empty texts mean "the translated default".
CREATE TABLE home_settings (
    tenant_id   uuid    PRIMARY KEY REFERENCES tenants(id),
    greeting    text    NOT NULL DEFAULT '' CHECK (char_length(greeting) <= 255),
    title       text    NOT NULL DEFAULT '',
    message     text    NOT NULL DEFAULT '' CHECK (char_length(message) <= 255),
    bg_image    text    NOT NULL DEFAULT '',
    text_color  text    NOT NULL DEFAULT '',
    bg_color    text    NOT NULL DEFAULT '',
    box_color   text    NOT NULL DEFAULT '',
    box_opacity numeric(3,2) CHECK (box_opacity BETWEEN 0 AND 1),
    hide_name   boolean NOT NULL DEFAULT false
);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['mood_checkins', 'home_settings'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE home_settings, mood_checkins;
