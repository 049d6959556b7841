// Package s3test runs a real S3-compatible server (SeaweedFS, bin/weed built by
// scripts/build-seaweedfs.sh) for the blob store's tests: on free ports, under a temporary
// directory, with access-key authentication and an empty bucket.
package s3test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"portal/platform/blobstore"
)

const (
	AccessKey = "portal-test"
	SecretKey = "portal-test-secret-0123456789"
	Bucket    = "portal-files"
)

// repoRoot is the directory holding this module's go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "tools", "seaweedfs", "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("s3test: repository root (tools/seaweedfs) not found")
		}
		dir = parent
	}
}

// Binary is $WEED_BIN, or bin/weed after running scripts/build-seaweedfs.sh (a no-op once
// built), so `go test` alone works on a fresh clone.
func Binary() (string, error) {
	if b := os.Getenv("WEED_BIN"); b != "" {
		return b, nil
	}
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	build := exec.Command(filepath.Join(root, "scripts", "build-seaweedfs.sh"))
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("s3test: scripts/build-seaweedfs.sh: %w", err)
	}
	return filepath.Join(root, "bin", "weed"), nil
}

func freePorts(n int) ([]int, error) {
	// Held open together so the n ports differ.
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	ports := make([]int, n)
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return ports, nil
}

// Start runs SeaweedFS (master, volume, filer and S3 gateway in one process) until the
// test ends and returns the configuration of its bucket.
func Start(t testing.TB) blobstore.S3Config {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	identities := fmt.Sprintf(`{"identities":[{"name":"portal","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","Write","List","Tagging"]}]}`, AccessKey, SecretKey)
	s3conf := filepath.Join(dir, "s3.json")
	if err := os.WriteFile(s3conf, []byte(identities), 0o600); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	p, err := freePorts(8)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "server",
		"-dir="+data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		fmt.Sprintf("-master.port=%d", p[0]), fmt.Sprintf("-master.port.grpc=%d", p[1]),
		fmt.Sprintf("-volume.port=%d", p[2]), fmt.Sprintf("-volume.port.grpc=%d", p[3]),
		"-filer", fmt.Sprintf("-filer.port=%d", p[4]), fmt.Sprintf("-filer.port.grpc=%d", p[5]),
		"-s3", fmt.Sprintf("-s3.port=%d", p[6]), fmt.Sprintf("-s3.port.grpc=%d", p[7]), "-s3.config="+s3conf,
		"-s3.port.iceberg=0", "-s3.port.lance=0", // catalog servers the tests do not use
		"-filer.localSocket="+filepath.Join(dir, "filer.sock"), "-s3.localSocket="+filepath.Join(dir, "s3.sock"),
		"-master.telemetry=false", // no statistics sent anywhere (tests run offline)
		"-master.volumeSizeLimitMB=64", "-volume.max=50",
	)
	logf, err := os.Create(filepath.Join(dir, "weed.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		logf.Close()
	})

	cfg := blobstore.S3Config{
		Endpoint: fmt.Sprintf("127.0.0.1:%d", p[6]), Bucket: Bucket,
		AccessKey: AccessKey, SecretKey: SecretKey, Region: "us-east-1",
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""), Region: cfg.Region})
	if err != nil {
		t.Fatal(err)
	}
	// Ready when the gateway answers and the bucket is made (the filer and a volume
	// must be up for that); a minute covers a loaded machine.
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = client.MakeBucket(ctx, Bucket, minio.MakeBucketOptions{Region: cfg.Region})
		cancel()
		if err == nil || minio.ToErrorResponse(err).Code == "BucketAlreadyOwnedByYou" {
			break
		}
		select {
		case werr := <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
			t.Fatalf("weed exited (%v) before serving S3:\n%s", werr, log)
		default:
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "weed.log"))
			t.Fatalf("SeaweedFS S3 not ready in 60 s (last: %v):\n%s", err, log)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return cfg
}

// Corrupt overwrites the object a Store keyed (tenant, hash) with other bytes, behind the
// store's back, as a damaged disk or a careless operator would.
func Corrupt(t testing.TB, cfg blobstore.S3Config, key string, content []byte) {
	t.Helper()
	client, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Region: cfg.Region})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.PutObject(context.Background(), cfg.Bucket, key, bytes.NewReader(content), int64(len(content)), minio.PutObjectOptions{}); err != nil {
		t.Fatal(err)
	}
}
