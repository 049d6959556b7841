// Package readapi is the HTTP server: what every area shares (authentication, the permission
// cache, the error mapping), the infrastructure calls (health, the live push, the web app)
// and the routing of the areas, each in its own package under readapi/.
package readapi

import (
	"errors"
	"reflect"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"portal/auth"
	"portal/commands"
	"portal/commands/request"
	"portal/eventstore"
	"portal/platform/blobstore"
	"portal/projections"
	"portal/readapi/adjustments"
	"portal/readapi/attendance"
	"portal/readapi/audit"
	"portal/readapi/clock"
	"portal/readapi/faq"
	"portal/readapi/fence"
	"portal/readapi/home"
	"portal/readapi/httpx"
	"portal/readapi/identity"
	"portal/readapi/mood"
	"portal/readapi/notifications"
	"portal/readapi/ombudsman"
	"portal/readapi/payroll"
	"portal/readapi/people"
	"portal/readapi/rep"
	"portal/readapi/reports"
	"portal/readapi/requests"
	"portal/readapi/settings"
	"portal/readapi/surveys"
	"portal/readapi/timesheet"
	"portal/readapi/vacations"
)

// Server holds what every area shares (the pool, the log, sign-in, the clock, the
// permission cache and the host rules), the infrastructure calls (health, push, the web app)
// and one API per area, each in its own package (readapi/<area>). Init builds the areas
// that were not given; the binary's wiring (cmd/portal/wiring.go) gives the rest.
type Server struct {
	Pool   *pgxpool.Pool
	Store  eventstore.Store
	Blobs  blobstore.Store // file contents (payroll documents, attachments), by hash per tenant
	Auth   *auth.Service
	Runner *projections.Runner // projections of this process, for /health; nil: none
	Push   *Push               // live push through Centrifugo (push.go); nil: none
	Now    func() time.Time
	WebDir string // the built web app (web/dist); empty serves no app

	// ManagerRequests is the manager-requests variant of spec portal-core §1 (the rule keeps
	// only request and general tools).
	ManagerRequests bool
	// Hosts tells each request's environment from its Host (PORTAL_HOSTS; auth/environment.go):
	// the host's denials join every caller's deny list (spec portal-core §6).
	Hosts auth.HostRules
	// MoodCoolDown overrides the mood check-in cool-down (MOOD_COOLDOWN, for tests); 0: each
	// request's host environment decides.
	MoodCoolDown time.Duration
	// Shadows are the projections an audit shadow rebuild may copy, by name.
	Shadows map[string]projections.Tabled
	// RequestCommands are the request commands of the process: every area that files or
	// decides requests (requests, adjustments, and the vacations' approval chain when the
	// binary wires it) uses them, and with them one cache of the requests' states. Init builds
	// them when they are not given.
	RequestCommands request.Handlers

	// MetricsToken, when set, serves GET /metrics on the API's port to that bearer token
	// (observe.go); empty: not on this port.
	MetricsToken string
	// RateLimits are the per-tenant and per-user limits (ratelimit.go); zero: none.
	RateLimits RateLimits

	perms   permissionCache // permission_middleware.go
	limiter *limiter        // ratelimit.go
	fair    *fairGate       // fairgate.go

	// The areas; nil ones are built by Init (Settings is only served when given).
	Identity      *identity.API      // sign-in, single sign-on, the signed-in user
	Clock         *clock.API         // the quick time clock
	Adjustments   *adjustments.API   // punch adjustments
	Notifications *notifications.API // the inbox
	Requests      *requests.API      // requests, approvals and deliveries
	Mood          *mood.API          // mood and energy
	Home          *home.API          // the home banner
	Surveys       *surveys.API       // surveys, 360 and development plans
	Vacations     *vacations.API     // vacations and the work schedule
	Audit         *audit.API         // the audit area
	People        *people.API        // teams and colleagues
	Reports       *reports.API       // HR reports
	Rep           *rep.API           // legal punch records (REP-P): receipts, AFD, AEJ
	Settings      *settings.API      // the tenant administration panels
	Fence         *fence.API         // virtual fences
	Timesheet     *timesheet.API     // the monthly timesheet (espelho de ponto)
	Attendance    *attendance.API    // the hour bank and absenteeism
	FAQ           *faq.API           // the FAQ
	Payroll       *payroll.API       // payroll documents (payslips, income reports)
	Ombudsman     *ombudsman.API     // the ombudsman channel and the contact form
}

// build sets *area to what newArea builds when it is nil.
func build[T any](area **T, newArea func() (*T, error)) error {
	if *area != nil {
		return nil
	}
	a, err := newArea()
	*area = a
	return err
}

