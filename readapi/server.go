// Package readapi is the HTTP server: routing, authentication, query handlers that read the
// read models, command endpoints, error mapping and the live stream.
package readapi

import (
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"portal/auth"
	"portal/eventstore"
	"portal/projections"
	"portal/readapi/adjustments"
	"portal/readapi/audit"
	"portal/readapi/clock"
	"portal/readapi/home"
	"portal/readapi/mood"
	"portal/readapi/notifications"
	"portal/readapi/people"
	"portal/readapi/reports"
	"portal/readapi/requests"
	"portal/readapi/settings"
	"portal/readapi/surveys"
	"portal/readapi/vacations"
)

// Server holds what the handlers need. Each area registers its routes in its own file.
type Server struct {
	Pool   *pgxpool.Pool
	Store  eventstore.Store
	Auth   *auth.Service
	Runner *projections.Runner // projections of this process, for /health; nil: none
	Push   *Push               // live push through Centrifugo (push.go); nil: none
	Now    func() time.Time
	WebDir string // the built web app (web/dist); empty serves no app

	Clock *clock.API // the quick time clock (readapi/clock)

	// Permissions (permission_middleware.go, user.go). ManagerRequests is the manager-requests
	// variant of spec portal-core §1 (the rule keeps only request and general tools).
	ManagerRequests bool
	perms           permissionCache
	// Hosts tells each request's environment from its Host (PORTAL_HOSTS; auth/environment.go):
	// the host's denials join every caller's deny list (spec portal-core §6).
	Hosts auth.HostRules

	// Notifications (notifications.go); nil is built from Pool, Store and Now.
	Notifications *notifications.API // built by InitNotifications when nil

	sso *auth.SSO // single sign-on (sso.go); logout reads the provider's end-session address

	Requests *requests.API // requests, approvals and deliveries (readapi/requests)

	// Mood and energy (readapi/mood) and the home banner (readapi/home). MoodCoolDown
	// overrides the check-in cool-down (MOOD_COOLDOWN, for tests); 0: each request's host
	// environment decides.
	Mood         *mood.API
	MoodCoolDown time.Duration
	Home         *home.API

	Surveys *surveys.API // surveys, 360 and development plans (readapi/surveys)

	Adjustments *adjustments.API // punch adjustments (readapi/adjustments)

	Vacations *vacations.API // vacations and the work schedule (readapi/vacations)

	Settings *settings.API // the tenant administration panels (readapi/settings); nil: none

	// Audit (readapi/audit): Shadows are the projections a shadow rebuild may copy, by name.
	Audit   *audit.API
	Shadows map[string]projections.Tabled
}

// InitNotifications builds the notification calls when they were not given.
func (s *Server) InitNotifications() error {
	if s.Notifications != nil {
		return nil
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	n, err := notifications.New(s.Pool, s.Store, s.Now)
	if err != nil {
		return err
	}
	s.Notifications = n
	return nil
}

// initClock builds the time clock and the punch adjustments.
func (s *Server) initClock() error {
	if s.Clock == nil {
		c, err := clock.New(s.Pool, s.Store, s.Now)
		if err != nil {
			return err
		}
		s.Clock = c
	}
	if s.Adjustments == nil {
		a, err := adjustments.New(s.Pool, s.Store, s.Now)
		if err != nil {
			return err
		}
		s.Adjustments = a
	}
	return nil
}

// initVacations builds the vacation calls on the local approval chain when they were not given.
func (s *Server) initVacations() error {
	if s.Vacations != nil {
		return nil
	}
	v, err := vacations.New(s.Pool, s.Store, s.Now, nil)
	s.Vacations = v
	return err
}

// initSurveys builds the survey calls when they were not given.
func (s *Server) initSurveys() error {
	if s.Surveys != nil {
		return nil
	}
	v, err := surveys.New(s.Pool, s.Store, s.Now)
	s.Surveys = v
	return err
}

// initRequests builds the request calls when they were not given.
func (s *Server) initRequests() error {
	if s.Requests != nil {
		return nil
	}
	r, err := requests.New(s.Pool, s.Store, s.Now)
	s.Requests = r
	return err
}

// initMood builds the mood calls and the home banner, whose pending items are the
// notifications not dismissed and the mood check-in when it is open to the caller.
func (s *Server) initMood() error {
	if s.Mood == nil {
		m, err := mood.New(s.Pool, s.Store, s.Now, s.MoodCoolDown)
		if err != nil {
			return err
		}
		s.Mood = m
	}
	if s.Home == nil {
		s.Home = &home.API{Pool: s.Pool, Now: s.Now, Pending: []home.PendingProvider{
			home.PendingFunc(home.Notifications), s.Mood}}
	}
	return nil
}

// Init builds the handlers of every area that were not given, and says what could not be
// built: the binary calls it at start-up and refuses to serve on an error (Handler builds
// what is missing too, for tests, and such an area answers 500).
func (s *Server) Init() error {
	if s.Now == nil {
		s.Now = time.Now
	}
	return errors.Join(s.initClock(), s.initMood(), s.InitNotifications(), s.initRequests(), s.initSurveys(), s.initVacations())
}

// Handler builds the Echo router: the areas still in this package, then those in their own
// package (readapi/<area>), each given only what it needs.
func (s *Server) Handler() *echo.Echo {
	if s.Now == nil {
		s.Now = time.Now
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "1M", Skipper: requests.IsUpload}))

	api := e.Group("/api")
	s.routesAuth(api)
	s.routesSSO(api)
	if err := s.initClock(); err == nil {
		s.Clock.Routes(api, s.gates())
		s.Adjustments.Routes(api, s.gates())
	}
	s.routesUser(api)
	if err := s.InitNotifications(); err == nil { // else the calls answer 404; Init reports why
		s.Notifications.Routes(api, s.requireAuth)
	}
	if err := s.initRequests(); err == nil {
		s.Requests.Routes(api, s.gates())
	}
	if err := s.initMood(); err == nil {
		s.Mood.Routes(api, s.gates())
		s.Home.Routes(api, s.gates())
	}
	if err := s.initSurveys(); err == nil {
		s.Surveys.Routes(api, s.gates())
	}
	if err := s.initVacations(); err == nil {
		s.Vacations.Routes(api, s.gates())
	}
	if s.Audit == nil {
		s.Audit = &audit.API{Pool: s.Pool, Store: s.Store, Now: s.Now, Shadows: s.Shadows}
	}
	s.Audit.Routes(api, s.gates())
	if s.Settings != nil {
		s.Settings.Routes(api, s.perms.forgetTenant, s.requireAuth, callerMatches, s.requireAccess(accessSettings))
	}
	(&people.API{Pool: s.Pool, Now: s.Now}).Routes(api, s.requireAuth, s.requireAnyAccess)
	(&reports.API{Pool: s.Pool, Now: s.Now}).Routes(api, s.requireAuth)
	s.routesPush(e, api)
	s.routesHealth(e)
	api.Any("/*", func(c echo.Context) error { return echo.ErrNotFound })
	s.routesWeb(e)
	return e
}
