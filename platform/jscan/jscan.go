// Package jscan decodes the plain JSON the event store gives back (no escapes in strings or
// keys) several times faster than encoding/json, for the replays' hottest events (a mark is
// most of a log). Whatever it accepts it decodes exactly as json.Unmarshal would: the same
// number parsing (strconv.ParseFloat), UUIDs (uuid.UUID.UnmarshalText) and times
// (time.Time.UnmarshalJSON); unknown keys are skipped unless they match a field
// case-insensitively (encoding/json would then fill the field). Anything else makes a method
// return false, and the caller decodes with encoding/json.
package jscan

import (
	"bytes"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Scanner reads plain JSON; every method returns false on anything else (the caller then
// decodes with encoding/json).
type Scanner struct {
	b []byte
	i int
}

// New scans data.
func New(data []byte) *Scanner { return &Scanner{b: data} }

func (s *Scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *Scanner) eat(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *Scanner) End() bool {
	s.ws()
	return s.i == len(s.b)
}

// object reads an object, calling field for each key with s positioned before its value.
func (s *Scanner) object(field func(key []byte) bool) bool {
	if !s.eat('{') {
		return false
	}
	if s.eat('}') {
		return true
	}
	for {
		key, ok := s.raw()
		if !ok || !s.eat(':') || !field(key) {
			return false
		}
		if !s.eat(',') {
			return s.eat('}')
		}
	}
}

// raw reads a string without escapes and returns its bytes (valid UTF-8, no control
// characters: exactly what encoding/json would give).
func (s *Scanner) raw() ([]byte, bool) {
	s.ws()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	start, ascii := s.i+1, true
	for j := start; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			v := s.b[start:j]
			if !ascii && !utf8.Valid(v) {
				return nil, false
			}
			s.i = j + 1
			return v, true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, false
}

func (s *Scanner) Str(v *string) bool {
	b, ok := s.raw()
	if ok {
		*v = string(b)
	}
	return ok
}

// Bytes reads a string as Str does, into the bytes of the data that hold it (no copy): they
// are valid as long as the data is, and are what Str would have made a string of.
func (s *Scanner) Bytes(v *[]byte) bool {
	b, ok := s.raw()
	if ok {
		*v = b
	}
	return ok
}

func (s *Scanner) UUID(v *uuid.UUID) bool {
	b, ok := s.raw()
	if !ok {
		return false
	}
	return v.UnmarshalText(b) == nil
}

// Time reads a time as time.Time.UnmarshalJSON does (a *time.Time rather than any
// json.Unmarshaler, so that what it points into can stay on the caller's stack).
func (s *Scanner) Time(v *time.Time) bool {
	s.ws()
	start := s.i
	if _, ok := s.raw(); !ok {
		return false
	}
	return v.UnmarshalJSON(s.b[start:s.i]) == nil
}

func (s *Scanner) literal(word string) bool {
	s.ws()
	if bytes.HasPrefix(s.b[s.i:], []byte(word)) {
		s.i += len(word)
		return true
	}
	return false
}

func (s *Scanner) Null() bool { return s.literal("null") }

func (s *Scanner) Bool(v *bool) bool {
	switch {
	case s.literal("true"):
		*v = true
	case s.literal("false"):
		*v = false
	default:
		return false
	}
	return true
}

// number reads a JSON number (its exact grammar) and returns its text.
func (s *Scanner) number() ([]byte, bool) {
	s.ws()
	b, i := s.b, s.i
	start := i
	digits := func() bool {
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		digits()
	default:
		return nil, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return nil, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return nil, false
		}
	}
	s.i = i
	return b[start:i], true
}

func (s *Scanner) Float(v *float64) bool {
	b, ok := s.number()
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(string(b), 64)
	*v = f
	return err == nil
}

// Int reads a number into an int as encoding/json does: an integer literal that fits (it
// refuses 1.0 and 1e2, as encoding/json does).
func (s *Scanner) Int(v *int) bool {
	b, ok := s.number()
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(string(b), 10, 0)
	if err != nil {
		return false
	}
	*v = int(n)
	return true
}

// Array reads an array, calling elem for each element with s positioned before it.
func (s *Scanner) Array(elem func() bool) bool {
	if !s.eat('[') {
		return false
	}
	if s.eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if !s.eat(',') {
			return s.eat(']')
		}
	}
}

// fields reads an object whose fields are keys (at most 64): field reads the value of each
// of them, and a key that comes twice is refused (encoding/json would keep the last one);
// any other key is skipped as unknownKey does.
func (s *Scanner) Fields(keys []string, field func(key string) bool) bool {
	var seen uint64
	return s.object(func(key []byte) bool {
		for i, k := range keys {
			if string(key) == k {
				if seen&(1<<i) != 0 {
					return false
				}
				seen |= 1 << i
				return field(k)
			}
		}
		return s.unknownKey(key, keys)
	})
}

// unknownKey skips the value of a key that is not a field: encoding/json ignores it,
// unless it matches a field's key case-insensitively.
func (s *Scanner) unknownKey(key []byte, fields []string) bool {
	for _, f := range fields {
		if bytes.EqualFold(key, []byte(f)) {
			return false
		}
	}
	return s.skip(0)
}

// skip reads any JSON value, checking it as encoding/json would.
func (s *Scanner) skip(depth int) bool {
	if depth > 100 {
		return false
	}
	s.ws()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return s.object(func([]byte) bool { return s.skip(depth + 1) })
	case c == '[':
		s.i++
		if s.eat(']') {
			return true
		}
		for {
			if !s.skip(depth + 1) {
				return false
			}
			if !s.eat(',') {
				return s.eat(']')
			}
		}
	case c == '"':
		return s.skipString()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.Null()
	default:
		_, ok := s.number()
		return ok
	}
}

// skipString reads a string that may have escapes.
func (s *Scanner) skipString() bool {
	for j := s.i + 1; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.i = j + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			j++
			if j >= len(s.b) {
				return false
			}
			switch s.b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(s.b) {
					return false
				}
				for _, h := range s.b[j+1 : j+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
				}
				j += 4
			default:
				return false
			}
		}
	}
	return false
}
