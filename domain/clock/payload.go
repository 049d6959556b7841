package clock

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"portal/domain"
)

// ParsePayload decodes and validates the registrar-ponto body (spec portal-core §3, §5;
// docs/api.md):
//
//	{n09_001_t, bygoogle, localSelecionado:{endereco,latitude,longitude},
//	 localCapturado:{...}, cercaVirtual:[{desc,lat,lon}], cercaProxima:{desc,lat,lon,dist}|null}
//
// Every malformed input, wrong JSON type included, is a domain Invalid error naming the field
// ("localSelecionado.latitude", "cercaVirtual[3].lat"). Unknown keys are ignored so that older
// servers accept newer clients. Coordinates may be text (as the spec sends them) or numbers;
// text uses a decimal point or a decimal comma. Texts are trimmed. A localCapturado whose
// three fields are all empty means "no position" (the web app sends that when the browser
// gives none). The returned command carries only payload fields; ids are the caller's.
func ParsePayload(body []byte) (RegisterMark, error) {
	var cmd RegisterMark
	top, err := object(json.RawMessage(body), "body")
	if err != nil {
		return cmd, err
	}
	if cmd.ClientTime, err = top.text("n09_001_t", true); err != nil {
		return cmd, err
	}
	if !validClientTime(cmd.ClientTime) {
		return cmd, domain.InvalidField("n09_001_t", domain.KeyInvalid)
	}
	if raw, ok := top.get("bygoogle"); ok {
		if err := json.Unmarshal(raw, &cmd.ByGoogle); err != nil {
			return cmd, domain.InvalidField("bygoogle", domain.KeyInvalid)
		}
	}
	raw, ok := top.get("localSelecionado")
	if !ok {
		return cmd, domain.InvalidField("localSelecionado", domain.KeyRequired)
	}
	if cmd.Selected, err = place(raw, "localSelecionado"); err != nil {
		return cmd, err
	}
	if raw, ok := top.get("localCapturado"); ok && !emptyPlace(raw) {
		p, err := place(raw, "localCapturado")
		if err != nil {
			return cmd, err
		}
		cmd.Captured = &p
	}
	if raw, ok := top.get("cercaVirtual"); ok {
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil || len(items) > MaxClientFences {
			return cmd, domain.InvalidField("cercaVirtual", domain.KeyInvalid)
		}
		cmd.ClientFences = make([]Fence, 0, len(items))
		for i, item := range items {
			f, err := fence(item, "cercaVirtual["+strconv.Itoa(i)+"]")
			if err != nil {
				return cmd, err
			}
			cmd.ClientFences = append(cmd.ClientFences, f)
		}
	}
	if raw, ok := top.get("cercaProxima"); ok {
		f, err := fence(raw, "cercaProxima")
		if err != nil {
			return cmd, err
		}
		o, _ := object(raw, "cercaProxima")
		dist, err := o.number("dist", true)
		if err != nil {
			return cmd, err
		}
		cmd.ClientNearest = &NearestFence{Fence: f, Distance: dist}
	}
	return cmd, cmd.Validate()
}

// Validate checks the payload rules on a command however it was built; ParsePayload ends with
// it, so the rules live in one place.
func (cmd RegisterMark) Validate() error {
	if !validClientTime(cmd.ClientTime) {
		return domain.InvalidField("n09_001_t", domain.KeyInvalid)
	}
	if err := validPlace(cmd.Selected, "localSelecionado"); err != nil {
		return err
	}
	if cmd.Captured != nil {
		if err := validPlace(*cmd.Captured, "localCapturado"); err != nil {
			return err
		}
	}
	if len(cmd.ClientFences) > MaxClientFences {
		return domain.InvalidField("cercaVirtual", domain.KeyInvalid)
	}
	for i, f := range cmd.ClientFences {
		if err := validFence(f, "cercaVirtual["+strconv.Itoa(i)+"]"); err != nil {
			return err
		}
	}
	if n := cmd.ClientNearest; n != nil {
		if err := validFence(n.Fence, "cercaProxima"); err != nil {
			return err
		}
		if !finite(n.Distance) || n.Distance < 0 {
			return domain.InvalidField("cercaProxima.dist", domain.KeyInvalid)
		}
	}
	return nil
}

func validPlace(p Place, name string) error {
	if err := validText(p.Address, name+".endereco", true); err != nil {
		return err
	}
	if !finite(p.Lat) || p.Lat < -90 || p.Lat > 90 {
		return domain.InvalidField(name+".latitude", domain.KeyInvalid)
	}
	if !finite(p.Lon) || p.Lon < -180 || p.Lon > 180 {
		return domain.InvalidField(name+".longitude", domain.KeyInvalid)
	}
	return nil
}

func validFence(f Fence, name string) error {
	if err := validText(f.Desc, name+".desc", false); err != nil {
		return err
	}
	if !finite(f.Lat) || f.Lat < -90 || f.Lat > 90 {
		return domain.InvalidField(name+".lat", domain.KeyInvalid)
	}
	if !finite(f.Lon) || f.Lon < -180 || f.Lon > 180 {
		return domain.InvalidField(name+".lon", domain.KeyInvalid)
	}
	return nil
}

