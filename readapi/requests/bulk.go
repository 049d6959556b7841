package requests

import (
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"portal/commands"
	"portal/domain"
	rq "portal/domain/request"
	"portal/readapi/httpx"
)

// bulkMax bounds one bulk delete: a page of the list holds at most requestMaxPageSize rows.
const bulkMax = requestMaxPageSize

// BulkRefusal is one request a bulk delete left in place, with the reason in the spec's
// {type, message} shape.
type BulkRefusal struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Message string `json:"message"`
}

// BulkAnswer is the answer of DELETE request/bulk: what was deleted and what was refused.
type BulkAnswer struct {
	Deleted []string      `json:"deleted"`
	Refused []BulkRefusal `json:"refused"`
}

// parseBulk reads {ids:[...]}: one to bulkMax request ids, duplicates taken once.
func parseBulk(body []byte) ([]uuid.UUID, error) {
	var b struct {
		IDs []string `json:"ids"`
	}
	if json.Unmarshal(body, &b) != nil {
		return nil, httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	if len(b.IDs) == 0 {
		return nil, httpx.Error(http.StatusBadRequest, "ids", domain.KeyRequired)
	}
	if len(b.IDs) > bulkMax {
		return nil, httpx.Error(http.StatusBadRequest, "ids", domain.KeyInvalid)
	}
	seen := map[uuid.UUID]bool{}
	var ids []uuid.UUID
	for _, s := range b.IDs {
		id, err := uuid.Parse(s)
		if err != nil {
			return nil, httpx.Error(http.StatusBadRequest, "ids", domain.KeyInvalid)
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// requestBulkRemove answers DELETE request/bulk {ids}: each request is removed by its own
// Remove command (its own stream, nothing half-written per request), so one refusal never
// undoes or blocks the others; the answer names each refused request with its reason
// (business §8: bulk-delete outcomes success, failure and partial).
func (s *API) requestBulkRemove(c echo.Context) error {
	ids, err := httpx.Body(c, parseBulk)
	if err != nil {
		return err
	}
	key, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	answer := BulkAnswer{Deleted: []string{}, Refused: []BulkRefusal{}}
	for _, id := range ids {
		a, err := action(c, id, "")
		if err != nil {
			return err
		}
		// A retried bulk call (same Idempotency-Key) retries each removal with the same id.
		a.CommandID = commands.DeriveID(httpx.Claims(c).Tenant, rq.Stream(id), key, "bulk-remove").String()
		if _, err := s.Act.Remove(c.Request().Context(), a); err != nil {
			status, list := httpx.Classify(err)
			if status >= http.StatusInternalServerError { // not a refusal: the call fails as a whole
				return err
			}
			answer.Refused = append(answer.Refused, BulkRefusal{ID: id.String(), Type: list[0].Type, Message: list[0].Message})
			continue
		}
		answer.Deleted = append(answer.Deleted, id.String())
	}
	return c.JSON(http.StatusOK, answer)
}
