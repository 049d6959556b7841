package audit

import (
	"context"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	"portal/projections"
	"portal/projections/audit"
	"portal/push"
	"portal/readapi/httpx"
)

// replayTopic is the push topic of a shadow rebuild's progress, sent to whoever started it.
const replayTopic = "audit.replay"

// replayJob is one shadow rebuild of a projection for a tenant (projections.ReplayShadow).
type replayJob struct {
	ID         string                     `json:"id"`
	Projection string                     `json:"projection"`
	State      string                     `json:"state"` // running, done, failed
	Progress   projections.ShadowProgress `json:"progress"`
	Diffs      []projections.TableDiff    `json:"diffs"`
	Error      string                     `json:"error,omitempty"`
	StartedBy  string                     `json:"startedBy"`
	StartedAt  time.Time                  `json:"startedAt"`
	FinishedAt *time.Time                 `json:"finishedAt,omitempty"`
	tenant     uuid.UUID
	user       uuid.UUID
}

// replayJobs are the shadow rebuilds this process ran, the latest per tenant and projection.
type replayJobs struct {
	mu   sync.Mutex
	jobs map[[2]string]*replayJob
}

func (r *replayJobs) snapshot(j *replayJob) replayJob {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := *j
	c.Diffs = slices.Clone(j.Diffs)
	return c
}

// POST /audit/replay {projection}: starts a rebuild of the caller's tenant's events into a
// shadow copy of the projection's tables; 202 with the job. Its progress and its diff against
// the live model reach the caller live (topic audit.replay); GET /audit/replay answers them too.
func (s *API) auditReplayStart(c echo.Context) error {
	var body struct {
		Projection string `json:"projection"`
	}
	if err := c.Bind(&body); err != nil {
		return httpx.Error(http.StatusBadRequest, "projection", domain.KeyInvalid)
	}
	p, ok := s.Shadows[body.Projection]
	if !ok {
		return httpx.Error(http.StatusBadRequest, "projection", domain.KeyInvalid)
	}
	cl := httpx.Claims(c)
	var names map[string]string // who started it, for the screen (looked up outside the lock)
	_ = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) (err error) {
		names, err = audit.UserNames(c.Request().Context(), tx, []string{cl.UserID.String()})
		return err
	})
	key := [2]string{cl.Tenant.String(), body.Projection}
	s.replays.mu.Lock()
	if old := s.replays.jobs[key]; old != nil && old.State == "running" {
		s.replays.mu.Unlock()
		return httpx.Error(http.StatusConflict, "projection", "reconstrucao_em_andamento")
	}
	job := &replayJob{ID: uuid.NewString(), Projection: body.Projection, State: "running", Diffs: []projections.TableDiff{},
		StartedBy: names[cl.UserID.String()], StartedAt: s.Now().UTC(), tenant: cl.Tenant, user: cl.UserID}
	s.replays.jobs[key] = job
	s.replays.mu.Unlock()
	if err := s.recordRead(c, auditRead{View: "replay", Kind: "projection", ID: body.Projection, Status: http.StatusAccepted}); err != nil {
		return err
	}
	go s.runReplay(job, p)
	return c.JSON(http.StatusAccepted, s.replays.snapshot(job))
}

// runReplay runs job to its end and tells its starter how it goes, at most four times a
// second and once at the end.
func (s *API) runReplay(job *replayJob, p projections.Tabled) {
	ctx := context.Background()
	var last time.Time
	diffs, err := projections.ReplayShadow(ctx, s.Pool, s.Store, p, job.tenant, func(pr projections.ShadowProgress) {
		s.replays.mu.Lock()
		job.Progress = pr
		s.replays.mu.Unlock()
		if time.Since(last) >= 250*time.Millisecond {
			last = time.Now()
			s.publishReplay(ctx, job)
		}
	})
	s.replays.mu.Lock()
	now := s.Now().UTC()
	job.FinishedAt = &now
	if err != nil {
		job.State, job.Error = "failed", err.Error()
		slog.Error("shadow rebuild failed", "projection", job.Projection, "tenant", job.tenant, "err", err)
	} else {
		job.State, job.Diffs = "done", diffs
	}
	s.replays.mu.Unlock()
	s.publishReplay(ctx, job)
}

func (s *API) publishReplay(ctx context.Context, job *replayJob) {
	snap := s.replays.snapshot(job)
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return push.Publish(ctx, tx, push.Message{Tenant: job.tenant, User: job.user, Topic: replayTopic, Data: snap})
	})
	if err != nil {
		slog.Warn("shadow rebuild: progress not pushed", "err", err)
	}
}

// GET /audit/replay: the projections that can be rebuilt and the tenant's latest rebuilds.
func (s *API) auditReplayList(c echo.Context) error {
	tenant := httpx.Claims(c).Tenant.String()
	var mine []*replayJob
	s.replays.mu.Lock()
	for k, j := range s.replays.jobs {
		if k[0] == tenant {
			mine = append(mine, j)
		}
	}
	s.replays.mu.Unlock()
	jobs := make([]replayJob, 0, len(mine))
	for _, j := range mine {
		jobs = append(jobs, s.replays.snapshot(j))
	}
	slices.SortFunc(jobs, func(a, b replayJob) int { return b.StartedAt.Compare(a.StartedAt) })
	if err := s.recordRead(c, auditRead{View: "replay"}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"projections": slices.Sorted(maps.Keys(s.Shadows)), "jobs": jobs})
}
