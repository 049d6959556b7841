// Package surveys serves the surveys, the 360 evaluations and the development plans
// (spec portal-business §7 "Surveys and 360"; docs/api.md "Surveys").
package surveys

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/commands"
	surveycmd "portal/commands/survey"
	"portal/domain"
	"portal/domain/survey"
	"portal/eventstore"
	surveysproj "portal/projections/surveys"
	"portal/readapi/httpx"
)

// ReadModel is what the survey queries need from the read model; surveysproj.Surveys
// implements it. tx is a tenant transaction (db.InTenant).
type ReadModel interface {
	Pending(ctx context.Context, tx pgx.Tx, m surveysproj.Member, now time.Time) ([]surveysproj.PendingSurvey, error)
	List(ctx context.Context, tx pgx.Tx, q surveysproj.ListQuery) ([]surveysproj.ListItem, error)
	Results(ctx context.Context, tx pgx.Tx, id uuid.UUID) (surveysproj.Results, error)
	Evaluations(ctx context.Context, tx pgx.Tx, user uuid.UUID, now time.Time, filter int) ([]surveysproj.Evaluation360, error)
	Member(ctx context.Context, tx pgx.Tx, user uuid.UUID) (surveysproj.Member, error)
}

// API serves the survey, 360 and PDI calls of a tenant.
type API struct {
	httpx.Gates
	Pool   *pgxpool.Pool
	Now    func() time.Time
	Reads  ReadModel                // the read model (surveysproj.Surveys)
	Create *surveycmd.CreateHandler // POST avaliacao360/pesquisas
	Close  *surveycmd.CloseHandler  // POST avaliacao360/pesquisas/encerrar
	// Responses: PUT avaliacao360/resposta and passo, POST avaliacao360/finalizar.
	Responses *surveycmd.Responses

	PDI       PDIReadModel                        // the read model (surveysproj.Surveys)
	AddAction *surveycmd.AddPDIActionHandler      // POST avaliacao360/pdi
	Complete  *surveycmd.CompletePDIActionHandler // POST avaliacao360/pdi/concluir
}

// New builds the survey calls on the log and the read models.
func New(pool *pgxpool.Pool, store eventstore.Store, now func() time.Time) (*API, error) {
	h, err := surveycmd.New(commands.PoolFacts{Pool: pool}, store, now)
	if err != nil {
		return nil, err
	}
	return &API{Pool: pool, Now: now, Reads: surveysproj.Surveys{}, PDI: surveysproj.Surveys{},
		Create: h.Create, Close: h.Close, Responses: h.Responses, AddAction: h.AddAction, Complete: h.Complete}, nil
}

// The survey list paths of spec §7 and the menu entries whose access (the dynamicAccess
// flag eNPS, clima or enquete; spec §6 "Survey routes") each needs.
var surveyLists = []struct {
	path, menuID string
	kind         survey.Kind
}{
	{"/enps", "tools_004", survey.KindENPS},
	{"/clima", "tools_005", survey.KindClimate},
	{"/enquete", "tools_006", survey.KindPoll},
}

// Routes registers the survey and 360 calls (spec §7 "Surveys and 360"; docs/api.md
// "Surveys"). Every call needs a token, and tenId (and userHash when sent) matching it. The
// spec's {token} paths are resposta (answer), passo (step) and finalizar (finish).
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	a := g.Group("/avaliacao360", s.Authn, httpx.Caller(httpx.TenantRequired))
	a.GET("/lista-pendentes-login", s.surveyPending)
	for _, l := range surveyLists {
		a.GET(l.path, s.surveyList(l.kind), s.Access(httpx.MenuAccess(l.menuID)))
	}
	a.PUT("/resposta", s.surveyAnswer)
	a.PUT("/passo", s.surveyStep)
	a.POST("/finalizar", s.surveyFinish)
	a.GET("/resultado", s.surveyResults)
	a.GET("/resultados-360", s.survey360List, s.Access(httpx.MenuAccess("tools_008")))
	a.GET("/avaliacoes-360", s.survey360ToAnswer, s.Access(httpx.MenuAccess("tools_008a")))
	s.routesPDI(a)
	hr := a.Group("/pesquisas", surveyHR)
	hr.GET("", s.surveyManageList)
	hr.POST("", s.surveyCreate)
	hr.POST("/encerrar", s.surveyClose)
	hr.GET("/publico", s.surveyAudienceOptions)
	hr.GET("/pessoas", s.surveyPeople)
	hr.GET("/avaliadores", s.surveyEvaluators)
}

