package readapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"portal/domain"
	"portal/eventstore"
	"portal/readapi/httpx"
)

// The error list and its types are httpx's, shared with the area packages.
type (
	FieldError = httpx.FieldError
	ErrorBody  = httpx.ErrorBody
	APIError   = httpx.APIError
)

func apiError(status int, field, key string) *APIError { return httpx.Error(status, field, key) }

var statusOfKind = map[domain.Kind]int{
	domain.Invalid:   http.StatusBadRequest,
	domain.Refused:   http.StatusUnprocessableEntity,
	domain.NotFound:  http.StatusNotFound,
	domain.Conflict:  http.StatusConflict,
	domain.Forbidden: http.StatusForbidden,
}

// errorHandler is the one place that maps error kinds to statuses and to the spec's list.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, list := classify(err)
	if status >= 500 {
		slog.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	c.JSON(status, ErrorBody{Message: list[0].Message, Errors: list})
}

func classify(err error) (int, []FieldError) {
	var apiErr *APIError
	var domErr *domain.Error
	var httpErr *echo.HTTPError
	switch {
	case errors.As(err, &apiErr):
		return apiErr.Status, apiErr.Errors
	case errors.As(err, &domErr):
		status, ok := statusOfKind[domErr.Kind]
		if !ok {
			status = http.StatusBadRequest
		}
		return status, []FieldError{{Type: domErr.Field, Message: domErr.Key}}
	case errors.Is(err, eventstore.ErrConcurrency):
		return http.StatusConflict, []FieldError{{Type: "request", Message: "conflito_de_versao"}}
	case errors.As(err, &httpErr):
		key := "erro_requisicao"
		switch httpErr.Code {
		case http.StatusNotFound:
			key = domain.KeyNotFound
		case http.StatusUnauthorized:
			key = "nao_autorizado"
		case http.StatusForbidden:
			key = domain.KeyDenied
		case http.StatusMethodNotAllowed:
			key = "metodo_nao_permitido"
		case http.StatusRequestEntityTooLarge:
			key = "requisicao_muito_grande"
		}
		return httpErr.Code, []FieldError{{Type: "request", Message: key}}
	default:
		return http.StatusInternalServerError, []FieldError{{Type: "request", Message: "erro_interno"}}
	}
}
