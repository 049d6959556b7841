package request

import (
	"encoding/json"
	"strings"

	"portal/domain"
)

// MaxFilterItems is the most additionalFilters items a GetWithFilter body may carry.
const MaxFilterItems = 20

// Filter is one additionalFilters item of POST request/GetWithFilter (docs/api.md).
type Filter struct {
	Field    string
	Operator string
	Value    string // numbers as their decimal text
}

// FilterBody is the parsed GetWithFilter body.
type FilterBody struct {
	M01Ukey string
	Origin  Origin // 0 = all
	Source  string
	Items   []Filter
}

// filterOperators lists the operators each field admits.
var filterOperators = map[string][]string{
	"status": {"eq"}, "approvalStatus": {"eq"}, "deliveryStatus": {"eq"}, "origem": {"eq"},
	"prioridade": {"eq", "gte", "lte"}, "titulo": {"eq", "contains"}, "dataReferencia": {"eq", "gte", "lte"},
	"labels": {"eq", "contains"},
}

// ParseFilterBody decodes and validates the GetWithFilter body. Every error names the part
// it concerns, e.g. additionalFilters.items[2].operator.
func ParseFilterBody(body []byte) (FilterBody, error) {
	var fb FilterBody
	top, err := object(body, "body")
	if err != nil {
		return fb, err
	}
	if raw, ok := top["m01Ukey"]; ok && !isNull(raw) {
		if err := decodeString(raw, &fb.M01Ukey, "m01Ukey"); err != nil {
			return fb, err
		}
		fb.M01Ukey = strings.TrimSpace(fb.M01Ukey)
	}
	if raw, ok := top["source"]; ok && !isNull(raw) {
		if err := decodeString(raw, &fb.Source, "source"); err != nil {
			return fb, err
		}
	}
	if raw, ok := top["type"]; ok && !isNull(raw) {
		n, err := integer(raw, "type")
		if err != nil {
			return fb, err
		}
		if _, ok := Lookup(Origin(n)); n != 0 && !ok {
			return fb, invalid("type", domain.KeyInvalid)
		}
		fb.Origin = Origin(n)
	}
	raw, ok := top["additionalFilters"]
	if !ok || isNull(raw) {
		return fb, nil
	}
	af, err := object(raw, "additionalFilters")
	if err != nil {
		return fb, err
	}
	rawItems, ok := af["items"]
	if !ok || isNull(rawItems) {
		return fb, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(rawItems, &items); err != nil {
		return fb, invalid("additionalFilters.items", domain.KeyInvalid)
	}
	if len(items) > MaxFilterItems {
		return fb, invalid("additionalFilters.items", domain.KeyTooLong)
	}
	for i, it := range items {
		name := "additionalFilters.items[" + itoa(i) + "]"
		m, err := object(it, name)
		if err != nil {
			return fb, err
		}
		var f Filter
		if err := decodeString(m["field"], &f.Field, name+".field"); err != nil {
			return fb, err
		}
		ops, ok := filterOperators[f.Field]
		if !ok {
			return fb, invalid(name+".field", domain.KeyInvalid)
		}
		f.Operator = "eq"
		if raw, ok := m["operator"]; ok && !isNull(raw) {
			if err := decodeString(raw, &f.Operator, name+".operator"); err != nil {
				return fb, err
			}
		}
		if !contains(ops, f.Operator) {
			return fb, invalid(name+".operator", domain.KeyInvalid)
		}
		v := m["value"]
		switch {
		case len(v) > 0 && v[0] == '"':
			if err := decodeString(v, &f.Value, name+".value"); err != nil {
				return fb, err
			}
		default:
			n, err := integer(v, name+".value")
			if err != nil {
				return fb, err
			}
			f.Value = itoa(n)
		}
		if err := checkText(name+".value", f.Value, MaxText, true); err != nil {
			return fb, err
		}
		if f.Field == "dataReferencia" {
			if f.Value, err = ParseDate(name+".value", f.Value); err != nil {
				return fb, err
			}
		}
		fb.Items = append(fb.Items, f)
	}
	return fb, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
