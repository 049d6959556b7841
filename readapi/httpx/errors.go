// Package httpx is what every area of the HTTP layer shares: the spec's {type, message} error
// list, reading a body within the limit, and the caller found by the auth middleware with the
// one configurable caller check. Areas (readapi/<area>) import it; it imports no area.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/labstack/echo/v4"

	"portal/commands"
	"portal/domain"
	"portal/eventstore"
)

// FieldError is one item of the spec's error list: type names the field.
type FieldError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// ErrorBody is every error answer: the first message (read as data.message by the spec's
// clock client) and the full list.
type ErrorBody struct {
	Message string       `json:"message"`
	Errors  []FieldError `json:"errors"`
	// TraceID names a 5xx answer's trace (when tracing is on) so a report can be found.
	TraceID string `json:"traceId,omitempty"`
}

// APIError is an error with its HTTP status, for failures that are not domain rules.
type APIError struct {
	Status int
	Errors []FieldError
}

func (e *APIError) Error() string { return e.Errors[0].Type + ": " + e.Errors[0].Message }

// StatusCode is the answer's status (commands.Outcome reads it).
func (e *APIError) StatusCode() int { return e.Status }

// Error is an APIError of one field.
func Error(status int, field, key string) *APIError {
	return &APIError{Status: status, Errors: []FieldError{{Type: field, Message: key}}}
}

// ReadBody reads a request body within the body limit: an over-long body keeps its 413, any
// other read failure is a 400 on "body".
func ReadBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return nil, tooLarge
		}
		return nil, Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	return body, nil
}

// JSON reads the call's body as JSON into v: a body that is not such JSON is 400 on "body".
func JSON(c echo.Context, v any) error {
	body, err := ReadBody(c)
	if err != nil {
		return err
	}
	if json.Unmarshal(body, v) != nil {
		return Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	return nil
}

// Strict reads a JSON object strictly (a parse for Body and Command): an unknown field or a
// wrong type is 400 valor_invalido naming the body, never a half-understood command.
func Strict[T any](body []byte) (T, error) {
	var v T
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return v, Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	return v, nil
}

// CommandID is the command id of a write: its Idempotency-Key header, else a new one.
func CommandID(c echo.Context) (string, error) {
	return commands.CommandID(c.Request().Header.Get("Idempotency-Key"))
}

// Body reads a call's body, parsed by parse (whose errors are the spec's list).
func Body[T any](c echo.Context, parse func(body []byte) (T, error)) (T, error) {
	body, err := ReadBody(c)
	if err != nil {
		var zero T
		return zero, err
	}
	return parse(body)
}

// Command reads what every command call starts with: its body, parsed by parse, and its
// command id (CommandID).
func Command[T any](c echo.Context, parse func(body []byte) (T, error)) (v T, id string, err error) {
	if v, err = Body(c, parse); err != nil {
		return v, "", err
	}
	id, err = CommandID(c)
	return v, id, err
}

// Success answers what a command call without data ends with: 200 {success:true} once the
// command succeeded (err nil), else err.
func Success(c echo.Context, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"success": true})
}

var statusOfKind = map[domain.Kind]int{
	domain.Invalid:   http.StatusBadRequest,
	domain.Refused:   http.StatusUnprocessableEntity,
	domain.NotFound:  http.StatusNotFound,
	domain.Conflict:  http.StatusConflict,
	domain.Forbidden: http.StatusForbidden,
}

// Classify maps an error to the status and the spec's list it is answered with: the server's
// error handler answers with it, and an area that records its answers (the audit area) names
// the same status.
func Classify(err error) (int, []FieldError) {
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

// unavailableCodes are the SQLSTATEs with which PostgreSQL refuses or drops a connection for
// a while: too_many_connections (max_connections or a role's limit reached), admin_shutdown,
// crash_shutdown and cannot_connect_now (starting up or shutting down).
var unavailableCodes = map[string]bool{"53300": true, "57P01": true, "57P02": true, "57P03": true}

// unavailable tells whether err is the database being out of reach for a moment (it refused
// the connection, is not listening, or no pooled connection came free in time) rather than a
// fault of the server or the request: such a request may simply be sent again.
func unavailable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return unavailableCodes[pgErr.Code] || strings.HasPrefix(pgErr.Code, "08") // connection exception
	}
	// The connection was lost under the call (PostgreSQL restarted, a network cut): the
	// outcome of what it sent is unknown, and a command sent again with its Idempotency-Key
	// appends once either way (the fault test restarts PostgreSQL under 32 punching clients).
	var netErr net.Error
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &netErr) ||
		strings.Contains(err.Error(), "conn closed") {
		return true
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
