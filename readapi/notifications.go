package readapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/commands"
	"portal/domain/notification"
	"portal/platform/db"
	"portal/projections"
)

// notificationsListed is the most notifications GET notification-app answers (the newest).
const notificationsListed = 100

// NotificationReadModel is what the notification queries need from the read model;
// projections.Notifications implements it. tx is a tenant transaction (db.InTenant).
type NotificationReadModel interface {
	List(ctx context.Context, tx pgx.Tx, user uuid.UUID, limit int) ([]projections.Notification, error)
}

// NotificationAPI holds the notification calls' dependencies. Nil fields are built from the
// Server's Pool, Store and Now by InitNotifications.
type NotificationAPI struct {
	Reads      NotificationReadModel                      // default projections.Notifications{}
	Create     *commands.CreateNotificationHandler        // POST notification-app
	Displayed  *commands.MarkNotificationDisplayedHandler // PUT notification-app/displayed
	Dismiss    *commands.DismissNotificationHandler       // POST notification-app/dismiss
	DismissAll *commands.DismissAllNotificationsHandler   // POST notification-app/dismiss-all
}

// routesNotifications registers the notification calls (spec portal-core §7; docs/api.md
// "Notifications"). Every call needs a token, and tenId and userHash matching it: a user
// reads and changes only their own inbox.
func (s *Server) routesNotifications(g *echo.Group) {
	_ = s.InitNotifications() // without Pool or Store the calls answer 500; InitNotifications reports why
	n := g.Group("/notification-app", s.requireAuth, fullCaller)
	n.GET("", s.notificationList)
	n.POST("", s.notificationCreate)
	n.POST("/dismiss", s.notificationDismiss)
	n.POST("/dismiss-all", s.notificationDismissAll)
	n.PUT("/displayed", s.notificationDisplayed)
}

