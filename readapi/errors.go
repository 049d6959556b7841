package readapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5/pgconn"
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
	switch {
	case status == http.StatusServiceUnavailable:
		// The web app repeats a command after this many seconds with the same Idempotency-Key.
		if c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		}
		slog.Warn("database unavailable", "method", c.Request().Method, "path", c.Path(), "err", err)
	case status >= 500:
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
	case unavailable(err):
		return http.StatusServiceUnavailable, []FieldError{{Type: "request", Message: "indisponivel"}}
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

// retryAfterSeconds is the Retry-After of a 503: long enough for a burst of clients to drain
// from PostgreSQL, short enough that a punch repeated after it still feels immediate.
const retryAfterSeconds = 2

// unavailableCodes are the SQLSTATEs with which PostgreSQL refuses or drops a connection for
// a while: too_many_connections (max_connections or a role's limit reached), admin_shutdown,
// crash_shutdown and cannot_connect_now (starting up or shutting down).
var unavailableCodes = map[string]bool{"53300": true, "57P01": true, "57P02": true, "57P03": true}

// unavailable tells whether err is the database being out of reach for a moment (it refused
// the connection, is not listening, or no pooled connection came free in time) rather than a
// fault of the server or the request: such a request may simply be sent again (issue 29).
func unavailable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return unavailableCodes[pgErr.Code]
	}
	// Any other failure to connect is one of reaching the server: dial refused, no route,
	// time-out. (A refusal that names a SQLSTATE, such as a wrong password, was decided above.)
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) {
		return true
	}
	// Waiting for a connection of the pool until the request's deadline.
	return errors.Is(err, context.DeadlineExceeded)
}
