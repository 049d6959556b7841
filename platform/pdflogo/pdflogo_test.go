package pdflogo

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 2))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFetcher(t *testing.T) {
	logo := pngBytes(t)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/logo.png":
			w.Write(logo)
		case "/page.html":
			w.Write([]byte("<html><body>not an image</body></html>"))
		case "/huge":
			w.Write(append(logo, make([]byte, MaxSize)...))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := context.Background()

	f := New(time.Minute, true)
	got, err := f.Get(ctx, srv.URL+"/logo.png")
	if err != nil || got == nil || got.Type != "PNG" || !bytes.Equal(got.Bytes, logo) {
		t.Fatalf("logo: %+v, %v", got, err)
	}
	if _, _ = f.Get(ctx, srv.URL+"/logo.png"); hits.Load() != 1 {
		t.Errorf("a kept logo was fetched again (%d fetches)", hits.Load())
	}
	for _, bad := range []string{"/page.html", "/huge", "/missing"} {
		if got, err := f.Get(ctx, srv.URL+bad); got != nil || err == nil {
			t.Errorf("%s: got %v, %v; want no logo and an error", bad, got, err)
		}
	}
	if got, err := f.Get(ctx, ""); got != nil || err != nil {
		t.Errorf("no address: %v, %v", got, err)
	}
	for _, bad := range []string{"file:///etc/passwd", "ftp://example.com/logo.png", "::"} {
		if got, err := f.Get(ctx, bad); got != nil || err == nil {
			t.Errorf("%s: got %v, %v; want refused", bad, got, err)
		}
	}

	// Without allowPrivate, the host's own networks are out of reach, whatever the address.
	public := New(time.Minute, false)
	before := hits.Load()
	if got, err := public.Get(ctx, srv.URL+"/logo.png"); got != nil || err == nil {
		t.Errorf("loopback reached: %v, %v", got, err)
	}
	if hits.Load() != before {
		t.Error("the request reached the loopback server")
	}
}