// InitNotifications builds the nil parts of s.Notifications and tells what is missing.
// Handler calls it; the wiring may call it first to fail at start-up instead.
func (s *Server) InitNotifications() error {
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Notifications == nil {
		s.Notifications = &NotificationAPI{}
	}
	a := s.Notifications
	if a.Reads == nil {
		a.Reads = projections.Notifications{}
	}
	var errs []error
	var err error
	if a.Create == nil {
		a.Create, err = commands.NewCreateNotificationHandler(s.Pool, s.Store, s.Now)
		errs = append(errs, err)
	}
	if a.Displayed == nil {
		a.Displayed, err = commands.NewMarkNotificationDisplayedHandler(s.Store, s.Now)
		errs = append(errs, err)
	}
	if a.Dismiss == nil {
		a.Dismiss, err = commands.NewDismissNotificationHandler(s.Store, s.Now)
		errs = append(errs, err)
	}
	if a.DismissAll == nil {
		a.DismissAll, err = commands.NewDismissAllNotificationsHandler(s.Store, s.Now)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// notificationList answers GET notification-app?type=1: the caller's notifications not
// dismissed, newest first, at most 100. type 1 (the web app's list) is the only type; it
// may be left out.
func (s *Server) notificationList(c echo.Context) error {
	if t := strings.TrimSpace(c.QueryParam("type")); t != "" && t != "1" {
		return apiError(http.StatusBadRequest, "type", notification.KeyInvalid)
	}
	claims := claimsOf(c)
	ctx := c.Request().Context()
	out := []projections.Notification{}
	err := db.InTenant(ctx, s.Pool, claims.Tenant.String(), func(tx pgx.Tx) error {
		list, err := s.Notifications.Reads.List(ctx, tx, claims.UserID, notificationsListed)
		out = append(out, list...)
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

type notificationCreatedJSON struct {
	Success bool                     `json:"success"`
	Data    projections.Notification `json:"data"`
}

// notificationCreate answers POST notification-app with body {message, options,
// toUserHash}: a notification for the caller, or (HR admin, manager) for the user of the
// caller's tenant named by toUserHash. It answers once the notification is appended; the
// read model and the recipient's browsers follow through the projection's push.
func (s *Server) notificationCreate(c echo.Context) error {
	if s.Notifications.Create == nil {
		return errors.New("notifications: no Create handler")
	}
	body, err := readBody(c)
	if err != nil {
		return err
	}
	draft, err := notification.ParseCreate(body)
	if err != nil {
		return err
	}
	id, err := commandIDOf(c)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	res, err := s.Notifications.Create.Handle(c.Request().Context(), commands.CreateNotification{
		CommandID: id, Tenant: claims.Tenant, SenderID: claims.UserID, SenderHash: claims.UserHash,
		SenderRoles: claims.Roles, Draft: draft,
	})
	if err != nil {
		return err
	}
	o := res.Content.Options
	return c.JSON(http.StatusOK, notificationCreatedJSON{Success: true, Data: projections.Notification{
		ID: res.ID, Message: res.Content.Message, CreatedAt: res.CreatedAt,
		Options: projections.NotificationOptions{Variant: string(o.Variant), Classification: int(o.Classification),
			From: o.From, Header: o.Header, Link: o.Link},
	}})
}

// notificationID reads the id query parameter.
func notificationID(c echo.Context) (uuid.UUID, error) {
	text := strings.TrimSpace(c.QueryParam("id"))
	if text == "" {
		return uuid.Nil, apiError(http.StatusBadRequest, "id", notification.KeyRequired)
	}
	id, err := uuid.Parse(text)
	if err != nil {
		return uuid.Nil, apiError(http.StatusBadRequest, "id", notification.KeyInvalid)
	}
	return id, nil
}

// notificationCommand reads what every inbox command needs: the notification id (when
// withID) and the command id.
func notificationCommand(c echo.Context, withID bool) (id uuid.UUID, commandID string, err error) {
	if withID {
		if id, err = notificationID(c); err != nil {
			return id, "", err
		}
	}
	commandID, err = commandIDOf(c)
	return id, commandID, err
}

// notificationDismiss answers POST notification-app/dismiss?id: {success:true}; dismissing
// twice succeeds; an id not in the caller's inbox is 404.
func (s *Server) notificationDismiss(c echo.Context) error {
	if s.Notifications.Dismiss == nil {
		return errors.New("notifications: no Dismiss handler")
	}
	id, commandID, err := notificationCommand(c, true)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	err = s.Notifications.Dismiss.Handle(c.Request().Context(), commands.DismissNotification{
		CommandID: commandID, Tenant: claims.Tenant, UserID: claims.UserID, ID: id,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"success": true})
}

// notificationDismissAll answers POST notification-app/dismiss-all: {success:true,
// dismissed:n}.
func (s *Server) notificationDismissAll(c echo.Context) error {
	if s.Notifications.DismissAll == nil {
		return errors.New("notifications: no DismissAll handler")
	}
	_, commandID, err := notificationCommand(c, false)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	n, err := s.Notifications.DismissAll.Handle(c.Request().Context(), commands.DismissAllNotifications{
		CommandID: commandID, Tenant: claims.Tenant, UserID: claims.UserID,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "dismissed": n})
}

// notificationDisplayed answers PUT notification-app/displayed?id: {success:true,
// first:bool}. first is true only for the call that recorded the display: the web app shows
// the toast only then, so a notification appears once even with several tabs open.
func (s *Server) notificationDisplayed(c echo.Context) error {
	if s.Notifications.Displayed == nil {
		return errors.New("notifications: no Displayed handler")
	}
	id, commandID, err := notificationCommand(c, true)
	if err != nil {
		return err
	}
	claims := claimsOf(c)
	first, err := s.Notifications.Displayed.Handle(c.Request().Context(), commands.MarkNotificationDisplayed{
		CommandID: commandID, Tenant: claims.Tenant, UserID: claims.UserID, ID: id,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"success": true, "first": first})
}
