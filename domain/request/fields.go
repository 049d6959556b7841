package request

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"portal/domain"
)

// Limits (spec §5 "Input defaults": text max 255, multi-line max 50000).
const (
	MaxText        = 255
	MaxLong        = 50000
	MaxItems       = 50
	MaxQuantity    = 9999
	MaxLabels      = 5
	MaxLabel       = 30
	MaxAttachments = 20
	// DateWindow is how far entry and exit dates may lie from the reference date (§5: "entry
	// and exit dates must lie within a range").
	DateWindow = 366 * 24 * time.Hour
)

// Item is a catalogue item on a request, with what the catalogue said when it was added.
type Item struct {
	ItemID      string `json:"itemId"`
	Code        string `json:"codigo"`
	Description string `json:"descricao"`
	Unit        string `json:"unidade"`
	Quantity    int    `json:"quantidade"`
}

// Absence holds the absence request fields (§3).
type Absence struct {
	TipoAusenciaDesc string `json:"tipoAusenciaDesc"`
	TipoAbono        string `json:"tipoAbono"`
	NomeMedico       string `json:"nomeMedico"`
	TpRegistro       string `json:"tpRegistro"`
	Registro         string `json:"registro"`
	CidDesc          string `json:"cidDesc"`
	UfRegistroDesc   string `json:"ufRegistroDesc"`
	InicioAbono      string `json:"inicioAbono"`
	FimAbono         string `json:"fimAbono"`
}

// MedicalCertificate tells whether the absence is an abono backed by a medical certificate,
// which needs the certificate attached (§5).
func (a Absence) MedicalCertificate() bool {
	t := strings.ToLower(strings.TrimSpace(a.TipoAbono))
	return t == "atestado" || t == "atestado_medico"
}

// LookupRef is an optional reference list entry on a request (department, cost centre), with
// what the tenant's list said when it was chosen (the request lookups, docs/api.md).
type LookupRef struct {
	ID          string `json:"id"`
	Code        string `json:"code,omitempty"`
	Description string `json:"description"`
}

// Fields are what the requester writes. Dates are YYYY-MM-DD; empty means none.
type Fields struct {
	Title         string   `json:"titulo"`
	Reason        string   `json:"motivo"`
	Comment       string   `json:"comentario"`
	Priority      int      `json:"prioridade"` // 1 high, 2 normal, 3 low (§3)
	ReferenceDate string   `json:"dataReferencia"`
	DeliveryDate  string   `json:"dataEntrega"`
	StartDate     string   `json:"dataInicio"`
	EndDate       string   `json:"dataFim"`
	Items         []Item   `json:"itens"`
	Absence       *Absence `json:"ausencia"`
	Labels        []string `json:"labels"`
	// Department and CostCentre are optional; the body sends their ids (departamento,
	// centroCusto) and the command fills them from the tenant's lists.
	Department *LookupRef `json:"departamento,omitempty"`
	CostCentre *LookupRef `json:"centroCusto,omitempty"`
	// The other lookups of the dialog, optional alike (ids in the body: centroResultado,
	// unidadeNegocio, cargo, funcao, unidadeMedida).
	ResultCentre *LookupRef `json:"centroResultado,omitempty"`
	BusinessUnit *LookupRef `json:"unidadeNegocio,omitempty"`
	Position     *LookupRef `json:"cargo,omitempty"`
	Function     *LookupRef `json:"funcao,omitempty"`
	Unit         *LookupRef `json:"unidadeMedida,omitempty"`
	// Instalments are a purchase's payment plan (GET pedidocompra/parcelas); Apportionment
	// splits the request's cost over cost/result centres (GET crd). Both optional.
	Instalments   []Instalment `json:"parcelas,omitempty"`
	Apportionment []Share      `json:"rateio,omitempty"`
}

// LookupFields are the optional lookup fields: the body's name, the lookup list (the
// request_lookups kind or "departments"/"business_units"/"positions") and where it goes.
func (f *Fields) LookupFields() []struct {
	Name, Kind string
	Ref        **LookupRef
} {
	return []struct {
		Name, Kind string
		Ref        **LookupRef
	}{
		{"departamento", "departments", &f.Department}, {"centroCusto", "cost_centre", &f.CostCentre},
		{"centroResultado", "result_centre", &f.ResultCentre}, {"unidadeNegocio", "business_units", &f.BusinessUnit},
		{"cargo", "positions", &f.Position}, {"funcao", "function", &f.Function}, {"unidadeMedida", "unit", &f.Unit},
	}
}