// surveyHR admits HR admins only (survey.MayManage).
func surveyHR(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !survey.MayManage(httpx.Claims(c).Roles) {
			return httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
		}
		return next(c)
	}
}

// member reads the caller's unit and department (the audience rule) in tx.
func (s *API) member(ctx context.Context, tx pgx.Tx, user uuid.UUID) (surveysproj.Member, error) {
	m, err := s.Reads.Member(ctx, tx, user)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
	}
	return m, err
}

// surveyPending answers GET lista-pendentes-login: the open surveys the caller has not
// finished, each with its questions, saved answers and active step (spec §2 drawer
// "pesquisas e enquetes").
func (s *API) surveyPending(c echo.Context) error {
	claims := httpx.Claims(c)
	out, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]surveysproj.PendingSurvey, error) {
		m, err := s.member(ctx, tx, claims.UserID)
		if err != nil {
			return nil, err
		}
		list, err := s.Reads.Pending(ctx, tx, m, s.Now())
		return append([]surveysproj.PendingSurvey{}, list...), err
	})
	if err != nil {
		return err
	}
	for i := range out {
		setResponseID(&out[i], claims)
	}
	return c.JSON(http.StatusOK, out)
}

// setResponseID names the caller's response (oa10_ukey) on the survey and its questions.
func setResponseID(p *surveysproj.PendingSurvey, claims auth.Claims) {
	sid, _ := uuid.Parse(p.SurveyID)
	rid := surveycmd.ResponseID(claims.Tenant, sid, claims.UserID).String()
	p.ID = rid
	for j := range p.Questions {
		p.Questions[j].Response = rid
	}
}

// listQuery reads folderId, filterHandle, searchText, orderBy and orderDescending.
func listQuery(c echo.Context) (surveysproj.ListQuery, error) {
	q := surveysproj.ListQuery{Filter: surveysproj.FilterAll}
	if f := strings.TrimSpace(c.QueryParam("folderId")); f != "" && f != "all" {
		return q, httpx.Error(http.StatusBadRequest, "folderId", domain.KeyInvalid)
	}
	switch f := strings.TrimSpace(c.QueryParam("filterHandle")); f {
	case "", "all":
	case "0":
		q.Filter = surveysproj.FilterOngoing
	case "2":
		q.Filter = surveysproj.FilterFinished
	default:
		return q, httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	q.Search = c.QueryParam("searchText")
	if len([]rune(q.Search)) > survey.MaxText {
		return q, httpx.Error(http.StatusBadRequest, "searchText", domain.KeyTooLong)
	}
	switch o := strings.TrimSpace(c.QueryParam("orderBy")); o {
	case "", "descricao", "inicio", "fim":
		q.OrderBy = o
	default:
		return q, httpx.Error(http.StatusBadRequest, "orderBy", domain.KeyInvalid)
	}
	var err error
	q.Desc, err = httpx.QueryBool(c, "orderDescending")
	return q, err
}

func (s *API) listSurveys(c echo.Context, q surveysproj.ListQuery) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]surveysproj.ListItem, error) {
		m, err := s.member(ctx, tx, httpx.Claims(c).UserID)
		if err != nil {
			return nil, err
		}
		q.Member, q.Now = m, s.Now()
		list, err := s.Reads.List(ctx, tx, q)
		return append([]surveysproj.ListItem{}, list...), err
	})
}

