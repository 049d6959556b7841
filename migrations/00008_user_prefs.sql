-- +goose Up
-- The signed-in user's preferences (spec portal-core §3, §7): menu shortcuts
-- (updateUserShortcuts), layout and theme settings (updateSettings) and the profile keys other
-- than the employee's (o59_ukey, a08_ukey, a03_ukey, usr_ukeya, a10_ukey: they decide which
-- role strings a user may hold; m01_ukey is users.employee_id). The language already lives in
-- users.language. Every change also appends identity.preferences_changed.v1 to the user's
-- identity-<userId> stream. users already has row-level security and portal_app's grants.
ALTER TABLE users
    ADD COLUMN shortcuts    text  NOT NULL DEFAULT '',
    ADD COLUMN settings     jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN profile_keys jsonb NOT NULL DEFAULT '{}',
    ADD CONSTRAINT users_language_check CHECK (language IN ('pt', 'en', 'es')),
    ADD CONSTRAINT users_settings_size CHECK (octet_length(settings::text) <= 4096),
    ADD CONSTRAINT users_shortcuts_size CHECK (length(shortcuts) <= 2000);

-- +goose Down
ALTER TABLE users
    DROP CONSTRAINT users_shortcuts_size,
    DROP CONSTRAINT users_settings_size,
    DROP CONSTRAINT users_language_check,
    DROP COLUMN profile_keys,
    DROP COLUMN settings,
    DROP COLUMN shortcuts;