func invalid(field, key string) error { return domain.InvalidField(field, key) }

// Validate applies §5 to the fields of a request of type t.
func (f Fields) Validate(t TypeInfo) error {
	for _, c := range []struct {
		field, value string
		max          int
	}{{"titulo", f.Title, MaxText}, {"motivo", f.Reason, MaxText}, {"comentario", f.Comment, MaxLong}} {
		if err := checkText(c.field, c.value, c.max, true); err != nil {
			return err
		}
	}
	if f.Priority < 1 || f.Priority > 3 {
		return invalid("prioridade", domain.KeyInvalid)
	}
	ref, err := date("dataReferencia", f.ReferenceDate, true)
	if err != nil {
		return err
	}
	if f.DeliveryDate != "" {
		d, err := date("dataEntrega", f.DeliveryDate, true)
		if err != nil {
			return err
		}
		if !d.After(ref) {
			return invalid("dataEntrega", KeyDeliveryBefore)
		}
	}
	start, err := date("dataInicio", f.StartDate, false)
	if err != nil {
		return err
	}
	end, err := date("dataFim", f.EndDate, false)
	if err != nil {
		return err
	}
	for _, d := range []struct {
		field string
		t     time.Time
	}{{"dataInicio", start}, {"dataFim", end}} {
		if !d.t.IsZero() && (d.t.Before(ref.Add(-DateWindow)) || d.t.After(ref.Add(DateWindow))) {
			return invalid(d.field, domain.KeyDateRange)
		}
	}
	if !start.IsZero() && !end.IsZero() && end.Before(start) {
		return invalid("dataFim", domain.KeyDateRange)
	}
	if len(f.Items) > MaxItems {
		return invalid("itens", domain.KeyTooLong)
	}
	seen := map[string]bool{}
	for _, it := range f.Items {
		if it.ItemID == "" || seen[it.ItemID] {
			return invalid("itens.itemId", domain.KeyInvalid)
		}
		seen[it.ItemID] = true
		if it.Quantity < 1 || it.Quantity > MaxQuantity {
			return invalid("itens.quantidade", domain.KeyInvalid)
		}
	}
	if len(f.Labels) > MaxLabels {
		return invalid("labels", domain.KeyTooLong)
	}
	for _, l := range f.Labels {
		if err := checkText("labels", l, MaxLabel, true); err != nil {
			return err
		}
	}
	if err := f.validatePlan(t); err != nil {
		return err
	}
	if f.Absence != nil {
		if !t.Absence {
			return invalid("ausencia", domain.KeyInvalid)
		}
		return f.Absence.validate()
	}
	return nil
}

func (a Absence) validate() error {
	texts := []struct {
		field, value string
		required     bool
	}{
		{"ausencia.tipoAusenciaDesc", a.TipoAusenciaDesc, true},
		{"ausencia.tipoAbono", a.TipoAbono, false},
		{"ausencia.nomeMedico", a.NomeMedico, a.MedicalCertificate()},
		{"ausencia.tpRegistro", a.TpRegistro, a.MedicalCertificate()},
		{"ausencia.registro", a.Registro, a.MedicalCertificate()},
		{"ausencia.cidDesc", a.CidDesc, false},
		{"ausencia.ufRegistroDesc", a.UfRegistroDesc, a.MedicalCertificate()},
	}
	for _, t := range texts {
		if err := checkText(t.field, t.value, MaxText, t.required); err != nil {
			return err
		}
	}
	start, err := date("ausencia.inicioAbono", a.InicioAbono, a.MedicalCertificate())
	if err != nil {
		return err
	}
	end, err := date("ausencia.fimAbono", a.FimAbono, a.MedicalCertificate())
	if err != nil {
		return err
	}
	if !start.IsZero() && !end.IsZero() && end.Before(start) {
		return invalid("ausencia.fimAbono", domain.KeyDateRange)
	}
	return nil
}

// checkText refuses a required empty text, an over-long one, invalid UTF-8 and control
// characters (line breaks and tabs allowed only in the long texts).
func checkText(field, s string, max int, required bool) error {
	if required && strings.TrimSpace(s) == "" {
		return invalid(field, domain.KeyRequired)
	}
	if !utf8.ValidString(s) {
		return invalid(field, domain.KeyInvalid)
	}
	if utf8.RuneCountInString(s) > max {
		return invalid(field, domain.KeyTooLong)
	}
	multiline := max > MaxText
	if strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t'))
	}) {
		return invalid(field, domain.KeyInvalid)
	}
	return nil
}

