// Package blobstoretest is the contract every blobstore.Store keeps. Each
// implementation's test calls Run on a store backed by the real service
// (PostgreSQL, an S3-compatible server the test starts), so the stores cannot
// drift apart.
package blobstoretest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"testing"

	"portal/platform/blobstore"
)

// Run checks store against the contract. Tenants are fresh random UUIDs, so
// Run may be called on a store that already holds other files.
func Run(t *testing.T, store blobstore.Store) {
	t.Helper()
	ctx := context.Background()
	tenantA, tenantB := newUUID(t), newUUID(t)

	t.Run("round trip", func(t *testing.T) {
		content := []byte("%PDF-1.4 a payslip\n")
		hash, err := store.Put(ctx, tenantA, content)
		if err != nil {
			t.Fatalf("Put: %v", err)
		}
		if hash != blobstore.Hash(content) {
			t.Fatalf("Put returned %q, want the content's hash %q", hash, blobstore.Hash(content))
		}
		got, err := store.Get(ctx, tenantA, hash)
		if err != nil {
			t.Fatalf("Get: %v", err)
		}
		if !bytes.Equal(got, content) {
			t.Fatalf("Get returned %q, want %q", got, content)
		}
	})

	t.Run("idempotent put", func(t *testing.T) {
		content := []byte("the same bytes twice")
		h1, err := store.Put(ctx, tenantA, content)
		if err != nil {
			t.Fatalf("first Put: %v", err)
		}
		h2, err := store.Put(ctx, tenantA, content)
		if err != nil {
			t.Fatalf("second Put of the same bytes: %v", err)
		}
		if h1 != h2 {
			t.Fatalf("hashes differ: %q then %q", h1, h2)
		}
		got, err := store.Get(ctx, tenantA, h1)
		if err != nil || !bytes.Equal(got, content) {
			t.Fatalf("Get after two Puts = %q, %v", got, err)
		}
	})

	t.Run("tenant isolation", func(t *testing.T) {
		content := []byte("only tenant A may read this")
		hash, err := store.Put(ctx, tenantA, content)
		if err != nil {
			t.Fatalf("Put: %v", err)
		}
		if got, err := store.Get(ctx, tenantB, hash); !errors.Is(err, blobstore.ErrNotFound) {
			t.Fatalf("another tenant's Get = %d bytes, %v; want ErrNotFound", len(got), err)
		}
		// The same bytes stored by B are B's own copy, and A still reads its own.
		if _, err := store.Put(ctx, tenantB, content); err != nil {
			t.Fatalf("Put by tenant B: %v", err)
		}
		if got, err := store.Get(ctx, tenantA, hash); err != nil || !bytes.Equal(got, content) {
			t.Fatalf("tenant A's Get after B's Put = %q, %v", got, err)
		}
	})

	t.Run("not found", func(t *testing.T) {
		missing := blobstore.Hash([]byte("never stored"))
		if _, err := store.Get(ctx, tenantA, missing); !errors.Is(err, blobstore.ErrNotFound) {
			t.Fatalf("Get of a hash never stored: %v; want ErrNotFound", err)
		}
	})

	t.Run("10 MB file", func(t *testing.T) {
		content := make([]byte, 10<<20)
		if _, err := rand.Read(content); err != nil {
			t.Fatal(err)
		}
		hash, err := store.Put(ctx, tenantA, content)
		if err != nil {
			t.Fatalf("Put 10 MB: %v", err)
		}
		got, err := store.Get(ctx, tenantA, hash)
		if err != nil {
			t.Fatalf("Get 10 MB: %v", err)
		}
		if !bytes.Equal(got, content) {
			t.Fatalf("10 MB file came back different (%d bytes)", len(got))
		}
	})
}

// newUUID is a random version-4 UUID: tenant ids are UUIDs in every store.
func newUUID(t *testing.T) string {
	t.Helper()
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&0xf])
	}
	return string(out)
}
