package mood

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"

	"portal/domain"
)

// Entry is a parsed check-in body (spec §3 Mood/energy entry: humor, energy).
type Entry struct {
	Humor  Level
	Energy Level
}

// maxNumberText bounds the text of a number: a longer one is refused before any arithmetic,
// so "1e999999999" cannot make the parser build a huge integer.
const maxNumberText = 40

// ParseBody decodes the body of POST /api/gen/HumorEnergy, {humor, energy} (spec §7), into
// levels: each a JSON number from 1 to 5, rounded down to the step 0.1 (spec §2: "in steps
// of 0.1, rounded down"). A missing field is campo_obrigatorio, a non-number valor_invalido,
// a number outside 1..5 fora_da_escala, each naming its field. Unknown keys are ignored.
func ParseBody(body []byte) (Entry, error) {
	var e Entry
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return e, domain.InvalidField("body", domain.KeyInvalid)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return e, domain.InvalidField("body", domain.KeyInvalid)
	}
	var err error
	if e.Humor, err = field(top, "humor"); err != nil {
		return e, err
	}
	if e.Energy, err = field(top, "energy"); err != nil {
		return e, err
	}
	return e, nil
}

func field(top map[string]json.RawMessage, name string) (Level, error) {
	raw, ok := top[name]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return 0, domain.InvalidField(name, domain.KeyRequired)
	}
	return ParseLevel(name, string(bytes.TrimSpace(raw)))
}

// ParseLevel reads the text of a JSON number ("3.47", "4", "3.5e0") as a level: exact
// decimal arithmetic, so 2.3 gives 23 and 3.99 gives 39 (rounded down). Values below 1 or
// above 5 are refused on the value sent, before rounding: 5.05 is outside the scale.
func ParseLevel(field, text string) (Level, error) {
	if text == "" || len(text) > maxNumberText || !isJSONNumber(text) {
		return 0, domain.InvalidField(field, domain.KeyInvalid)
	}
	mant, exp := text, 0
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+"))
		if err != nil || n > 60 || n < -60 {
			return 0, domain.InvalidField(field, KeyOutOfScale)
		}
		mant, exp = text[:i], n
	}
	r, ok := new(big.Rat).SetString(mant)
	if !ok {
		return 0, domain.InvalidField(field, domain.KeyInvalid)
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil))
	if exp >= 0 {
		r.Mul(r, scale)
	} else {
		r.Quo(r, scale)
	}
	if r.Cmp(big.NewRat(1, 1)) < 0 || r.Cmp(big.NewRat(5, 1)) > 0 {
		return 0, domain.InvalidField(field, KeyOutOfScale)
	}
	tenths := new(big.Int).Quo(new(big.Int).Mul(r.Num(), big.NewInt(10)), r.Denom()) // floor: r > 0
	return Level(tenths.Int64()), nil
}

// isJSONNumber checks the JSON number grammar: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?.
func isJSONNumber(s string) bool {
	i, n := 0, len(s)
	digits := func() int {
		start := i
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < n && s[i] == '-' {
		i++
	}
	if i < n && s[i] == '0' {
		i++
	} else if i < n && s[i] >= '1' && s[i] <= '9' {
		digits()
	} else {
		return false
	}
	if i < n && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == n
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