// date reads a stored YYYY-MM-DD date; "" is no date (an error when required).
func date(field, s string, required bool) (time.Time, error) {
	if s == "" {
		if required {
			return time.Time{}, invalid(field, domain.KeyRequired)
		}
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Year() < 1900 || t.Year() > 9999 {
		return time.Time{}, invalid(field, domain.KeyBadDate)
	}
	return t, nil
}

// ParseDate reads a date as the API accepts it (§7: "dates in bodies are sent in UTC-offset
// form"): YYYY-MM-DD, or a date-time with or without an offset, whose date is taken in its
// own offset. It returns YYYY-MM-DD. An empty or blank string is "required" (§5: an empty
// date is not allowed).
func ParseDate(field, s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", invalid(field, domain.KeyRequired)
	}
	for _, layout := range []string{time.DateOnly, time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.Year() < 1900 || t.Year() > 9999 {
				break
			}
			return t.Format(time.DateOnly), nil
		}
	}
	return "", invalid(field, domain.KeyBadDate)
}

// Body is a parsed POST or PUT request body.
type Body struct {
	RequestID string // ac4Ukey (PUT)
	M01Ukey   string // the subject employee's key; "" the caller
	Origin    Origin
	Fields    Fields
	HasFields bool // PUT: the body carries fields to edit (the whole set, as in POST)
	ItemIDs   []string
	Rank      *int
	Send      bool // enviar
}

// ParseBody decodes POST and PUT api/cac-app/request (docs/api.md). Unknown keys are
// ignored (a client may send the whole request back); a wrong JSON type is an Invalid error
// naming the field. Texts are trimmed; dates are normalised; the field rules themselves are
// Fields.Validate's.
func ParseBody(body []byte) (Body, error) {
	var b Body
	top, err := object(body, "body")
	if err != nil {
		return b, err
	}
	str := func(name string, to *string) error {
		raw, ok := top[name]
		if !ok || isNull(raw) {
			return nil
		}
		if err := decodeString(raw, to, name); err != nil {
			return err
		}
		*to = strings.TrimSpace(*to)
		return nil
	}
	if err := str("ac4Ukey", &b.RequestID); err != nil {
		return b, err
	}
	if err := str("m01Ukey", &b.M01Ukey); err != nil {
		return b, err
	}
	if raw, ok := top["rank"]; ok && !isNull(raw) {
		n, err := integer(raw, "rank")
		if err != nil {
			return b, err
		}
		b.Rank = &n
	}
	if raw, ok := top["enviar"]; ok && !isNull(raw) {
		if err := json.Unmarshal(raw, &b.Send); err != nil {
			return b, invalid("enviar", domain.KeyInvalid)
		}
	}
	if raw, ok := top["origem"]; ok && !isNull(raw) {
		n, err := integer(raw, "origem")
		if err != nil {
			return b, err
		}
		b.Origin = Origin(n)
	} else if raw, ok := top["tipo"]; ok && !isNull(raw) {
		var code string
		if err := decodeString(raw, &code, "tipo"); err != nil {
			return b, err
		}
		t, ok := LookupCode(code)
		if !ok {
			return b, invalid("tipo", KeyTypeInvalid)
		}
		b.Origin = t.Origin
	}
	f := &b.Fields
	for _, k := range []string{"titulo", "motivo", "comentario", "prioridade", "dataReferencia", "dataEntrega",
		"dataInicio", "dataFim", "itens", "ausencia", "labels", "departamento", "centroCusto", "centroResultado",
		"unidadeNegocio", "cargo", "funcao", "unidadeMedida", "parcelas", "rateio"} {
		if _, ok := top[k]; ok {
			b.HasFields = true
		}
	}
	for _, t := range []struct {
		name string
		to   *string
	}{{"titulo", &f.Title}, {"motivo", &f.Reason}, {"comentario", &f.Comment}} {
		if err := str(t.name, t.to); err != nil {
			return b, err
		}
	}
	f.Priority = 2
	if raw, ok := top["prioridade"]; ok && !isNull(raw) {
		if f.Priority, err = integer(raw, "prioridade"); err != nil {
			return b, err
		}
	}
	for _, d := range []struct {
		name     string
		to       *string
		required bool
	}{{"dataReferencia", &f.ReferenceDate, true}, {"dataEntrega", &f.DeliveryDate, false},
		{"dataInicio", &f.StartDate, false}, {"dataFim", &f.EndDate, false}} {
		raw, ok := top[d.name]
		if !ok || isNull(raw) {
			if d.required && b.HasFields {
				return b, invalid(d.name, domain.KeyRequired)
			}
			continue
		}
		var s string
		if err := decodeString(raw, &s, d.name); err != nil {
			return b, err
		}
		if *d.to, err = ParseDate(d.name, s); err != nil {
			return b, err
		}
	}
	if raw, ok := top["itens"]; ok && !isNull(raw) {
		var items []map[string]json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return b, invalid("itens", domain.KeyInvalid)
		}
		if len(items) > MaxItems {
			return b, invalid("itens", domain.KeyTooLong)
		}
		for _, it := range items {
			var item Item
			if err := decodeString(it["itemId"], &item.ItemID, "itens.itemId"); err != nil {
				return b, err
			}
			item.ItemID = strings.TrimSpace(item.ItemID)
			if item.Quantity, err = integer(it["quantidade"], "itens.quantidade"); err != nil {
				return b, err
			}
			f.Items = append(f.Items, item)
			b.ItemIDs = append(b.ItemIDs, item.ItemID)
		}
	}
	if raw, ok := top["labels"]; ok && !isNull(raw) {
		if err := json.Unmarshal(raw, &f.Labels); err != nil {
			return b, invalid("labels", domain.KeyInvalid)
		}
		for i := range f.Labels {
			f.Labels[i] = strings.TrimSpace(f.Labels[i])
		}
	}
	for _, l := range f.LookupFields() {
		var id string
		if err := str(l.Name, &id); err != nil {
			return b, err
		}
		if id != "" {
			*l.Ref = &LookupRef{ID: id}
		}
	}
	if f.Instalments, err = parseInstalments(top["parcelas"]); err != nil {
		return b, err
	}
	if f.Apportionment, err = parseApportionment(top["rateio"]); err != nil {
		return b, err
	}
	if raw, ok := top["ausencia"]; ok && !isNull(raw) {
		a, err := parseAbsence(raw)
		if err != nil {
			return b, err
		}
		f.Absence = &a
	}
	return b, nil
}

