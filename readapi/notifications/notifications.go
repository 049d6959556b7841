// Package notifications serves a user's inbox (spec portal-core §7; docs/api.md
// "Notifications"): the list, creating one, dismissing and marking displayed.
package notifications

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/commands"
	notificationcmd "portal/commands/notification"
	"portal/domain"
	"portal/domain/notification"
	"portal/eventstore"
	notificationsproj "portal/projections/notifications"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// notificationsListed is the most notifications GET notification-app answers (the newest).
const notificationsListed = 100

// NotificationReadModel is what the notification queries need from the read model;
// notificationsproj.Notifications implements it. tx is a tenant transaction (db.InTenant).
type NotificationReadModel interface {
	List(ctx context.Context, tx pgx.Tx, user uuid.UUID, limit int) ([]notificationsproj.Notification, error)
	Unread(ctx context.Context, tx pgx.Tx, user uuid.UUID) (int, error)
}

// API holds the notification calls' dependencies.
type API struct {
	Pool    *pgxpool.Pool
	Reads   NotificationReadModel          // default notificationsproj.Notifications{}
	Create  *notificationcmd.CreateHandler // POST notification-app
	Inboxes *notificationcmd.Inboxes       // PUT displayed, POST dismiss and dismiss-all
}

// New builds the notification calls on the pool, the event store and the clock; it says what
// could not be built.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*API, error) {
	h, err := notificationcmd.New(commands.PoolFacts{Pool: pool}, store, now)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Reads: notificationsproj.Notifications{}, Create: h.Create, Inboxes: h.Inboxes}, nil
}

// Routes registers the notification calls behind the server's authentication. Every
// call needs tenId and userHash matching the token: a user reads and changes only their own
// inbox.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	n := g.Group("/notification-app", gates.Authn, httpx.Caller(httpx.BothRequired))
	n.GET("", s.notificationList)
	n.POST("", s.notificationCreate)
	n.POST("/dismiss", s.notificationDismiss)
	n.POST("/dismiss-all", s.notificationDismissAll)
	n.PUT("/displayed", s.notificationDisplayed)
}

// notificationList answers GET notification-app?type=1: the caller's notifications not
// dismissed, newest first, at most 100. type 1 (the web app's list) is the only type; it
// may be left out.
func (s *API) notificationList(c echo.Context) error {
	if t := strings.TrimSpace(c.QueryParam("type")); t != "" && t != "1" {
		return httpx.Error(http.StatusBadRequest, "type", domain.KeyInvalid)
	}
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]notificationsproj.Notification, error) {
		list, err := s.Reads.List(ctx, tx, httpx.Claims(c).UserID, notificationsListed)
		return append([]notificationsproj.Notification{}, list...), err
	})
}

type notificationCreatedJSON struct {
	Success bool                           `json:"success"`
	Data    notificationsproj.Notification `json:"data"`
}

// notificationCreate answers POST notification-app with body {message, options,
// toUserHash}: a notification for the caller, or (HR admin, manager) for the user of the
// caller's tenant named by toUserHash. It answers once the notification is appended; the
// read model and the recipient's browsers follow through the projection's push.
func (s *API) notificationCreate(c echo.Context) error {
	draft, id, err := httpx.Command(c, notification.ParseCreate)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	res, err := s.Create.Handle(c.Request().Context(), notificationcmd.Create{
		CommandID: id, Tenant: claims.Tenant, SenderID: claims.UserID, SenderHash: claims.UserHash,
		SenderRoles: claims.Roles, Draft: draft,
	})
	if err != nil {
		return err
	}
	o := res.Content.Options
	return c.JSON(http.StatusOK, notificationCreatedJSON{Success: true, Data: notificationsproj.Notification{
		ID: res.ID, Message: res.Content.Message, CreatedAt: res.CreatedAt,
		Options: notificationsproj.Options{Variant: string(o.Variant), Classification: int(o.Classification),
			From: o.From, Header: o.Header, Link: o.Link},
	}})
}

// notificationID reads the id query parameter.
func notificationID(c echo.Context) (uuid.UUID, error) {
	text := strings.TrimSpace(c.QueryParam("id"))
	if text == "" {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "id", domain.KeyRequired)
	}
	id, err := uuid.Parse(text)
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, "id", domain.KeyInvalid)
	}
	return id, nil
}

// inboxCommand reads a command on the caller's own inbox: the notification id (withID) and
// the command id.
func inboxCommand(c echo.Context, withID bool) (id uuid.UUID, cmd notificationcmd.InboxCommand, err error) {
	if withID {
		if id, err = notificationID(c); err != nil {
			return id, cmd, err
		}
	}
	claims := httpx.Claims(c)
	cmd = notificationcmd.InboxCommand{Tenant: claims.Tenant, UserID: claims.UserID}
	cmd.CommandID, err = httpx.CommandID(c)
	return id, cmd, err
}

// notificationDismiss answers POST notification-app/dismiss?id: {success:true}; dismissing
// twice succeeds; an id not in the caller's inbox is 404.
func (s *API) notificationDismiss(c echo.Context) error {
	id, cmd, err := inboxCommand(c, true)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Inboxes.Dismiss(c.Request().Context(), cmd, id))
}

// notificationDismissAll answers POST notification-app/dismiss-all: {success:true,
// dismissed:n}.
func (s *API) notificationDismissAll(c echo.Context) error {
	_, cmd, err := inboxCommand(c, false)
	if err != nil {
		return err
	}
	n, err := s.Inboxes.DismissAll(c.Request().Context(), cmd)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "dismissed": n})
}

// notificationDisplayed answers PUT notification-app/displayed?id: {success:true,
// first:bool}. first is true only for the call that recorded the display: the web app shows
// the toast only then, so a notification appears once even with several tabs open.
func (s *API) notificationDisplayed(c echo.Context) error {
	id, cmd, err := inboxCommand(c, true)
	if err != nil {
		return err
	}
	first, err := s.Inboxes.MarkDisplayed(c.Request().Context(), cmd, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"success": true, "first": first})
}

// Pending is the home banner's notifications item: how many the caller has not dismissed.
func (s *API) Pending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	n, err := s.Reads.Unread(ctx, tx, c.UserID)
	return home.PendingItem{Kind: "notifications", Count: n}, true, err
}
