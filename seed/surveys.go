package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/commands"
	surveycmd "portal/commands/survey"
	"portal/domain"
	"portal/domain/survey"
	"portal/eventstore"
)

// SurveyModules are what DEMOCORP bought for the surveys and the 360 evaluations (their menu
// entries need pwa-pesquisa and pwa-aval-360 besides the dynamicAccess flags eNPS, clima and
// enquete, which every seeded user has).
const SurveyModules = "pwa-pesquisa,pwa-aval-360"

// Seeded surveys of DEMOCORP, by the command ids that create them (so their ids are fixed).
const (
	ENPSCommand    = "seed-survey-enps"
	ClimateCommand = "seed-survey-clima"
)

// SurveyID is the id of a seeded survey.
func SurveyID(commandID string) uuid.UUID {
	return commands.DeriveID(TenantID(DemoCode), "survey", commandID, "survey")
}

// QuestionKey is the ukey of the i-th question of a seeded survey (commands/survey.CreateSurvey
// derives it from the command id).
func QuestionKey(commandID string, i int) string {
	return commands.DeriveID(TenantID(DemoCode), "survey", commandID, fmt.Sprintf("question/%d", i)).String()
}

// finished tells whether err refuses an edit because the response was finished already.
func finished(err error) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Key == survey.KeyFinished
}

// surveyDepartments are the departments the seeded surveys ask: every department of DEMOCORP
// but Operações and Recursos Humanos, where the demo sign-ins work. The pending drawer opens
// by itself at sign-in (spec §2), so a survey pending for Ana, Marcos or Helena would cover
// the screen of every browser test that signs them in; HR creates one for everyone in the
// surveys' own browser test (web/e2e/surveys.test.mjs) and in a demo.
var surveyDepartments = []string{"Tecnologia da Informação", "Financeiro", "Comercial", "Atendimento ao Cliente",
	"Marketing", "Jurídico", "Facilities"}