func parseAbsence(raw json.RawMessage) (Absence, error) {
	var a Absence
	m, err := object(raw, "ausencia")
	if err != nil {
		return a, err
	}
	for _, t := range []struct {
		name string
		to   *string
	}{{"tipoAusenciaDesc", &a.TipoAusenciaDesc}, {"tipoAbono", &a.TipoAbono}, {"nomeMedico", &a.NomeMedico},
		{"tpRegistro", &a.TpRegistro}, {"registro", &a.Registro}, {"cidDesc", &a.CidDesc},
		{"ufRegistroDesc", &a.UfRegistroDesc}} {
		if v, ok := m[t.name]; ok && !isNull(v) {
			if err := decodeString(v, t.to, "ausencia."+t.name); err != nil {
				return a, err
			}
			*t.to = strings.TrimSpace(*t.to)
		}
	}
	for _, t := range []struct {
		name string
		to   *string
	}{{"inicioAbono", &a.InicioAbono}, {"fimAbono", &a.FimAbono}} {
		if v, ok := m[t.name]; ok && !isNull(v) {
			var s string
			if err := decodeString(v, &s, "ausencia."+t.name); err != nil {
				return a, err
			}
			if *t.to, err = ParseDate("ausencia."+t.name, s); err != nil {
				return a, err
			}
		}
	}
	return a, nil
}

func object(raw []byte, field string) (map[string]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, invalid(field, domain.KeyInvalid)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, invalid(field, domain.KeyInvalid)
	}
	return m, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func decodeString(raw json.RawMessage, to *string, field string) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return invalid(field, domain.KeyInvalid)
	}
	if err := json.Unmarshal(raw, to); err != nil {
		return invalid(field, domain.KeyInvalid)
	}
	return nil
}

// integer reads a JSON number (not a numeric string) that is a whole int32.
func integer(raw json.RawMessage, field string) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] == '"' {
		return 0, invalid(field, domain.KeyInvalid)
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, invalid(field, domain.KeyInvalid)
	}
	v, err := n.Int64()
	if err != nil || v < -1<<31 || v > 1<<31-1 {
		return 0, invalid(field, domain.KeyInvalid)
	}
	return int(v), nil
}
