// Package blobstore keeps files (payslips, attachments, signed exports)
// content-addressed: a file is named by the SHA-256 of its bytes, so the
// event that publishes it records the hash and never the bytes, and the same
// file uploaded twice is stored once per tenant.
//
// PostgreSQL is the default store; an S3-compatible bucket is used when
// configured. Both keep the same contract (see Store).
package blobstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
)

// ErrNotFound is returned by Get when the tenant has no file of that hash.
var ErrNotFound = errors.New("blobstore: not found")

// Store is where file contents live. Every call is scoped to a tenant: a
// hash stored by one tenant is not found by another.
type Store interface {
	// Put stores content (idempotent: putting the same bytes again is a
	// no-op) and returns its hash, the lower-case hex SHA-256.
	Put(ctx context.Context, tenant string, content []byte) (string, error)
	// Get returns the bytes stored under hash, or ErrNotFound.
	Get(ctx context.Context, tenant, hash string) ([]byte, error)
}

// Hash is the name a file gets in every Store.
func Hash(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}