// seedSurveys creates DEMOCORP's pending eNPS and climate surveys (open for a month from
// the seed's day) and has a few people of their audience answer them, so that the results
// show figures (at least survey.MinGroup respondents). Every step has a fixed command id: a
// second run changes nothing.
func seedSurveys(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) error {
	tenant := TenantID(DemoCode)
	helena := UserID(DemoCode, UserHelena)
	clock := func() time.Time { return now }
	create, err := surveycmd.NewCreateHandler(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	start := dateOf(now).AddDate(0, 0, -1)
	end := dateOf(now).AddDate(0, 1, 0)
	hr := []string{survey.RoleHRAdmin}
	audience := survey.Audience{}
	for _, d := range surveyDepartments {
		audience.Departments = append(audience.Departments, derive("department", DemoCode, d).String())
	}
	surveys := []struct {
		cmd   string
		def   survey.Definition
		rates []survey.AnswerInput
	}{
		{ENPSCommand, survey.Definition{Kind: survey.KindENPS, Title: "eNPS " + now.Format("01/2006"),
			Description: "Queremos saber o quanto você recomendaria a Demo Corp como lugar para trabalhar.",
			Start:       start, End: end, Audience: audience, Questions: []survey.Question{
				{Title: "Em uma escala de 0 a 10, o quanto você recomendaria a Demo Corp como lugar para trabalhar?", Type: survey.TypeInteger, Min: "0", Max: "10", Required: true},
				{Title: "O que mais influenciou a sua nota?", Type: survey.TypeMultiLine},
			}}, nil},
		{ClimateCommand, survey.Definition{Kind: survey.KindClimate, Title: "Pesquisa de clima " + now.Format("2006"),
			Description: "Sua opinião sobre liderança, ambiente e reconhecimento. As respostas são anônimas.",
			Start:       start, End: end, Audience: audience, Questions: []survey.Question{
				{Code: "Liderança", Title: "Meu gestor me dá retorno claro sobre o meu trabalho (1 a 5).", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true},
				{Code: "Liderança", Title: "Confio nas decisões da liderança (1 a 5).", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true},
				{Code: "Ambiente", Title: "Tenho as ferramentas de que preciso (1 a 5).", Type: survey.TypeInteger, Min: "1", Max: "5", Required: true},
				{Code: "Ambiente", Title: "Sinto-me seguro para dar sugestões?", Type: survey.TypeBoolean, Required: true},
				{Code: "Reconhecimento", Title: "Como você avalia a comunicação interna?", Type: survey.TypeOption, Options: "Ótima;Boa;Regular;Ruim"},
				{Code: "Reconhecimento", Title: "Quantas horas por semana você dedica a treinamentos?", Type: survey.TypeDecimal, Min: "0", Max: "40"},
				{Title: "Quando foi a sua última conversa de feedback?", Type: survey.TypeDate},
				{Title: "Uma palavra que descreve a empresa", Type: survey.TypeText},
				{Title: "Comentários", Type: survey.TypeMultiLine},
			}}, nil},
	}
	for _, sv := range surveys {
		if _, err := create.Handle(ctx, surveycmd.Create{CommandID: sv.cmd, Tenant: tenant, UserID: helena, Roles: hr,
			Draft: survey.Draft{Definition: sv.def}}); err != nil {
			return fmt.Errorf("survey %s: %w", sv.cmd, err)
		}
	}
	return seedResponses(ctx, pool, store, now)
}

// seedResponses: four eNPS answers (10, 9, 8, 6: score 25) and three climate answers by
// people of the surveys' audience.
func seedResponses(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) error {
	tenant := TenantID(DemoCode)
	rows, err := pool.Query(ctx, `
SELECT u.id FROM users u JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
WHERE u.tenant_id = $1 AND u.active AND e.status = 'active' AND d.name = ANY($2)
ORDER BY u.user_name LIMIT 4`, tenant, surveyDepartments)
	if err != nil {
		return err
	}
	var people []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		people = append(people, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	clock := func() time.Time { return now }
	responses, err := surveycmd.NewResponses(commands.PoolFacts{Pool: pool}, store, clock)
	if err != nil {
		return err
	}
	var enps, climate [9]string
	for i := range enps {
		enps[i], climate[i] = QuestionKey(ENPSCommand, i), QuestionKey(ClimateCommand, i)
	}
	ratings := []int{10, 9, 8, 6}
	for i, p := range people {
		sets := []struct {
			survey uuid.UUID
			bodies []string
		}{{SurveyID(ENPSCommand), []string{fmt.Sprintf(`{"oa9_004_n":1,"oa9_101_n":%d,"step":0,"ukey":%q}`, ratings[i], enps[0])}}}
		if i < 3 {
			sets = append(sets, struct {
				survey uuid.UUID
				bodies []string
			}{SurveyID(ClimateCommand), []string{
				fmt.Sprintf(`{"oa9_004_n":1,"oa9_101_n":%d,"step":0,"ukey":%q}`, 3+i%3, climate[0]),
				fmt.Sprintf(`{"oa9_004_n":1,"oa9_101_n":%d,"step":1,"ukey":%q}`, 4, climate[1]),
				fmt.Sprintf(`{"oa9_004_n":1,"oa9_101_n":%d,"step":2,"ukey":%q}`, 2+i, climate[2]),
				fmt.Sprintf(`{"oa9_004_n":2,"oa9_102_b":%t,"step":3,"ukey":%q}`, i != 1, climate[3]),
				fmt.Sprintf(`{"oa9_004_n":8,"oa9_100_c":%q,"step":4,"ukey":%q}`, []string{"Boa", "Regular", "Boa"}[i], climate[4]),
			}})
		}
		for _, set := range sets {
			for j, b := range set.bodies {
				in, err := survey.ParseAnswer([]byte(fmt.Sprintf(`{"oa8_ukey":%q,%s`, set.survey, b[1:])))
				if err != nil {
					return err
				}
				if err := responses.SaveAnswer(ctx, surveycmd.Response{CommandID: fmt.Sprintf("seed-answer-%s-%d", set.survey, j),
					Tenant: tenant, UserID: p, SurveyID: set.survey}, in); err != nil && !finished(err) {
					return err
				}
			}
			if err := responses.Finish(ctx, surveycmd.Response{CommandID: "seed-finish-" + set.survey.String(), Tenant: tenant,
				UserID: p, SurveyID: set.survey}); err != nil && !finished(err) {
				return err
			}
		}
	}
	return nil
}