// surveyList answers GET enps|clima|enquete: the surveys of the kind the caller is asked to
// answer (every one of the tenant for HR), filtered, searched and ordered.
func (s *API) surveyList(kind survey.Kind) echo.HandlerFunc {
	return func(c echo.Context) error {
		q, err := listQuery(c)
		if err != nil {
			return err
		}
		q.Kind, q.Everyone = string(kind), survey.MayManage(httpx.Claims(c).Roles)
		return s.listSurveys(c, q)
	}
}

// survey360List answers GET resultados-360: the 360 evaluations of the tenant (HR) or the
// caller's own, for /apps/result360/results.
func (s *API) survey360List(c echo.Context) error {
	q, err := listQuery(c)
	if err != nil {
		return err
	}
	q.Kind, q.Everyone = string(survey.Kind360), true
	if claims := httpx.Claims(c); !survey.MayManage(claims.Roles) {
		q.Subject = claims.UserID // not HR: only the evaluations of which the caller is the subject
	}
	return s.listSurveys(c, q)
}

// survey360ToAnswer answers GET avaliacoes-360?folderId=all&filterHandle=(all|0|2): the 360
// evaluations the caller is asked to answer, pending (0) and finished (2), each with its
// questions and the caller's saved answers, for the {token} route of spec §2 "360
// evaluations to answer".
func (s *API) survey360ToAnswer(c echo.Context) error {
	if f := strings.TrimSpace(c.QueryParam("folderId")); f != "" && f != "all" {
		return httpx.Error(http.StatusBadRequest, "folderId", domain.KeyInvalid)
	}
	filter := surveysproj.FilterAll
	switch f := strings.TrimSpace(c.QueryParam("filterHandle")); f {
	case "", "all":
	case "0":
		filter = surveysproj.FilterOngoing
	case "2":
		filter = surveysproj.FilterFinished
	default:
		return httpx.Error(http.StatusBadRequest, "filterHandle", domain.KeyInvalid)
	}
	claims := httpx.Claims(c)
	out, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) ([]surveysproj.Evaluation360, error) {
		list, err := s.Reads.Evaluations(ctx, tx, claims.UserID, s.Now(), filter)
		return append([]surveysproj.Evaluation360{}, list...), err
	})
	if err != nil {
		return err
	}
	for i := range out {
		setResponseID(&out[i].PendingSurvey, claims)
	}
	return c.JSON(http.StatusOK, out)
}

// surveyManageList answers GET pesquisas (HR): every survey of the tenant, any kind, with
// the list's filters; tipo narrows it to one kind.
func (s *API) surveyManageList(c echo.Context) error {
	q, err := listQuery(c)
	if err != nil {
		return err
	}
	if k := strings.TrimSpace(c.QueryParam("tipo")); k != "" {
		kind, ok := survey.ParseKind(k)
		if !ok {
			return httpx.Error(http.StatusBadRequest, "tipo", domain.KeyInvalid)
		}
		q.Kind = string(kind)
	}
	q.Everyone = true
	return s.listSurveys(c, q)
}

// surveyCreate answers POST pesquisas (HR) with the survey as created: {success, data:{id,
// perguntas:[{ukey, ...}]}}.
func (s *API) surveyCreate(c echo.Context) error {
	draft, id, err := httpx.Command(c, survey.ParseCreate)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	d, err := s.Create.Handle(c.Request().Context(), surveycmd.Create{
		CommandID: id, Tenant: claims.Tenant, UserID: claims.UserID, Roles: claims.Roles, Draft: draft,
	})
	if err != nil {
		return err
	}
	qs := make([]survey.QuestionData, len(d.Questions))
	for i, q := range d.Questions {
		qs[i] = q.Data()
	}
	return c.JSON(http.StatusOK, map[string]any{"success": true, "data": map[string]any{
		"id": d.ID, "tipo": d.Kind, "descricao": d.Title, "inicio": d.Start, "fim": d.End, "perguntas": qs,
	}})
}

// surveyID reads the survey id from the query (oa8Ukey) or, for bodies, from the parsed value.
func surveyID(field, text string) (uuid.UUID, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return uuid.Nil, httpx.Error(http.StatusBadRequest, field, domain.KeyRequired)
	}
	id, err := uuid.Parse(text)
	if err != nil {
		return uuid.Nil, httpx.Error(http.StatusNotFound, field, domain.KeyNotFound)
	}
	return id, nil
}

