package readapi

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// The built app is served as the build precompressed it, by the browser's Accept-Encoding,
// with HEAD answered and hashed assets cached for good.
func TestWebServesPrecompressedAssetsAndHead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<html>app</html>")
	write("index.html.br", "BR-INDEX")
	write("assets/app-1a2b.js", "console.log('raw')")
	write("assets/app-1a2b.js.br", "BR-BYTES")
	write("assets/app-1a2b.js.gz", "GZ-BYTES")
	write("assets/logo-9f.png", "PNG")
	h := (&Server{WebDir: dir}).Handler()

	for _, c := range []struct {
		method, path, accept  string
		body, encoding, cache string
	}{
		{"GET", "/assets/app-1a2b.js", "gzip, deflate, br, zstd", "BR-BYTES", "br", "public, max-age=31536000, immutable"},
		{"GET", "/assets/app-1a2b.js", "gzip", "GZ-BYTES", "gzip", "public, max-age=31536000, immutable"},
		{"GET", "/assets/app-1a2b.js", "br;q=0, gzip;q=0.8", "GZ-BYTES", "gzip", "public, max-age=31536000, immutable"},
		{"GET", "/assets/app-1a2b.js", "", "console.log('raw')", "", "public, max-age=31536000, immutable"},
		{"GET", "/assets/logo-9f.png", "br", "PNG", "", "public, max-age=31536000, immutable"},
		{"GET", "/apps/rh/anything", "br", "BR-INDEX", "br", "no-cache"},
		{"GET", "/", "identity", "<html>app</html>", "", "no-cache"},
		{"HEAD", "/assets/app-1a2b.js", "br", "", "br", "public, max-age=31536000, immutable"},
		{"HEAD", "/login", "", "", "", "no-cache"},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode != http.StatusOK || rec.Body.String() != c.body || res.Header.Get("Content-Encoding") != c.encoding ||
			res.Header.Get("Cache-Control") != c.cache || res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s %s (%s): %d %q encoding %q cache %q vary %q", c.method, c.path, c.accept, res.StatusCode, rec.Body.String(),
				res.Header.Get("Content-Encoding"), res.Header.Get("Cache-Control"), res.Header.Get("Vary"))
		}
		if ct := res.Header.Get("Content-Type"); c.path == "/assets/app-1a2b.js" && ct != "text/javascript; charset=utf-8" {
			t.Errorf("%s %s: content type %q", c.method, c.path, ct)
		}
		if c.method == "HEAD" {
			want := map[string]int{"/assets/app-1a2b.js": len("BR-BYTES"), "/login": len("<html>app</html>")}[c.path]
			if res.Header.Get("Content-Length") != strconv.Itoa(want) {
				t.Errorf("HEAD %s: length %q, want %d", c.path, res.Header.Get("Content-Length"), want)
			}
		}
	}
}
