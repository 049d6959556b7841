package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// JSON fills v from a JSON body and answers any other body 400 {body, valor_invalido}.
func TestJSON(t *testing.T) {
	read := func(body string) (struct{ A int }, error) {
		var v struct{ A int }
		c := echo.New().NewContext(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)), httptest.NewRecorder())
		return v, JSON(c, &v)
	}
	if v, err := read(`{"A":3}`); err != nil || v.A != 3 {
		t.Fatalf("JSON body: %+v, %v", v, err)
	}
	for _, body := range []string{``, `{`, `[1]`, `{"A":"x"}`} {
		var apiErr *APIError
		if _, err := read(body); !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest ||
			apiErr.Errors[0] != (FieldError{Type: "body", Message: "valor_invalido"}) {
			t.Errorf("body %q: %v", body, err)
		}
	}
}
