package commands

import (
	"sync"

	"github.com/google/uuid"

	"portal/domain/survey"
)

// surveyCache keeps the folded state of recently used survey and response streams with
// their versions, so a command reads only the events appended since (by any process). Like
// clockCache it is never the truth: the append's expected version decides, and a stale or
// missing entry only costs a longer read.
type surveyCache struct {
	mu        sync.Mutex
	surveys   map[cacheKey]cachedSurvey
	responses map[cacheKey]cachedResponse
	max       int
}

type cachedSurvey struct {
	agg     *survey.Survey
	version int64
}

type cachedResponse struct {
	agg     *survey.Response
	version int64
}

func newSurveyCache(max int) *surveyCache {
	return &surveyCache{surveys: map[cacheKey]cachedSurvey{}, responses: map[cacheKey]cachedResponse{}, max: max}
}

// survey returns a private copy of the cached survey, or a new one at version -1.
func (c *surveyCache) survey(tenant uuid.UUID, stream string) (*survey.Survey, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.surveys[cacheKey{tenant, stream}]; ok {
		return e.agg.Clone(), e.version
	}
	return survey.New(), -1
}

func (c *surveyCache) putSurvey(tenant uuid.UUID, stream string, agg *survey.Survey, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey{tenant, stream}
	if e, ok := c.surveys[k]; ok && e.version >= version {
		return
	}
	if len(c.surveys) >= c.max {
		clear(c.surveys)
	}
	c.surveys[k] = cachedSurvey{agg: agg, version: version}
}

// response returns a private copy of the cached response, or a new one at version -1.
func (c *surveyCache) response(tenant uuid.UUID, stream string) (*survey.Response, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.responses[cacheKey{tenant, stream}]; ok {
		return e.agg.Clone(), e.version
	}
	return survey.NewResponse(), -1
}

func (c *surveyCache) putResponse(tenant uuid.UUID, stream string, agg *survey.Response, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cacheKey{tenant, stream}
	if e, ok := c.responses[k]; ok && e.version >= version {
		return
	}
	if len(c.responses) >= c.max {
		clear(c.responses)
	}
	c.responses[k] = cachedResponse{agg: agg, version: version}
}

func (c *surveyCache) dropResponse(tenant uuid.UUID, stream string) {
	c.mu.Lock()
	delete(c.responses, cacheKey{tenant, stream})
	c.mu.Unlock()
}

// surveyCacheSize bounds each handler's cache (surveys and responses each).
const surveyCacheSize = 20_000
