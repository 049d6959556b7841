// Package mood serves the mood and energy calls: the check-in, its panel state and the
// manager's nine-box (spec portal-business §2, §7; docs/api.md "Mood and energy").
package mood

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands/mood"
	"portal/domain"
	moods "portal/domain/mood"
	"portal/eventstore"
	moodproj "portal/projections/mood"
	"portal/readapi/home"
	"portal/readapi/httpx"
)

// ReadModel is what the mood queries need from the read model; moodproj.Mood
// implements it. tx is a tenant transaction (db.InTenant).
type ReadModel interface {
	Team(ctx context.Context, tx pgx.Tx, manager uuid.UUID, before time.Time) ([]moodproj.Member, error)
	LastCheckIn(ctx context.Context, tx pgx.Tx, user uuid.UUID) (time.Time, error)
}

// API serves the mood and energy calls of a tenant.
type API struct {
	httpx.Gates
	Pool    *pgxpool.Pool
	Now     func() time.Time
	Reads   ReadModel            // the read model (moodproj.Mood)
	CheckIn *mood.CheckInHandler // POST HumorEnergy
	// CoolDown overrides the check-in cool-down (MOOD_COOLDOWN, for tests); 0: each request's
	// host environment decides (coolDown).
	CoolDown time.Duration
}

// New builds the mood calls on the log and the read models.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time, coolDown time.Duration) (*API, error) {
	h, err := mood.New(store, now)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Now: now, Reads: moodproj.Mood{}, CheckIn: h, CoolDown: coolDown}, nil
}

// CheckInAccess is what the check-in requires (spec portal-business §2, §6): the payroll
// tool pwa-rh-folha at collaborator level and no denial tools_013c.
var CheckInAccess = auth.Access{ID: "tools_013c", AccessID: auth.PayrollModule, Roles: []string{auth.GroupEmployee}}

// Routes registers the mood and energy calls (spec §7; docs/api.md "Mood and energy").
// Every call needs a token; tenId (and userHash when sent) must match it.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	m := g.Group("/gen/HumorEnergy", s.Authn, httpx.Caller(httpx.TenantRequired))
	m.POST("", s.moodCheckIn, s.Access(CheckInAccess))
	m.GET("/checkin", s.moodCheckInState)
	// The nine-box is the /apps/humorEnergy screen's: its menu entry's access (tools_007).
	m.GET("/ninebox", s.moodNineBox, s.Access(httpx.MenuAccess("tools_007")))
}

// coolDown is the check-in cool-down of a request in env, the environment of its host
// (spec portal-business §4, §9: 1 minute in test or pre-release, else 30 minutes;
// docs/operations.md "Host environments"), unless the server sets an explicit override
// (s.CoolDown, MOOD_COOLDOWN).
func (s *API) coolDown(env auth.Environment) time.Duration {
	if s.CoolDown > 0 {
		return s.CoolDown
	}
	return moods.CoolDown(env == auth.EnvTest || env == auth.EnvPre)
}

// moodCheckIn answers POST HumorEnergy?tenId with body {humor, energy}: {succeeded:true}, or
// the error body whose message the web app translates (spec §8: "failure shows the
// translated server message").
func (s *API) moodCheckIn(c echo.Context) error {
	entry, id, err := httpx.Command(c, moods.ParseBody)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	res, err := s.CheckIn.Handle(c.Request().Context(), mood.CheckIn{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, UserHash: claims.UserHash,
		EmployeeID: claims.EmployeeID, Entry: entry, CoolDown: s.coolDown(s.Environment(c)),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"succeeded": true, "humor": res.Humor.Float(), "energy": res.Energy.Float(), "data": res.CheckedInAt,
	})
}

// moodState is the answer of GET HumorEnergy/checkin.
type moodState struct {
	Enabled         bool       `json:"enabled"`         // pwa-rh-folha purchased, tools_013c not denied
	Visible         bool       `json:"visible"`         // enabled and not within the cool-down
	CoolDownSeconds int        `json:"coolDownSeconds"` // the cool-down of the request's host
	NextAt          *time.Time `json:"nextAt"`          // when the panel shows again; null when visible
}

