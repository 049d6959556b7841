package request

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"portal/domain"
)

// Limits and message keys of a request's instalments and apportionment (docs/api.md
// "Request lookups": pedidocompra/parcelas and crd).
const (
	MaxInstalments = 36
	MaxShares      = 20
	// MaxAmount bounds an instalment (in reais) so amounts stay exact in cents.
	MaxAmount = 1e10
	// KeyApportionmentSum: the shares of an apportionment must add up to exactly 100 %.
	KeyApportionmentSum = "rateio_soma_invalida"
	// KeyInstalmentsType: only a purchase (compra) carries instalments.
	KeyInstalmentsType = "parcelas_tipo_invalido"
)

// Share kinds: a cost centre (CRD1Search) or a result centre (CRD2Search).
const (
	ShareCost   = "custo"
	ShareResult = "resultado"
)

// Instalment is one payment of a purchase: its number (from 1, in due-date order as sent),
// due date (YYYY-MM-DD) and amount in reais with two decimals ("1234.50").
type Instalment struct {
	Number  int    `json:"numero"`
	DueDate string `json:"vencimento"`
	Amount  string `json:"valor"`
}

// Share is one centre's part of the request's cost; the body names the centre by id
// (centroId) and the command fills it from the tenant's list.
type Share struct {
	Kind    string    `json:"tipo"`
	Centre  LookupRef `json:"centro"`
	Percent float64   `json:"percentual"`
}

// parseInstalments reads parcelas: [{vencimento, valor}], valor a JSON number or a decimal
// string with at most two decimals.
func parseInstalments(raw json.RawMessage) ([]Instalment, error) {
	if raw == nil || isNull(raw) {
		return nil, nil
	}
	var in []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, invalid("parcelas", domain.KeyInvalid)
	}
	if len(in) > MaxInstalments {
		return nil, invalid("parcelas", domain.KeyTooLong)
	}
	out := make([]Instalment, 0, len(in))
	for i, m := range in {
		var due string
		if err := decodeString(m["vencimento"], &due, "parcelas.vencimento"); err != nil {
			return nil, err
		}
		due, err := ParseDate("parcelas.vencimento", due)
		if err != nil {
			return nil, err
		}
		cents, ok := decimalHundredths(m["valor"])
		if !ok || cents <= 0 || cents > MaxAmount*100 {
			return nil, invalid("parcelas.valor", domain.KeyInvalid)
		}
		out = append(out, Instalment{Number: i + 1, DueDate: due, Amount: strconv.FormatFloat(float64(cents)/100, 'f', 2, 64)})
	}
	return out, nil
}

// parseApportionment reads rateio: [{tipo, centroId, percentual}].
func parseApportionment(raw json.RawMessage) ([]Share, error) {
	if raw == nil || isNull(raw) {
		return nil, nil
	}
	var in []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, invalid("rateio", domain.KeyInvalid)
	}
	if len(in) > MaxShares {
		return nil, invalid("rateio", domain.KeyTooLong)
	}
	out := make([]Share, 0, len(in))
	for _, m := range in {
		var s Share
		if err := decodeString(m["tipo"], &s.Kind, "rateio.tipo"); err != nil {
			return nil, err
		}
		if s.Kind != ShareCost && s.Kind != ShareResult {
			return nil, invalid("rateio.tipo", domain.KeyInvalid)
		}
		if err := decodeString(m["centroId"], &s.Centre.ID, "rateio.centroId"); err != nil {
			return nil, err
		}
		s.Centre.ID = strings.TrimSpace(s.Centre.ID)
		p, ok := decimalHundredths(m["percentual"])
		if !ok || p <= 0 || p > 10000 {
			return nil, invalid("rateio.percentual", domain.KeyInvalid)
		}
		s.Percent = float64(p) / 100
		out = append(out, s)
	}
	return out, nil
}

// decimalHundredths reads a JSON number or numeric string with at most two decimals as a
// whole number of hundredths.
func decimalHundredths(raw json.RawMessage) (int64, bool) {
	var s string
	if decodeString(raw, &s, "") != nil {
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			return 0, false
		}
		s = n.String()
	}
	s = strings.TrimSpace(s)
	if whole, frac, ok := strings.Cut(s, "."); ok && (len(frac) > 2 || frac == "" || whole == "") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e13 || strings.ContainsAny(s, "eE") {
		return 0, false
	}
	return int64(math.Round(f * 100)), true
}

// validatePlan applies the rules of instalments and apportionment: instalments only on a
// purchase, due on or after the reference date; shares on distinct centres, adding up to
// exactly 100 %.
func (f Fields) validatePlan(t TypeInfo) error {
	if len(f.Instalments) > 0 && t.Origin != Compra {
		return invalid("parcelas", KeyInstalmentsType)
	}
	for _, in := range f.Instalments {
		if in.DueDate < f.ReferenceDate {
			return invalid("parcelas.vencimento", domain.KeyDateRange)
		}
	}
	if len(f.Apportionment) == 0 {
		return nil
	}
	seen := map[string]bool{}
	var total int64
	for _, s := range f.Apportionment {
		key := s.Kind + "/" + strings.ToLower(s.Centre.ID)
		if s.Centre.ID == "" || seen[key] {
			return invalid("rateio.centroId", domain.KeyInvalid)
		}
		seen[key] = true
		total += int64(math.Round(s.Percent * 100))
	}
	if total != 10000 {
		return invalid("rateio", KeyApportionmentSum)
	}
	return nil
}
