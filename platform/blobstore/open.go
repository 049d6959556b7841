package blobstore

import (
	"fmt"
	"strconv"
)

// Open picks the store from the environment (docs/operations.md): an S3-compatible
// bucket when BLOB_S3_ENDPOINT is set, else the PostgreSQL store that postgres
// builds. getenv is os.Getenv in the server and a map in tests.
func Open(getenv func(string) string, postgres func() Store) (Store, error) {
	endpoint := getenv("BLOB_S3_ENDPOINT")
	if endpoint == "" {
		return postgres(), nil
	}
	tls := true // an S3 endpoint speaks HTTPS unless told otherwise
	if v := getenv("BLOB_S3_TLS"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("BLOB_S3_TLS=%q: want true or false", v)
		}
		tls = b
	}
	return NewS3(S3Config{
		Endpoint:  endpoint,
		Bucket:    getenv("BLOB_S3_BUCKET"),
		AccessKey: getenv("BLOB_S3_ACCESS_KEY"),
		SecretKey: getenv("BLOB_S3_SECRET_KEY"),
		Region:    getenv("BLOB_S3_REGION"),
		TLS:       tls,
		Prefix:    getenv("BLOB_S3_PREFIX"),
	})
}
