-- +goose Up
-- Fairness between tenants (docs/operations.md, "Rate limits"): each tenant's calls per second,
-- for the whole tenant and for each of its users. NULL takes the process's default
-- (RATE_LIMIT_TENANT, RATE_LIMIT_USER); 0 means no limit. The burst is twice the rate.
ALTER TABLE tenants ADD COLUMN rate_limit_tenant real CHECK (rate_limit_tenant >= 0),
                    ADD COLUMN rate_limit_user real CHECK (rate_limit_user >= 0);

-- +goose Down
ALTER TABLE tenants DROP COLUMN rate_limit_tenant, DROP COLUMN rate_limit_user;
