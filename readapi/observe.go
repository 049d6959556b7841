package readapi

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"portal/commands"
	"portal/platform/telemetry"
	"portal/readapi/httpx"
)

// observe is the first middleware of every route: the call's span (continuing a caller's
// W3C traceparent), portal_http_request_duration_seconds by route pattern, method and
// status, and for a write call the command's instruments (commands.Observe), so that every
// area's routes, present and future, are measured without an edit.
func observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		ctx := otel.GetTextMapPropagator().Extract(req.Context(), propagation.HeaderCarrier(req.Header))
		ctx, span := telemetry.Tracer().Start(ctx, req.Method+" "+route, trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(attribute.String("http.request.method", req.Method), attribute.String("http.route", route)))
		c.SetRequest(req.WithContext(ctx))
		telemetry.HTTPInFlight.Inc()
		start := time.Now()
		var err error
		if isCommand(req.Method, route) {
			err = commands.Observe(ctx, req.Method+" "+route, func(cctx context.Context) error {
				c.SetRequest(c.Request().WithContext(cctx))
				return next(c)
			})
		} else {
			err = next(c)
		}
		status := c.Response().Status
		if err != nil {
			status, _ = httpx.Classify(err)
		}
		telemetry.HTTPInFlight.Dec()
		telemetry.HTTPDuration.WithLabelValues(route, req.Method, strconv.Itoa(status)).Observe(telemetry.Since(start))
		span.SetAttributes(attribute.Int("http.response.status_code", status))
		if status >= 500 {
			telemetry.End(span, err)
		} else {
			span.End()
		}
		// The error handler runs after this returns; it reads the trace id from the request.
		c.SetRequest(c.Request().WithContext(ctx))
		return err
	}
}

// isCommand tells a write call of the API (every one runs a command) from a read.
func isCommand(method, route string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return len(route) > 5 && route[:5] == "/api/"
	}
	return false
}

// routesMetrics serves GET /metrics on the API's port only when MetricsToken is set, and then
// only to "Authorization: Bearer <token>": metrics are never public by default (serve also
// offers them on METRICS_ADDR, a loopback address unless configured).
func (s *Server) routesMetrics(e *echo.Echo) {
	if s.MetricsToken == "" {
		return
	}
	h := telemetry.Handler()
	e.GET("/metrics", func(c echo.Context) error {
		token, ok := httpx.BearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
		if !ok || subtle.ConstantTimeCompare([]byte(token), []byte(s.MetricsToken)) != 1 {
			return apiError(http.StatusUnauthorized, "token", "token_invalido")
		}
		h.ServeHTTP(c.Response(), c.Request())
		return nil
	})
}
