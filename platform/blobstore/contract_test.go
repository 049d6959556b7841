package blobstore_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"portal/platform/blobstore"
	"portal/platform/blobstore/blobstoretest"
	"portal/platform/pgtest"
)

var testDB *pgtest.DB

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("blobstore")
	code := m.Run()
	testDB.Close()
	os.Exit(code)
}

func TestPostgresContract(t *testing.T) {
	blobstoretest.Run(t, blobstore.NewPostgres(testDB.Pool))
}

// A malformed tenant or hash (a tampered URL) is a miss or an error, never another file.
func TestPostgresMalformedInput(t *testing.T) {
	store := blobstore.NewPostgres(testDB.Pool)
	ctx := context.Background()
	if _, err := store.Get(ctx, "00000000-0000-4000-8000-000000000001", "../etc/passwd"); !errors.Is(err, blobstore.ErrNotFound) {
		t.Fatalf("Get of a malformed hash: %v; want ErrNotFound", err)
	}
	if _, err := store.Get(ctx, "not-a-uuid", blobstore.Hash(nil)); err == nil {
		t.Fatal("Get with a malformed tenant succeeded")
	}
}
