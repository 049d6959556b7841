package blobstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// NewPostgres is the default Store: the blobs table (migrations/00220_blobs.sql).
func NewPostgres(pool *pgxpool.Pool) Store {
	return &postgresStore{pool: pool}
}

type postgresStore struct {
	pool *pgxpool.Pool
}

func (s *postgresStore) Put(ctx context.Context, tenant string, content []byte) (string, error) {
	hash := Hash(content)
	// The hash names the bytes, so an existing row already holds them: nothing to update.
	_, err := s.pool.Exec(ctx, `
		INSERT INTO blobs (tenant_id, hash, content, size) VALUES ($1, $2, $3, $4)
		ON CONFLICT (tenant_id, hash) DO NOTHING`, tenant, hash, content, len(content))
	if err != nil {
		return "", fmt.Errorf("blobstore: put: %w", err)
	}
	return hash, nil
}

func (s *postgresStore) Get(ctx context.Context, tenant, hash string) ([]byte, error) {
	var content []byte
	err := s.pool.QueryRow(ctx, `SELECT content FROM blobs WHERE tenant_id = $1 AND hash = $2`,
		tenant, hash).Scan(&content)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("blobstore: get: %w", err)
	}
	return content, nil
}
