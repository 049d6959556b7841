package clock

import (
	"reflect"
	"strings"
	"testing"

	"portal/domain/clock"
)

// The projections' partial views of a mark read clock.MarkData's own keys (with its types,
// except the ids the marks' decoder parses), so the event's data stays declared once
// (domain/clock/data.go).
func TestMarkViewsReadMarkDataKeys(t *testing.T) {
	for _, v := range []struct {
		view, data reflect.Type
		sameTypes  bool
	}{
		{reflect.TypeFor[markFacts](), reflect.TypeFor[clock.MarkData](), true},
		{reflect.TypeFor[markData](), reflect.TypeFor[clock.MarkData](), false},
		{reflect.TypeFor[markPlace](), reflect.TypeFor[clock.PlaceData](), true},
		{reflect.TypeFor[markFence](), reflect.TypeFor[clock.FenceData](), true},
	} {
		full := map[string]reflect.Type{}
		for i := range v.data.NumField() {
			full[jsonKey(v.data.Field(i))] = v.data.Field(i).Type
		}
		for i := range v.view.NumField() {
			f := v.view.Field(i)
			typ, ok := full[jsonKey(f)]
			if !ok || v.sameTypes && typ != f.Type {
				t.Errorf("%s.%s (%q, %s) is not a field of %s", v.view.Name(), f.Name, jsonKey(f), f.Type, v.data)
			}
		}
	}
}

func jsonKey(f reflect.StructField) string {
	k, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return k
}
