package main

import "portal/platform/blobstore"

// blobStore is where file contents live: the database by default. The S3-compatible store is
// chosen here by configuration (docs/operations.md).
func blobStore(e *env) blobstore.Store {
	return blobstore.NewPostgres(e.pool)
}
