package blobstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is an S3-compatible bucket (AWS S3, MinIO, SeaweedFS...).
type S3Config struct {
	Endpoint  string // host:port, without scheme
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	TLS       bool
	Prefix    string // prepended to every key, so one bucket can hold several portals
}

type s3Store struct {
	client *minio.Client
	bucket string
	prefix string
}

// NewS3 is the Store in an S3-compatible bucket. The bucket must exist: the
// portal does not create buckets (their policy is the operator's).
func NewS3(cfg S3Config) (Store, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("blobstore: S3 needs an endpoint and a bucket")
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.TLS,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("blobstore: S3 client: %w", err)
	}
	prefix := strings.Trim(cfg.Prefix, "/")
	if prefix != "" {
		prefix += "/"
	}
	return &s3Store{client: client, bucket: cfg.Bucket, prefix: prefix}, nil
}

// key is <prefix><tenant>/<hash[:2]>/<hash>: the tenant first keeps tenants
// apart (and lets an operator list or delete one), the two-character fan-out
// keeps listings short.
func (s *s3Store) key(tenant, hash string) string {
	return s.prefix + tenant + "/" + hash[:2] + "/" + hash
}

func validTenant(tenant string) error {
	if tenant == "" || strings.ContainsAny(tenant, "/\\") || tenant == "." || tenant == ".." {
		return fmt.Errorf("blobstore: invalid tenant %q", tenant)
	}
	return nil
}

func validHash(hash string) bool {
	if len(hash) != 64 {
		return false
	}
	for _, c := range hash {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Put writes the object unconditionally: the key is the content's hash, so a
// second Put of the same bytes rewrites the same bytes, cheaper than a
// StatObject round trip first on the common (new file) path.
func (s *s3Store) Put(ctx context.Context, tenant string, content []byte) (string, error) {
	if err := validTenant(tenant); err != nil {
		return "", err
	}
	hash := Hash(content)
	_, err := s.client.PutObject(ctx, s.bucket, s.key(tenant, hash), bytes.NewReader(content), int64(len(content)),
		minio.PutObjectOptions{ContentType: "application/octet-stream", SendContentMd5: true})
	if err != nil {
		return "", fmt.Errorf("blobstore: S3 put: %w", err)
	}
	return hash, nil
}

// Get re-hashes what the bucket returned: a corrupted or replaced object is
// an error, never silently served as the document the event names.
func (s *s3Store) Get(ctx context.Context, tenant, hash string) ([]byte, error) {
	if err := validTenant(tenant); err != nil {
		return nil, err
	}
	if !validHash(hash) {
		return nil, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, s.key(tenant, hash), minio.GetObjectOptions{})
	if err != nil {
		return nil, s3Err(err)
	}
	defer obj.Close()
	content, err := io.ReadAll(obj)
	if err != nil {
		return nil, s3Err(err)
	}
	if got := Hash(content); got != hash {
		return nil, fmt.Errorf("blobstore: S3 object %s is corrupted (its content hashes to %s)", s.key(tenant, hash), got)
	}
	return content, nil
}

func s3Err(err error) error {
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return ErrNotFound
	}
	return fmt.Errorf("blobstore: S3 get: %w", err)
}
