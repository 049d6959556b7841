package identity

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestClientAddress(t *testing.T) {
	e := echo.New()
	req := httptest.NewRequest(http.MethodPost, "/", nil)
	req.RemoteAddr = "203.0.113.5:1234"
	req.Header.Set("X-Forwarded-For", "10.0.0.1")
	if got := clientAddress(e.NewContext(req, httptest.NewRecorder())); got != "203.0.113.5" {
		t.Errorf("without an IP extractor: %q, want the remote address", got)
	}
	e.IPExtractor = echo.ExtractIPFromXFFHeader(echo.TrustIPRange(mustCIDR("203.0.113.0/24")))
	if got := clientAddress(e.NewContext(req, httptest.NewRecorder())); got != "10.0.0.1" {
		t.Errorf("behind a trusted proxy: %q, want the forwarded address", got)
	}
}

func mustCIDR(s string) *net.IPNet {
	_, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	return n
}