// validText allows at most MaxText characters of valid UTF-8 without control characters
// (a NUL cannot even be stored in PostgreSQL text or jsonb).
func validText(s, name string, required bool) error {
	if required && strings.TrimSpace(s) == "" {
		return domain.InvalidField(name, domain.KeyRequired)
	}
	if utf8.RuneCountInString(s) > MaxText {
		return domain.InvalidField(name, domain.KeyTooLong)
	}
	if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return domain.InvalidField(name, domain.KeyInvalid)
	}
	return nil
}

// validClientTime accepts exactly YYYY-MM-DDTHH:mm:ss naming a real calendar time.
func validClientTime(s string) bool {
	if len(s) != len(LocalLayout) {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 4, 7:
			if s[i] != '-' {
				return false
			}
		case 10:
			if s[i] != 'T' {
				return false
			}
		case 13, 16:
			if s[i] != ':' {
				return false
			}
		default:
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
	}
	_, err := time.Parse(LocalLayout, s)
	return err == nil
}

// jsonObject is a decoded JSON object whose errors name fields under prefix.
type jsonObject struct {
	prefix string
	m      map[string]json.RawMessage
}

func object(raw json.RawMessage, name string) (jsonObject, error) {
	o := jsonObject{prefix: name}
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) || json.Unmarshal(raw, &o.m) != nil {
		return o, domain.InvalidField(name, domain.KeyInvalid)
	}
	if name == "body" {
		o.prefix = ""
	}
	return o, nil
}

func (o jsonObject) name(key string) string {
	if o.prefix == "" {
		return key
	}
	return o.prefix + "." + key
}

// get returns a present, non-null value.
func (o jsonObject) get(key string) (json.RawMessage, bool) {
	raw, ok := o.m[key]
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, false
	}
	return raw, true
}

// text reads a trimmed string; a required one must be present and not blank.
func (o jsonObject) text(key string, required bool) (string, error) {
	raw, ok := o.get(key)
	if !ok {
		if required {
			return "", domain.InvalidField(o.name(key), domain.KeyRequired)
		}
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", domain.InvalidField(o.name(key), domain.KeyInvalid)
	}
	s = strings.TrimSpace(s)
	if err := validText(s, o.name(key), required); err != nil {
		return "", err
	}
	return s, nil
}

// number reads a finite number given as a JSON number or as text.
func (o jsonObject) number(key string, required bool) (float64, error) {
	raw, ok := o.get(key)
	if !ok {
		if required {
			return 0, domain.InvalidField(o.name(key), domain.KeyRequired)
		}
		return 0, nil
	}
	var f float64
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, domain.InvalidField(o.name(key), domain.KeyInvalid)
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return 0, domain.InvalidField(o.name(key), domain.KeyRequired)
		}
		var ok bool
		if f, ok = decimal(s); !ok {
			return 0, domain.InvalidField(o.name(key), domain.KeyInvalid)
		}
	} else if json.Unmarshal(raw, &f) != nil {
		return 0, domain.InvalidField(o.name(key), domain.KeyInvalid)
	}
	if !finite(f) {
		return 0, domain.InvalidField(o.name(key), domain.KeyInvalid)
	}
	return f, nil
}

// ParseDecimal reads a coordinate given as text the way the registration payload does
// (decimal point or comma, optional exponent); false for anything else or a non-finite value.
func ParseDecimal(s string) (float64, bool) { return decimal(strings.TrimSpace(s)) }

// decimal parses plain decimal text ("-23.5", "-23,5", "1e-3"); no hex, NaN or infinities.
func decimal(s string) (float64, bool) {
	if len(s) > 64 || strings.Trim(s, "0123456789+-.,eE") != "" {
		return 0, false
	}
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil && finite(f)
}

func place(raw json.RawMessage, name string) (Place, error) {
	var p Place
	o, err := object(raw, name)
	if err != nil {
		return p, err
	}
	if p.Address, err = o.text("endereco", true); err != nil {
		return p, err
	}
	if p.Lat, err = o.number("latitude", true); err != nil {
		return p, err
	}
	if p.Lon, err = o.number("longitude", true); err != nil {
		return p, err
	}
	return p, validPlace(p, name)
}

// emptyPlace tells whether raw is an object whose endereco, latitude and longitude are all
// missing, null or blank text.
func emptyPlace(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) || json.Unmarshal(raw, &m) != nil {
		return false
	}
	for _, k := range []string{"endereco", "latitude", "longitude"} {
		v, ok := m[k]
		if !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			continue
		}
		var s string
		if json.Unmarshal(v, &s) != nil || strings.TrimSpace(s) != "" {
			return false
		}
	}
	return true
}

func fence(raw json.RawMessage, name string) (Fence, error) {
	var f Fence
	o, err := object(raw, name)
	if err != nil {
		return f, err
	}
	if f.Desc, err = o.text("desc", false); err != nil {
		return f, err
	}
	if f.Lat, err = o.number("lat", true); err != nil {
		return f, err
	}
	if f.Lon, err = o.number("lon", true); err != nil {
		return f, err
	}
	return f, validFence(f, name)
}
