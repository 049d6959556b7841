package readapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"portal/projections"
)

// HealthBody is the answer of GET /health.
type HealthBody struct {
	// Status is "ok" when the database answers and every projection has caught up with the
	// log as it was at start; "starting" while projections catch up; "unavailable" when the
	// database does not answer.
	Status      string                         `json:"status"`
	Database    string                         `json:"database"` // "ok" or "down"
	Projections []projections.ProjectionStatus `json:"projections"`
	// Push is Centrifugo's state; absent when this process serves no live push. Its being
	// down does not make the process unready: pages work, live updates wait for its restart.
	Push *PushState `json:"push,omitempty"`
}

func (s *Server) routesHealth(e *echo.Echo) {
	e.GET("/health", s.health)
}

// health is GET /health for load balancers and operators: 200 when this process can serve
// (database up, projections caught up), else 503. It lists every projection's checkpoint,
// lag and parked events.
func (s *Server) health(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	body := HealthBody{Status: "ok", Database: "ok", Projections: []projections.ProjectionStatus{}, Push: s.pushState(ctx)}
	if s.Pool == nil || s.Pool.Ping(ctx) != nil {
		body.Status, body.Database = "unavailable", "down"
		return c.JSON(http.StatusServiceUnavailable, body)
	}
	if s.Runner != nil {
		st, err := s.Runner.Status(ctx)
		if err != nil {
			body.Status, body.Database = "unavailable", "down"
			return c.JSON(http.StatusServiceUnavailable, body)
		}
		body.Projections = st
		if !s.Runner.Ready() {
			body.Status = "starting"
			return c.JSON(http.StatusServiceUnavailable, body)
		}
	}
	return c.JSON(http.StatusOK, body)
}
