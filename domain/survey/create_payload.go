package survey

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"portal/domain"
)

// RoleHRAdmin may create, close and read the results of surveys (spec portal-business §1:
// HR staff; issue 6 "HR creates eNPS, climate, poll and 360 surveys").
const RoleHRAdmin = "pwa-rh-adm"

// MayManage tells whether a user holding roles may create and close surveys and read
// results.
func MayManage(roles []string) bool {
	for _, r := range roles {
		if r == RoleHRAdmin {
			return true
		}
	}
	return false
}

// Draft is a survey as HR sends it, before the command gives it ids and resolves the 360
// people (by userHash) to user ids of the tenant.
type Draft struct {
	Definition      Definition // without ID and question ukeys
	SubjectHash     string
	EvaluatorHashes []EvaluatorHash
}

// EvaluatorHash is a 360 evaluator named by userHash.
type EvaluatorHash struct {
	UserHash string
	Relation Relation
}

type questionJSON struct {
	Code     string `json:"oa9_001_c"`
	Title    string `json:"oa9_003_m"`
	Type     *int   `json:"oa9_004_n"`
	Default  string `json:"oa9_005_c"`
	Options  string `json:"oa9_007_m"`
	Min      string `json:"oa9_020_c"`
	Max      string `json:"oa9_021_c"`
	Required int    `json:"oa9_022_n"`
}

type createJSON struct {
	Kind        string `json:"tipo"`
	Title       string `json:"descricao"`
	Description string `json:"detalhes"`
	Start       string `json:"inicio"`
	End         string `json:"fim"`
	Audience    struct {
		All         bool     `json:"todos"`
		Units       []string `json:"unidades"`
		Departments []string `json:"departamentos"`
		Subject     string   `json:"avaliado"`
		Evaluators  []struct {
			UserHash string `json:"userHash"`
			Relation string `json:"relacao"`
		} `json:"avaliadores"`
	} `json:"publico"`
	Questions []questionJSON `json:"perguntas"`
}

// ParseCreate reads the body of the survey creation call (docs/api.md "Surveys"). Questions
// get placeholder ukeys; the rules are checked again by Survey.Create with the real ones.
func ParseCreate(body []byte) (Draft, error) {
	var d Draft
	if len(body) > 4*maxBody {
		return d, domain.InvalidField("body", domain.KeyTooLong)
	}
	var j createJSON
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&j); err != nil || dec.More() {
		return d, domain.InvalidField("body", domain.KeyInvalid)
	}
	kind, ok := ParseKind(j.Kind)
	if !ok {
		return d, domain.InvalidField("tipo", domain.KeyInvalid)
	}
	start, err := parseInstant(j.Start)
	if err != nil {
		return d, domain.InvalidField("inicio", domain.KeyBadDate)
	}
	end, err := parseInstant(j.End)
	if err != nil {
		return d, domain.InvalidField("fim", domain.KeyBadDate)
	}
	if _, dateOnly := time.Parse(time.DateOnly, strings.TrimSpace(j.End)); dateOnly == nil {
		end = end.Add(24*time.Hour - time.Microsecond) // a date-only end includes that day
	}
	def := Definition{Kind: kind, Title: strings.TrimSpace(j.Title), Description: strings.TrimSpace(j.Description), Start: start, End: end,
		Audience: Audience{All: j.Audience.All, Units: j.Audience.Units, Departments: j.Audience.Departments}}
	if len(j.Questions) > MaxQuestions {
		return d, domain.InvalidField("perguntas", domain.KeyTooLong)
	}
	for i, q := range j.Questions {
		if q.Type == nil {
			return d, domain.InvalidField(questionField(i), KeyBadConfig)
		}
		def.Questions = append(def.Questions, Question{Ukey: "new-" + string(rune('a'+i%26)) + strings.Repeat("x", i/26),
			Code: strings.TrimSpace(q.Code), Title: strings.TrimSpace(q.Title), Type: QuestionType(*q.Type), Default: q.Default,
			Options: q.Options, Min: strings.TrimSpace(q.Min), Max: strings.TrimSpace(q.Max), Required: q.Required == 1})
	}
	d.Definition = def
	if kind == Kind360 {
		d.SubjectHash = strings.TrimSpace(j.Audience.Subject)
		for _, e := range j.Audience.Evaluators {
			d.EvaluatorHashes = append(d.EvaluatorHashes, EvaluatorHash{UserHash: strings.TrimSpace(e.UserHash), Relation: Relation(e.Relation)})
		}
		if d.SubjectHash == "" || len(d.EvaluatorHashes) == 0 || len(d.EvaluatorHashes) > MaxAudience {
			return d, domain.InvalidField("publico", KeyAudience)
		}
	}
	return d, nil
}

// parseInstant reads a date (the start of that day, UTC) or an instant in UTC-offset form.
func parseInstant(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	return time.Parse(time.RFC3339, s)
}
