package clock_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"portal/domain"
	"portal/domain/clock"
)

// validBody is what the web app sends (web/src/features/clock/utils/register-rules.ts).
const validBody = `{
  "n09_001_t": "2024-05-10T09:29:58",
  "bygoogle": true,
  "localSelecionado": {"endereco": " Rua das Flores, 10 ", "latitude": "-23.6", "longitude": "-46.7"},
  "localCapturado": {"endereco": "Praça da Sé", "latitude": "-23.5505", "longitude": "-46.6333"},
  "cercaVirtual": [{"desc": "Sede", "lat": -23.5505, "lon": -46.6333}],
  "cercaProxima": {"desc": "Sede", "lat": -23.5505, "lon": -46.6333, "dist": 0}
}`

// body returns validBody with one top-level key replaced (or removed when value is "").
func body(key, value string) string {
	parts := map[string]string{
		"n09_001_t":        `"2024-05-10T09:29:58"`,
		"localSelecionado": `{"endereco":"Rua A","latitude":"-23.6","longitude":"-46.7"}`,
	}
	parts[key] = value
	var b strings.Builder
	b.WriteString("{")
	first := true
	for _, k := range []string{"n09_001_t", "bygoogle", "localSelecionado", "localCapturado", "cercaVirtual", "cercaProxima"} {
		v, ok := parts[k]
		if !ok || v == "" {
			continue
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		b.WriteString(`"` + k + `":` + v)
	}
	b.WriteString("}")
	return b.String()
}

func sel(endereco, lat, lon string) string {
	return `{"endereco":` + endereco + `,"latitude":` + lat + `,"longitude":` + lon + `}`
}

func TestParsePayloadAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		want clock.RegisterMark
	}{
		{
			name: "web_app_body",
			body: validBody,
			want: clock.RegisterMark{
				ClientTime: "2024-05-10T09:29:58", ByGoogle: true,
				Selected:      clock.Place{Address: "Rua das Flores, 10", Position: clock.Position{Lat: -23.6, Lon: -46.7}},
				Captured:      &clock.Place{Address: "Praça da Sé", Position: clock.Position{Lat: -23.5505, Lon: -46.6333}},
				ClientFences:  []clock.Fence{office},
				ClientNearest: &clock.NearestFence{Fence: office},
			},
		},
		{
			name: "minimal_body",
			body: body("", ""),
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Rua A", Position: clock.Position{Lat: -23.6, Lon: -46.7}}},
		},
		{
			name: "nulls_for_optional_fields",
			body: body("localCapturado", "null")[:len(body("localCapturado", "null"))-1] + `,"bygoogle":null,"cercaVirtual":null,"cercaProxima":null}`,
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Rua A", Position: clock.Position{Lat: -23.6, Lon: -46.7}}},
		},
		{
			name: "empty_captured_place_means_no_position",
			body: body("localCapturado", sel(`""`, `""`, `""`)),
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Rua A", Position: clock.Position{Lat: -23.6, Lon: -46.7}}},
		},
		{
			name: "numbers_and_decimal_commas_are_accepted",
			body: body("localSelecionado", sel(`"Rua A"`, `-23.6`, `"-46,7"`)),
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Rua A", Position: clock.Position{Lat: -23.6, Lon: -46.7}}},
		},
		{
			name: "range_edges_are_accepted",
			body: body("localSelecionado", sel(`"Polo"`, `"90"`, `"-180"`)),
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Polo", Position: clock.Position{Lat: 90, Lon: -180}}},
		},
		{
			name: "255_characters_are_accepted",
			body: body("localSelecionado", sel(`"`+strings.Repeat("é", 255)+`"`, `"0"`, `"0"`)),
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: strings.Repeat("é", 255)}},
		},
		{
			name: "unknown_keys_are_ignored",
			body: body("", "")[:len(body("", ""))-1] + `,"extra":{"x":[1,2]}}`,
			want: clock.RegisterMark{ClientTime: "2024-05-10T09:29:58", Selected: clock.Place{Address: "Rua A", Position: clock.Position{Lat: -23.6, Lon: -46.7}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := clock.ParsePayload([]byte(tt.body))
			if err != nil {
				t.Fatalf("ParsePayload: %v\nbody %s", err, tt.body)
			}
			if len(got.ClientFences) == 0 {
				got.ClientFences = nil
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParsePayloadRejects(t *testing.T) {
	t.Parallel()
	long := `"` + strings.Repeat("a", 256) + `"`
	fences := func(n int) string {
		items := make([]string, n)
		for i := range items {
			items[i] = `{"desc":"F","lat":1,"lon":1}`
		}
		return "[" + strings.Join(items, ",") + "]"
	}
	tests := []struct {
		name  string
		body  string
		field string
		key   string
	}{
		{"not_json", `{"n09_001_t":`, "body", "valor_invalido"},
		{"not_an_object", `[1,2]`, "body", "valor_invalido"},
		{"null_body", `null`, "body", "valor_invalido"},
		{"empty_body", ``, "body", "valor_invalido"},
		{"missing_time", body("n09_001_t", ""), "n09_001_t", "campo_obrigatorio"},
		{"time_as_number", body("n09_001_t", "20240510"), "n09_001_t", "valor_invalido"},
		{"time_with_offset", body("n09_001_t", `"2024-05-10T09:29:58Z"`), "n09_001_t", "valor_invalido"},
		{"time_with_fraction", body("n09_001_t", `"2024-05-10T09:29:58.1"`), "n09_001_t", "valor_invalido"},
		{"time_without_seconds", body("n09_001_t", `"2024-05-10T09:29"`), "n09_001_t", "valor_invalido"},
		{"impossible_date", body("n09_001_t", `"2024-02-30T09:29:58"`), "n09_001_t", "valor_invalido"},
		{"impossible_hour", body("n09_001_t", `"2024-05-10T24:00:00"`), "n09_001_t", "valor_invalido"},
		{"bygoogle_as_text", body("bygoogle", `"true"`), "bygoogle", "valor_invalido"},
		{"missing_selected", body("localSelecionado", ""), "localSelecionado", "campo_obrigatorio"},
		{"null_selected", body("localSelecionado", "null"), "localSelecionado", "campo_obrigatorio"},
		{"selected_as_text", body("localSelecionado", `"Rua A"`), "localSelecionado", "valor_invalido"},
		{"missing_address", body("localSelecionado", `{"latitude":"1","longitude":"1"}`), "localSelecionado.endereco", "campo_obrigatorio"},
		{"blank_address", body("localSelecionado", sel(`"   "`, `"1"`, `"1"`)), "localSelecionado.endereco", "campo_obrigatorio"},
		{"address_as_number", body("localSelecionado", sel(`12`, `"1"`, `"1"`)), "localSelecionado.endereco", "valor_invalido"},
		{"address_too_long", body("localSelecionado", sel(long, `"1"`, `"1"`)), "localSelecionado.endereco", "texto_muito_longo"},
		{"address_with_nul", body("localSelecionado", sel(`"Rua\u0000A"`, `"1"`, `"1"`)), "localSelecionado.endereco", "valor_invalido"},
		{"address_with_newline", body("localSelecionado", sel(`"Rua\nA"`, `"1"`, `"1"`)), "localSelecionado.endereco", "valor_invalido"},
		{"missing_latitude", body("localSelecionado", `{"endereco":"A","longitude":"1"}`), "localSelecionado.latitude", "campo_obrigatorio"},
		{"empty_latitude", body("localSelecionado", sel(`"A"`, `""`, `"1"`)), "localSelecionado.latitude", "campo_obrigatorio"},
		{"latitude_not_a_number", body("localSelecionado", sel(`"A"`, `"abc"`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_nan", body("localSelecionado", sel(`"A"`, `"NaN"`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_infinite", body("localSelecionado", sel(`"A"`, `"1e999"`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_hex", body("localSelecionado", sel(`"A"`, `"0x1p-2"`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_as_bool", body("localSelecionado", sel(`"A"`, `true`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_above_90", body("localSelecionado", sel(`"A"`, `"90.0001"`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"latitude_below_minus_90", body("localSelecionado", sel(`"A"`, `-91`, `"1"`)), "localSelecionado.latitude", "valor_invalido"},
		{"longitude_above_180", body("localSelecionado", sel(`"A"`, `"1"`, `"180.5"`)), "localSelecionado.longitude", "valor_invalido"},
		{"longitude_huge_number", body("localSelecionado", sel(`"A"`, `"1"`, `1e400`)), "localSelecionado.longitude", "valor_invalido"},
		{"captured_as_array", body("localCapturado", `[]`), "localCapturado", "valor_invalido"},
		{"captured_without_address", body("localCapturado", sel(`""`, `"1"`, `"1"`)), "localCapturado.endereco", "campo_obrigatorio"},
		{"captured_latitude_out_of_range", body("localCapturado", sel(`"A"`, `"-95"`, `"1"`)), "localCapturado.latitude", "valor_invalido"},
		{"fences_as_object", body("cercaVirtual", `{}`), "cercaVirtual", "valor_invalido"},
		{"too_many_fences", body("cercaVirtual", fences(51)), "cercaVirtual", "valor_invalido"},
		{"fence_item_as_text", body("cercaVirtual", `["Sede"]`), "cercaVirtual[0]", "valor_invalido"},
		{"fence_without_lat", body("cercaVirtual", `[{"desc":"F","lat":1,"lon":1},{"desc":"F","lon":1}]`), "cercaVirtual[1].lat", "campo_obrigatorio"},
		{"fence_description_too_long", body("cercaVirtual", `[{"desc":`+long+`,"lat":1,"lon":1}]`), "cercaVirtual[0].desc", "texto_muito_longo"},
		{"fence_description_as_number", body("cercaVirtual", `[{"desc":5,"lat":1,"lon":1}]`), "cercaVirtual[0].desc", "valor_invalido"},
		{"nearest_as_text", body("cercaProxima", `"Sede"`), "cercaProxima", "valor_invalido"},
		{"nearest_without_dist", body("cercaProxima", `{"desc":"F","lat":1,"lon":1}`), "cercaProxima.dist", "campo_obrigatorio"},
		{"nearest_negative_dist", body("cercaProxima", `{"desc":"F","lat":1,"lon":1,"dist":-1}`), "cercaProxima.dist", "valor_invalido"},
		{"nearest_lon_out_of_range", body("cercaProxima", `{"desc":"F","lat":1,"lon":200,"dist":1}`), "cercaProxima.lon", "valor_invalido"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := clock.ParsePayload([]byte(tt.body))
			var de *domain.Error
			if !errors.As(err, &de) {
				t.Fatalf("error = %v, want a domain error\nbody %s", err, tt.body)
			}
			want := domain.Error{Kind: domain.Invalid, Field: tt.field, Key: tt.key}
			if *de != want {
				t.Fatalf("error = %+v, want %+v\nbody %s", *de, want, tt.body)
			}
		})
	}
	t.Run("50_fences_are_accepted", func(t *testing.T) {
		t.Parallel()
		if _, err := clock.ParsePayload([]byte(body("cercaVirtual", fences(50)))); err != nil {
			t.Fatal(err)
		}
	})
}
