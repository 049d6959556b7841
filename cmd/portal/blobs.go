package main

import (
	"os"

	"portal/platform/blobstore"
)

// blobStore is where file contents live: the database by default, an S3-compatible bucket
// when BLOB_S3_ENDPOINT is set (docs/operations.md, "File store").
func blobStore(e *env) (blobstore.Store, error) {
	return blobstore.Open(os.Getenv, func() blobstore.Store { return blobstore.NewPostgres(e.pool) })
}