func (s *API) surveyClose(c echo.Context) error {
	id, err := surveyID("oa8Ukey", c.QueryParam("oa8Ukey"))
	if err != nil {
		return err
	}
	cmdID, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	return httpx.Success(c, s.Close.Handle(c.Request().Context(), surveycmd.Close{
		CommandID: cmdID, Tenant: claims.Tenant, UserID: claims.UserID, Roles: claims.Roles, SurveyID: id,
	}))
}

// checkResponse refuses a body naming a response (oa10_ukey) that is not the caller's
// response to the survey: the server knows it, the field only has to agree.
func checkResponse(c echo.Context, sid uuid.UUID, given string) error {
	if given == "" {
		return nil
	}
	claims := httpx.Claims(c)
	if given != surveycmd.ResponseID(claims.Tenant, sid, claims.UserID).String() {
		return httpx.Error(http.StatusForbidden, "oa10_ukey", domain.KeyDenied)
	}
	return nil
}

// response is the caller's command on their response to the survey named by id (in field),
// once the response id the body may give is checked.
func response(c echo.Context, field, id, responseID string) (surveycmd.Response, error) {
	sid, err := surveyID(field, id)
	if err != nil {
		return surveycmd.Response{}, err
	}
	if err := checkResponse(c, sid, responseID); err != nil {
		return surveycmd.Response{}, err
	}
	cmdID, err := httpx.CommandID(c)
	claims := httpx.Claims(c)
	return surveycmd.Response{CommandID: cmdID, Tenant: claims.Tenant, UserID: claims.UserID, SurveyID: sid}, err
}

// surveyAnswer answers PUT resposta: saves the answer of one question and the active step.
func (s *API) surveyAnswer(c echo.Context) error {
	in, err := httpx.Body(c, survey.ParseAnswer)
	if err != nil {
		return err
	}
	cmd, err := response(c, "oa8_ukey", in.SurveyID, in.ResponseID)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Responses.SaveAnswer(c.Request().Context(), cmd, in))
}

// surveyStep answers PUT passo: saves the active step.
func (s *API) surveyStep(c echo.Context) error {
	in, err := httpx.Body(c, survey.ParseStep)
	if err != nil {
		return err
	}
	cmd, err := response(c, "oa8Ukey", in.SurveyID, in.ResponseID)
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Responses.SaveStep(c.Request().Context(), cmd, in.Step))
}

// surveyFinish answers POST finalizar?oa8Ukey: completes the evaluation, or 422 with the
// first invalid question as type "perguntas[<index>]".
func (s *API) surveyFinish(c echo.Context) error {
	cmd, err := response(c, "oa8Ukey", c.QueryParam("oa8Ukey"), "")
	if err != nil {
		return err
	}
	return httpx.Success(c, s.Responses.Finish(c.Request().Context(), cmd))
}

// surveyResults answers GET resultado?oa8Ukey: the survey's results with the anonymity rule
// applied (surveysproj.Results). HR reads every survey; the evaluated person reads
// their own 360; anyone else gets 403.
func (s *API) surveyResults(c echo.Context) error {
	sid, err := surveyID("oa8Ukey", c.QueryParam("oa8Ukey"))
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	res, err := httpx.Fetch(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (surveysproj.Results, error) {
		return s.Reads.Results(ctx, tx, sid)
	})
	if errors.Is(err, surveysproj.ErrNotFound) {
		return httpx.Error(http.StatusNotFound, "oa8Ukey", domain.KeyNotFound)
	}
	if err != nil {
		return err
	}
	if !survey.MayManage(claims.Roles) && !(res.Kind == string(survey.Kind360) && res.SubjectID == claims.UserID.String()) {
		return httpx.Error(http.StatusForbidden, "request", domain.KeyDenied)
	}
	return c.JSON(http.StatusOK, res)
}