// Init builds the areas that were not given, and says what could not be built: the binary
// calls it at start-up and refuses to serve on an error (Handler calls it too, for tests; an
// area that could not be built is not served).
func (s *Server) Init() error {
	if s.Now == nil {
		s.Now = time.Now
	}
	var reqErr error
	if s.RequestCommands.Create == nil && (s.Clock == nil || s.Adjustments == nil || s.Requests == nil) {
		s.RequestCommands, reqErr = request.New(commands.PoolFacts{Pool: s.Pool}, s.Pool, s.Store, s.Now)
	}
	reqs := s.RequestCommands
	errs := []error{
		reqErr,
		build(&s.Clock, func() (*clock.API, error) { return clock.New(s.Pool, s.Store, s.Now, reqs.Create) }),
		build(&s.Adjustments, func() (*adjustments.API, error) {
			if s.Clock == nil {
				return nil, errors.New("adjustments: no clock area to file them")
			}
			return adjustments.New(s.Pool, s.Now, s.Clock.AskAdjustment, reqs)
		}),
		build(&s.Notifications, func() (*notifications.API, error) { return notifications.New(s.Pool, s.Store, s.Now) }),
		build(&s.Requests, func() (*requests.API, error) { return requests.New(s.Pool, s.Store, s.Now, reqs) }),
		build(&s.Mood, func() (*mood.API, error) { return mood.New(s.Pool, s.Store, s.Now, s.MoodCoolDown) }),
		build(&s.Surveys, func() (*surveys.API, error) { return surveys.New(s.Pool, s.Store, s.Now) }),
		build(&s.Vacations, func() (*vacations.API, error) { return vacations.New(s.Pool, s.Store, s.Now, nil) }),
		build(&s.Fence, func() (*fence.API, error) { return fence.NewDefault(s.Pool, s.Now, fence.DefaultTiles) }),
		build(&s.FAQ, func() (*faq.API, error) { return faq.New(s.Pool, s.Store, s.Now) }),
		build(&s.Ombudsman, func() (*ombudsman.API, error) {
			if s.Settings != nil { // the tenant's own mail server and templates, SMTP_ADDR behind
				return ombudsman.New(s.Pool, s.Store, s.Now, s.Settings, s.Settings.Fallback)
			}
			return ombudsman.New(s.Pool, s.Store, s.Now, nil, auth.MailerFromEnv())
		}),
	}
	if s.Identity == nil && s.Auth != nil { // a server without sign-in (some tests) has none
		s.Identity = &identity.API{Auth: s.Auth, Pool: s.Pool, Now: s.Now, ManagerRequests: s.ManagerRequests,
			Remember: func(tenant, user uuid.UUID, p auth.Permissions) { s.perms.put([2]uuid.UUID{tenant, user}, p, s.Now()) }}
	}
	if s.Home == nil && s.Notifications != nil && s.Mood != nil {
		// The banner's pending items: the notifications not dismissed, and the mood
		// check-in when it is open to the caller.
		s.Home = &home.API{Pool: s.Pool, Now: s.Now, Pending: []home.PendingProvider{s.Notifications, s.Mood}}
		s.Home.Pending = append(s.Home.Pending, s.queuePending()...)
	}
	if s.Audit == nil {
		s.Audit = &audit.API{Pool: s.Pool, Store: s.Store, Now: s.Now, Shadows: s.Shadows}
	}
	if s.People == nil {
		s.People = &people.API{Pool: s.Pool, Now: s.Now}
	}
	if s.Reports == nil {
		s.Reports = &reports.API{Pool: s.Pool, Now: s.Now}
	}
	if s.Rep == nil {
		s.Rep = &rep.API{Pool: s.Pool, Store: s.Store, Now: s.Now}
	}
	if s.Timesheet == nil && s.Auth != nil { // signing confirms the password through sign-in
		a, err := timesheet.New(s.Pool, s.Store, s.Now, s.Auth)
		s.Timesheet, errs = a, append(errs, err)
	}
	if s.limiter == nil {
		s.limiter = newLimiter(s.Pool, s.RateLimits)
	}
	if s.fair == nil {
		s.fair = newFairGate(s.Pool)
	}
	if s.Payroll == nil && s.Auth != nil { // signing confirms the password through sign-in
		if s.Blobs == nil {
			s.Blobs = blobstore.NewPostgres(s.Pool)
		}
		a, err := payroll.New(s.Pool, s.Store, s.Blobs, s.Now, s.Auth)
		s.Payroll, errs = a, append(errs, err)
	}
	if s.Timesheet != nil && s.Payroll != nil && s.Timesheet.Payslip == nil {
		s.Timesheet.Payslip = s.Payroll.Sign // AssinaturaEletronica/assinar?descricao=holerite
	}
	if s.Attendance == nil {
		s.Attendance = &attendance.API{Pool: s.Pool, Now: s.Now}
	}
	if s.Settings != nil && s.Settings.AccessChanged == nil {
		s.Settings.AccessChanged = s.perms.forgetTenant
	}
	return errors.Join(errs...)
}

// area is what every area's API does: register its routes behind the server's gates.
type area interface {
	Routes(g *echo.Group, gates httpx.Gates)
}

// Handler builds the Echo router: each area's routes, then the infrastructure's.
func (s *Server) Handler() *echo.Echo {
	_ = s.Init() // the binary has already refused to start on an error
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler
	e.Use(observe, middleware.Recover())
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "1M", Skipper: func(c echo.Context) bool {
		return requests.IsUpload(c) || payroll.IsUpload(c)
	}}))

	api := e.Group("/api")
	gates := s.gates()
	for _, a := range []area{s.Identity, s.Clock, s.Adjustments, s.Notifications, s.Requests, s.Mood, s.Home,
		s.Surveys, s.Vacations, s.Audit, s.Settings, s.People, s.Reports, s.Rep, s.Fence, s.Timesheet, s.Attendance, s.FAQ, s.Payroll, s.Ombudsman} {
		if !reflect.ValueOf(a).IsNil() {
			a.Routes(api, gates)
		}
	}
	s.routesPush(e, api)
	s.routesHealth(e)
	s.routesMetrics(e)
	api.Any("/*", func(c echo.Context) error { return echo.ErrNotFound })
	s.routesWeb(e)
	return e
}
