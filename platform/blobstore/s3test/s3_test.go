package s3test_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/platform/blobstore"
	"portal/platform/blobstore/blobstoretest"
	"portal/platform/blobstore/s3test"
	"portal/platform/pgtest"
)

// One SeaweedFS for the package: starting it takes seconds.
var (
	weedOnce sync.Once
	weedCfg  blobstore.S3Config
	weedStop func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	if weedStop != nil {
		weedStop()
	}
	os.Exit(code)
}

// weed starts the shared server on first use; its cleanup runs when TestMain ends.
func weed(t *testing.T) blobstore.S3Config {
	t.Helper()
	weedOnce.Do(func() {
		h := &holder{TB: t}
		weedCfg = s3test.Start(h)
		weedStop = h.cleanup
	})
	if weedCfg.Endpoint == "" {
		t.Fatal("SeaweedFS did not start (see the first test's log)")
	}
	return weedCfg
}

// holder is a testing.TB whose Cleanups run when the package ends, not the first test.
type holder struct {
	testing.TB
	fns []func()
}

func (h *holder) Cleanup(fn func()) { h.fns = append(h.fns, fn) }
func (h *holder) TempDir() string {
	dir, err := os.MkdirTemp("", "s3test-")
	if err != nil {
		h.Fatal(err)
	}
	h.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
func (h *holder) cleanup() {
	for i := len(h.fns) - 1; i >= 0; i-- {
		h.fns[i]()
	}
}

func newS3(t *testing.T, prefix string) (blobstore.Store, blobstore.S3Config) {
	cfg := weed(t)
	cfg.Prefix = prefix
	s, err := blobstore.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, cfg
}

func random(t testing.TB, n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestS3Contract(t *testing.T) {
	s, _ := newS3(t, "contract")
	blobstoretest.Run(t, s)
}

func TestS3DetectsACorruptedObject(t *testing.T) {
	ctx := context.Background()
	s, cfg := newS3(t, "corrupt")
	content := []byte("the original payslip")
	hash, err := s.Put(ctx, "tenant-a", content)
	if err != nil {
		t.Fatal(err)
	}
	s3test.Corrupt(t, cfg, "corrupt/tenant-a/"+hash[:2]+"/"+hash, []byte("the altered payslip"))
	got, err := s.Get(ctx, "tenant-a", hash)
	if err == nil || errors.Is(err, blobstore.ErrNotFound) || !strings.Contains(err.Error(), "corrupted") {
		t.Fatalf("Get of a corrupted object = %q, %v; want a corruption error", got, err)
	}
}

// The prefix separates portals sharing a bucket.
func TestS3PrefixSeparatesStores(t *testing.T) {
	ctx := context.Background()
	a, _ := newS3(t, "portal-one")
	b, _ := newS3(t, "portal-two")
	hash, err := a.Put(ctx, "tenant-a", []byte("only in portal one"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, "tenant-a", hash); !errors.Is(err, blobstore.ErrNotFound) {
		t.Fatalf("Get under another prefix: %v, want ErrNotFound", err)
	}
}

type fakePG struct{ blobstore.Store }

func TestOpenChoosesTheStore(t *testing.T) {
	pg := &fakePG{}
	postgres := func() blobstore.Store { return pg }
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

	s, err := blobstore.Open(env(nil), postgres)
	if err != nil || s != pg {
		t.Fatalf("unconfigured Open = %T, %v; want the PostgreSQL store", s, err)
	}

	cfg := weed(t)
	s, err = blobstore.Open(env(map[string]string{
		"BLOB_S3_ENDPOINT": cfg.Endpoint, "BLOB_S3_BUCKET": cfg.Bucket, "BLOB_S3_ACCESS_KEY": cfg.AccessKey,
		"BLOB_S3_SECRET_KEY": cfg.SecretKey, "BLOB_S3_REGION": cfg.Region, "BLOB_S3_TLS": "false",
	}), postgres)
	if err != nil || s == pg {
		t.Fatalf("configured Open = %T, %v; want the S3 store", s, err)
	}
	// It really is the bucket: what it put is there to a store opened directly.
	hash, err := s.Put(context.Background(), "tenant-a", []byte("through Open"))
	if err != nil {
		t.Fatal(err)
	}
	direct, _ := blobstore.NewS3(cfg)
	if got, err := direct.Get(context.Background(), "tenant-a", hash); err != nil || string(got) != "through Open" {
		t.Fatalf("object put through Open, read directly: %q, %v", got, err)
	}

	if _, err := blobstore.Open(env(map[string]string{"BLOB_S3_ENDPOINT": "x:1", "BLOB_S3_BUCKET": "b", "BLOB_S3_TLS": "maybe"}), postgres); err == nil {
		t.Fatal("BLOB_S3_TLS=maybe accepted")
	}
	if _, err := blobstore.Open(env(map[string]string{"BLOB_S3_ENDPOINT": "x:1"}), postgres); err == nil {
		t.Fatal("an endpoint without a bucket accepted")
	}
}

// pgBaseline is the simplest PostgreSQL blob table (one bytea row per tenant and hash),
// the shape of the default store, so the S3 figures have a same-run baseline.
type pgBaseline struct{ db *pgtest.DB }

func (p pgBaseline) Put(ctx context.Context, tenant string, content []byte) (string, error) {
	hash := blobstore.Hash(content)
	_, err := p.db.Pool.Exec(ctx, `INSERT INTO s3test_blob_baseline (tenant, hash, content) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, tenant, hash, content)
	return hash, err
}

func (p pgBaseline) Get(ctx context.Context, tenant, hash string) ([]byte, error) {
	var content []byte
	err := p.db.Pool.QueryRow(ctx, `SELECT content FROM s3test_blob_baseline WHERE tenant = $1 AND hash = $2`, tenant, hash).Scan(&content)
	return content, err
}

// TestThroughputS3VersusPostgreSQL logs Put and Get of 1,000 files of 50 KB, eight at a
// time, on the S3 store and on a PostgreSQL table (the figures the lead reports).
func TestThroughputS3VersusPostgreSQL(t *testing.T) {
	const files, size, workers = 1000, 50 << 10, 8
	db, err := pgtest.Start("blobstore")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Pool.Exec(context.Background(), `CREATE TABLE IF NOT EXISTS s3test_blob_baseline (tenant text, hash text, content bytea, PRIMARY KEY (tenant, hash))`); err != nil {
		t.Fatal(err)
	}
	s3, _ := newS3(t, "throughput")
	contents := make([][]byte, files)
	for i := range contents {
		contents[i] = random(t, size)
	}
	for _, c := range []struct {
		name  string
		store blobstore.Store
	}{{"PostgreSQL", pgBaseline{db}}, {"S3 (SeaweedFS)", s3}} {
		tenant := fmt.Sprintf("bench-%d", time.Now().UnixNano())
		hashes := make([]string, files)
		put := parallel(t, files, workers, func(i int) error {
			h, err := c.store.Put(context.Background(), tenant, contents[i])
			hashes[i] = h
			return err
		})
		get := parallel(t, files, workers, func(i int) error {
			got, err := c.store.Get(context.Background(), tenant, hashes[i])
			if err == nil && !bytes.Equal(got, contents[i]) {
				err = fmt.Errorf("file %d differs", i)
			}
			return err
		})
		mb := float64(files*size) / (1 << 20)
		t.Logf("%-15s Put %4.0f files/s (%5.1f MB/s, %v)   Get %4.0f files/s (%5.1f MB/s, %v)",
			c.name, files/put.Seconds(), mb/put.Seconds(), put.Round(time.Millisecond),
			files/get.Seconds(), mb/get.Seconds(), get.Round(time.Millisecond))
	}
}

func parallel(t *testing.T, n, workers int, fn func(int) error) time.Duration {
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for i := range next {
				if err := fn(i); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	return time.Since(start)
}
