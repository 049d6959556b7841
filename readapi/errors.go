package readapi

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"portal/platform/telemetry"
	"portal/readapi/httpx"
)

// The error list and its types are httpx's, shared with the area packages.
type (
	FieldError = httpx.FieldError
	ErrorBody  = httpx.ErrorBody
	APIError   = httpx.APIError
)

func apiError(status int, field, key string) *APIError { return httpx.Error(status, field, key) }

// retryAfterSeconds is the Retry-After of a 503: long enough for a burst of clients to drain
// from PostgreSQL, short enough that a punch repeated after it still feels immediate.
const retryAfterSeconds = 2

// errorHandler answers every failed call with the status and the spec's list that
// httpx.Classify, the one place that maps error kinds, gives it.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, list := httpx.Classify(err)
	ctx := c.Request().Context() // carries the call's trace (observe.go); the log names it
	body := ErrorBody{Message: list[0].Message, Errors: list}
	switch {
	case status == http.StatusServiceUnavailable:
		// The web app repeats a command after this many seconds with the same Idempotency-Key.
		if c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		}
		body.TraceID = telemetry.TraceID(ctx)
		slog.WarnContext(ctx, "database unavailable", "method", c.Request().Method, "path", c.Path(), "err", err)
	case status >= 500:
		body.TraceID = telemetry.TraceID(ctx)
		slog.ErrorContext(ctx, "request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	c.JSON(status, body)
}
