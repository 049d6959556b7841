package readapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/push"
)

// streamKeepAlive is how often an idle stream sends a comment line, so proxies and load
// balancers do not close it.
var streamKeepAlive = 15 * time.Second

// streamCatchUpPage is how many stored messages one catch-up query reads.
const streamCatchUpPage = 500

func (s *Server) routesStream(g *echo.Group) {
	g.GET("/stream", s.stream)
}

// stream is GET /api/stream: the user's live updates as Server-Sent Events. Each message is
//
//	id: <global position of the event that caused it>
//	event: <topic>
//	data: <json>
//
// The access token comes in the query (access_token, since EventSource cannot set headers)
// or as "Authorization: Bearer". A reconnecting EventSource sends Last-Event-ID (a client
// may also pass ?lastEventId=): the stream first sends every stored message for the user
// (and the tenant) after that event, then the live ones, with no gap and no duplicate: it
// subscribes to the hub before the catch-up query and drops live messages the catch-up
// already sent. When the position is unknown (pruned), it sends one "resync" event (data
// {}) so the client reloads what it shows, and goes on from there.
func (s *Server) stream(c echo.Context) error {
	token := c.QueryParam("access_token")
	if token == "" {
		token, _ = bearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
	}
	if token == "" || s.Auth == nil {
		return apiError(http.StatusUnauthorized, "token", "token_invalido")
	}
	ctx := c.Request().Context()
	claims, err := s.Auth.VerifyContext(ctx, token)
	if errors.Is(err, auth.ErrInvalidToken) {
		return apiError(http.StatusUnauthorized, "token", "token_invalido")
	}
	if err != nil {
		return err
	}
	if s.Hub == nil {
		return apiError(http.StatusServiceUnavailable, "request", "indisponivel")
	}

	lastID := strings.TrimSpace(c.Request().Header.Get("Last-Event-ID"))
	if lastID == "" {
		lastID = strings.TrimSpace(c.QueryParam("lastEventId"))
	}
	// An id this server did not send (not a position) is treated as an unknown position.
	lastPos, perr := strconv.ParseInt(lastID, 10, 64)
	if lastID != "" && (perr != nil || lastPos < 0) {
		lastPos = 0
	} else if lastID == "" {
		lastPos = -1
	}

	// Subscribe first: whatever the hub reads from now on reaches us; whatever it read
	// before is old enough for the catch-up query to see.
	sub := s.Hub.Subscribe(claims.Tenant, claims.UserID)
	defer sub.Close()

	var last push.Key // the key of the last message sent; live ones up to it are dropped
	var catchUp []push.Envelope
	resync, resyncID := false, ""
	if lastPos >= 0 {
		key, found, err := s.Hub.ResumeKey(ctx, claims.Tenant, claims.UserID, lastPos)
		if err != nil {
			return err
		}
		if found {
			last = key
			// The first page is read before the response starts, so a failure is still a
			// proper error answer.
			if catchUp, err = s.Hub.After(ctx, claims.Tenant, claims.UserID, last, streamCatchUpPage); err != nil {
				return err
			}
		} else {
			// Cannot resume (pruned or foreign position): the client reloads what it shows
			// and the stream goes on from the newest message, whose id the resync carries
			// (an empty id, if there is none, makes the next reconnect a fresh one).
			resync = true
			newest, ok, err := s.Hub.Newest(ctx, claims.Tenant, claims.UserID)
			if err != nil {
				return err
			}
			if ok {
				last, resyncID = newest.Key, strconv.FormatInt(newest.Event.Position, 10)
			}
		}
	}

	res := c.Response()
	h := res.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	_ = http.NewResponseController(res.Writer).SetWriteDeadline(time.Time{})
	res.WriteHeader(http.StatusOK)
	w := &sseWriter{res: res}
	w.raw("retry: 2000\n\n")
	if resync {
		w.event(resyncID, "resync", []byte("{}"))
	}

	for len(catchUp) > 0 && w.err == nil {
		for _, e := range catchUp {
			w.message(e)
			last = e.Key
		}
		if len(catchUp) < streamCatchUpPage {
			break
		}
		var err error
		if catchUp, err = s.Hub.After(ctx, claims.Tenant, claims.UserID, last, streamCatchUpPage); err != nil {
			return s.streamEnd(ctx, err)
		}
	}

	tick := time.NewTicker(streamKeepAlive)
	defer tick.Stop()
	for w.err == nil {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			w.raw(": keep-alive\n\n")
		case e, ok := <-sub.C:
			if !ok {
				// Dropped for falling behind (or the hub stopped): end the stream; the
				// client reconnects with Last-Event-ID and loses nothing.
				return nil
			}
			if !last.Before(e.Key) {
				continue // the catch-up sent it already
			}
			w.message(e)
			last = e.Key
		}
	}
	return s.streamEnd(ctx, w.err)
}

// streamEnd logs why a started stream ended, unless the client went away.
func (s *Server) streamEnd(ctx context.Context, err error) error {
	if err != nil && ctx.Err() == nil {
		slog.Debug("stream ended", "err", err)
	}
	return nil
}

// sseWriter writes Server-Sent Events and flushes each one; after the first write error it
// writes nothing more.
type sseWriter struct {
	res *echo.Response
	err error
}

func (w *sseWriter) message(e push.Envelope) {
	w.event(strconv.FormatInt(e.Event.Position, 10), e.Topic, e.Data)
}

func (w *sseWriter) event(id, topic string, data []byte) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "id: %s\nevent: %s\n", id, oneLine(topic))
	// A data field cannot hold a line break: each line of the payload is its own field.
	for _, line := range bytes.Split(data, []byte("\n")) {
		b.WriteString("data: ")
		b.Write(bytes.TrimSuffix(line, []byte("\r")))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	w.raw(b.String())
}

func (w *sseWriter) raw(s string) {
	if w.err != nil {
		return
	}
	if _, err := w.res.Write([]byte(s)); err != nil {
		w.err = err
		return
	}
	w.res.Flush()
}

func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}
