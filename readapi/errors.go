package readapi

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

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
}

// APIError is an error with its HTTP status, for failures that are not domain rules.
type APIError struct {
	Status int
	Errors []FieldError
}

func (e *APIError) Error() string { return e.Errors[0].Type + ": " + e.Errors[0].Message }

func apiError(status int, field, key string) *APIError {
	return &APIError{Status: status, Errors: []FieldError{{Type: field, Message: key}}}
}

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
			key = "nao_encontrado"
		case http.StatusUnauthorized:
			key = "nao_autorizado"
		case http.StatusForbidden:
			key = "acesso_negado"
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

// commandIDOf is the command id of a write: its Idempotency-Key header, else a new one.
func commandIDOf(c echo.Context) (string, error) {
	return commands.CommandID(c.Request().Header.Get("Idempotency-Key"))
}

// readBody reads a request body within the body limit: an over-long body keeps its 413, any
// other read failure is a 400 on "body".
func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return nil, tooLarge
		}
		return nil, apiError(http.StatusBadRequest, "body", "valor_invalido")
	}
	return body, nil
}
