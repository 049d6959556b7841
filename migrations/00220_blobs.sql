-- +goose Up
-- The PostgreSQL file store (platform/blobstore/postgres.go): file contents named by the
-- SHA-256 of their bytes, per tenant. Events that publish a file record only the hash.
-- tenant_id has no foreign key to tenants: the store's contract (blobstoretest.Run) is shared
-- with the S3 store and runs on tenants that exist only as bucket prefixes; every caller passes
-- the verified token's tenant.
CREATE TABLE blobs (
    tenant_id  uuid NOT NULL,
    hash       text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    content    bytea NOT NULL,
    size       bigint NOT NULL CHECK (size = octet_length(content)),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, hash)
);
-- The contents are already compressed (PDF, images) or random: storing them inline avoids
-- PostgreSQL's pointless compression attempt.
ALTER TABLE blobs ALTER COLUMN content SET STORAGE EXTERNAL;

-- +goose Down
DROP TABLE blobs;
