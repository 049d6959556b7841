package readapi

import (
	"log/slog"

	"github.com/labstack/echo/v4"

	"portal/readapi/httpx"
)

// The error list and its types are httpx's, shared with the area packages.
type (
	FieldError = httpx.FieldError
	ErrorBody  = httpx.ErrorBody
	APIError   = httpx.APIError
)

func apiError(status int, field, key string) *APIError { return httpx.Error(status, field, key) }

// errorHandler answers every failed call with the status and the spec's list that
// httpx.Classify, the one place that maps error kinds, gives it.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, list := httpx.Classify(err)
	if status >= 500 {
		slog.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	c.JSON(status, ErrorBody{Message: list[0].Message, Errors: list})
}