// moodCheckInState answers GET HumorEnergy/checkin?tenId: whether the check-in panel shows
// for the caller (spec §2: "enabled by the payroll tool and the absence of the denial
// tools_013c ... shown unless a marker exists"). The cool-down is read from the read model,
// which trails the log by moments; the POST enforces it on the log itself.
func (s *API) moodCheckInState(c echo.Context) error {
	p, err := s.Permissions(c)
	if err != nil {
		return err
	}
	coolDown := s.coolDown(s.Environment(c))
	out := moodState{Enabled: auth.Visible(CheckInAccess, p), CoolDownSeconds: int(coolDown / time.Second)}
	if out.Enabled {
		last, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (time.Time, error) {
			return s.Reads.LastCheckIn(ctx, tx, httpx.Claims(c).UserID)
		})
		if err != nil {
			return err
		}
		if next := last.Add(coolDown); !last.IsZero() && s.Now().Before(next) {
			out.NextAt = &next
		} else {
			out.Visible = true
		}
	}
	return c.JSON(http.StatusOK, out)
}

// NineBoxCell is one box of the nine-box: a third of the humor scale by a third of the
// energy scale (0 low, 1 middle, 2 high; moods.BandOf).
type NineBoxCell struct {
	Humor   int               `json:"humor"`
	Energy  int               `json:"energy"`
	Members []moodproj.Member `json:"members"`
}

// NineBox is the answer of GET HumorEnergy/ninebox.
type NineBox struct {
	ReferenceDate string            `json:"referenceDate"` // YYYY-MM-DD in the offset sent
	TeamCount     int               `json:"teamCount"`
	MoodCount     int               `json:"moodCount"` // members placed in a box
	Boxes         []NineBoxCell     `json:"boxes"`     // 9 boxes: energy 2..0, then humor 0..2
	WithoutMood   []moodproj.Member `json:"withoutMood"`
}

// moodNineBox answers GET HumorEnergy/ninebox?tenId&time: the caller's team (the direct
// reports of their employee record) with each member's latest check-in on or before the
// reference date, placed in a 3 × 3 grid of humor by energy (spec §2, §7).
func (s *API) moodNineBox(c echo.Context) error {
	day, before, err := referenceDay(c.QueryParam("time"))
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	out := NineBox{ReferenceDate: day, Boxes: make([]NineBoxCell, 0, 9), WithoutMood: []moodproj.Member{}}
	for energy := 2; energy >= 0; energy-- {
		for humor := 0; humor <= 2; humor++ {
			out.Boxes = append(out.Boxes, NineBoxCell{Humor: humor, Energy: energy, Members: []moodproj.Member{}})
		}
	}
	if claims.EmployeeID == uuid.Nil {
		return c.JSON(http.StatusOK, out) // no employee record, no team
	}
	team, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]moodproj.Member, error) {
		return s.Reads.Team(ctx, tx, claims.EmployeeID, before)
	})
	if err != nil {
		return err
	}
	out.TeamCount = len(team)
	for _, m := range team {
		if m.Emo == nil {
			out.WithoutMood = append(out.WithoutMood, m)
			continue
		}
		h := int(moods.BandOf(moods.Level(m.Emo.Humor*10 + 0.5)))
		e := int(moods.BandOf(moods.Level(m.Emo.Energy*10 + 0.5)))
		cell := &out.Boxes[(2-e)*3+h]
		cell.Members = append(cell.Members, m)
		out.MoodCount++
	}
	return c.JSON(http.StatusOK, out)
}

// referenceDay reads the nine-box's time parameter, the reference date in UTC-offset form
// (spec §7): "2024-05-10T00:00:00-03:00", with or without seconds' fractions, or "Z". The day
// is the date in that offset; check-ins count up to the end of that day there.
func referenceDay(text string) (string, time.Time, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", time.Time{}, httpx.Error(http.StatusBadRequest, "time", domain.KeyRequired)
	}
	t, err := time.Parse(time.RFC3339Nano, text)
	if err != nil || t.Year() < 1900 || t.Year() > 9999 {
		return "", time.Time{}, httpx.Error(http.StatusBadRequest, "time", domain.KeyInvalid)
	}
	start := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	return start.Format(time.DateOnly), start.AddDate(0, 0, 1), nil
}

// Pending is the home banner's mood item: one while the check-in is open to the caller.
func (s *API) Pending(ctx context.Context, tx pgx.Tx, c home.PendingCaller) (home.PendingItem, bool, error) {
	if !auth.Visible(CheckInAccess, c.Permissions) {
		return home.PendingItem{}, false, nil
	}
	last, err := s.Reads.LastCheckIn(ctx, tx, c.UserID)
	if err != nil {
		return home.PendingItem{}, false, err
	}
	item := home.PendingItem{Kind: "mood", Link: "/apps/homePage"}
	if last.IsZero() || !c.Now.Before(last.Add(s.coolDown(c.Environment))) {
		item.Count = 1
	}
	return item, true, nil
}
