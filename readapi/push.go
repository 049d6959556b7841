package readapi

import (
	"context"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"

	"portal/push"
)

// Push is the live-push engine the browsers connect to (Centrifugo, docs/operations.md
// "Live push"): the portal hands out connection tokens and proxies the socket on its own
// origin, so one address serves the whole product.
type Push struct {
	URL    *url.URL // Centrifugo's base address (the child's, or CENTRIFUGO_URL)
	Secret []byte   // HMAC key of connection tokens, shared with Centrifugo through its config
	// State reports Centrifugo's health for /health; nil asks its /health endpoint.
	State func(ctx context.Context) PushState
}

// PushState is Centrifugo's part of GET /health.
type PushState struct {
	Status   string `json:"status"` // "ok", "starting", "down" or "stopped"
	URL      string `json:"url"`
	PID      int    `json:"pid,omitempty"`      // the supervised child's process id
	Restarts int    `json:"restarts,omitempty"` // how often the supervisor restarted it
}

// PushToken is the answer of GET /api/push/token.
type PushToken struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	URL       string    `json:"url"` // the socket's path on this origin
}

// pushSocketPath is where the browser opens its socket; the portal forwards it to Centrifugo.
const pushSocketPath = "/connection/websocket"

func (s *Server) routesPush(e *echo.Echo, api *echo.Group) {
	api.GET("/push/token", s.pushToken, s.requireAuth)
	if s.Push == nil || s.Push.URL == nil {
		return
	}
	proxy := httputil.NewSingleHostReverseProxy(s.Push.URL)
	proxy.ErrorHandler = func(w http.ResponseWriter, _ *http.Request, _ error) {
		w.WriteHeader(http.StatusBadGateway) // Centrifugo is restarting: the client retries
	}
	e.GET(pushSocketPath, echo.WrapHandler(proxy))
}

// pushToken is GET /api/push/token: a Centrifugo connection token for the caller, valid for
// push.TokenTTL, whose channels (the caller's own and the tenant's) are subscribed
// server-side. The browser asks again before it expires.
func (s *Server) pushToken(c echo.Context) error {
	if s.Push == nil || len(s.Push.Secret) == 0 {
		return apiError(http.StatusServiceUnavailable, "request", "indisponivel")
	}
	claims := claimsOf(c)
	token, exp, err := push.Token(s.Push.Secret, claims.Tenant, claims.UserID, s.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, PushToken{Token: token, ExpiresAt: exp.UTC(), URL: pushSocketPath})
}

// pushState is Centrifugo's health for /health; nil when no push engine is configured.
func (s *Server) pushState(ctx context.Context) *PushState {
	if s.Push == nil || s.Push.URL == nil {
		return nil
	}
	if s.Push.State != nil {
		st := s.Push.State(ctx)
		return &st
	}
	st := PushState{Status: "down", URL: s.Push.URL.String()}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.Push.URL.JoinPath("health").String(), nil)
	if err == nil {
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				st.Status = "ok"
			}
		}
	}
	return &st
}
