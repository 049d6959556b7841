package notification

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"portal/domain"
)

// Limits of a notification's texts (characters).
const (
	MaxMessage  = 500
	MaxFrom     = 100
	MaxHeader   = 200
	MaxLink     = 2000
	MaxUserHash = 200
)

// Variant is the toast's colour (spec portal-core §2: success, info, warning, error).
type Variant string

// Variants.
const (
	Success Variant = "success"
	Info    Variant = "info"
	Warning Variant = "warning"
	Error   Variant = "error"
)

// Classification decides the toast's wording (spec portal-core §2): "{from} wrote",
// "{from} requested" or the message alone.
type Classification int

// Classifications.
const (
	Wrote     Classification = 1
	Requested Classification = 2
	Plain     Classification = 3
)

// Options are the notification's options (spec portal-core §3).
type Options struct {
	Variant        Variant
	Classification Classification
	From           string // who wrote or requested, shown in the wording
	Header         string // an optional title
	Link           string // a relative path in the app or an http(s) address
}

// Content is what a notification says.
type Content struct {
	Message string
	Options Options
}

// Draft is a parsed create request: the content and, for HR admins and managers, the user
// it is for (empty: the caller).
type Draft struct {
	Content    Content
	ToUserHash string
}

// Normalize trims the texts, fills the defaults (variant info, classification plain) and
// validates: message 1..500 characters, variant and classification from their lists, the
// texts within their limits and free of control characters (line breaks and tabs allowed in
// the message), and the link a relative path ("/apps/...") or an http or https address.
// The error is a domain Invalid error naming the field ("message", "options.link").
func (c Content) Normalize() (Content, error) {
	c.Message = strings.TrimSpace(c.Message)
	if c.Message == "" {
		return c, domain.InvalidField("message", domain.KeyRequired)
	}
	if err := checkText("message", c.Message, MaxMessage, true); err != nil {
		return c, err
	}
	o := &c.Options
	if o.Variant == "" {
		o.Variant = Info
	}
	switch o.Variant {
	case Success, Info, Warning, Error:
	default:
		return c, domain.InvalidField("options.variant", domain.KeyInvalid)
	}
	if o.Classification == 0 {
		o.Classification = Plain
	}
	if o.Classification < Wrote || o.Classification > Plain {
		return c, domain.InvalidField("options.classification", domain.KeyInvalid)
	}
	o.From, o.Header, o.Link = strings.TrimSpace(o.From), strings.TrimSpace(o.Header), strings.TrimSpace(o.Link)
	if err := checkText("options.from", o.From, MaxFrom, false); err != nil {
		return c, err
	}
	if err := checkText("options.header", o.Header, MaxHeader, false); err != nil {
		return c, err
	}
	if err := checkText("options.link", o.Link, MaxLink, false); err != nil {
		return c, err
	}
	if o.Link != "" && !validLink(o.Link) {
		return c, domain.InvalidField("options.link", domain.KeyInvalid)
	}
	return c, nil
}

func checkText(field, s string, max int, multiline bool) error {
	if !utf8.ValidString(s) {
		return domain.InvalidField(field, domain.KeyInvalid)
	}
	if utf8.RuneCountInString(s) > max {
		return domain.InvalidField(field, domain.KeyTooLong)
	}
	bad := strings.ContainsFunc(s, func(r rune) bool {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			return false
		}
		return unicode.IsControl(r)
	})
	if bad {
		return domain.InvalidField(field, domain.KeyInvalid)
	}
	return nil
}

// validLink admits a path of this app ("/apps/request", not "//host" nor "/\host", which
// browsers treat as another host) or an absolute http or https address with a host. Every
// other scheme (javascript:, data:) is refused: the web app makes links of it.
func validLink(link string) bool {
	if strings.ContainsAny(link, " \\") {
		return false
	}
	if strings.HasPrefix(link, "/") {
		if strings.HasPrefix(link, "//") {
			return false
		}
		_, err := url.Parse(link)
		return err == nil
	}
	u, err := url.Parse(link)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return false
	}
	return u.Scheme == "http" || u.Scheme == "https"
}

// ParseCreate decodes and validates the body of POST notification-app (spec portal-core §7,
// docs/api.md):
//
//	{message, options:{variant, classification, from, header, link}, toUserHash}
//
// Unknown keys are ignored (a client may send the whole notification entity back, with id,
// dismissed and displayed); absent options take their defaults. A wrong JSON type is an
// Invalid error naming the field, like every other malformed input.
func ParseCreate(body []byte) (Draft, error) {
	var d Draft
	top, err := object(body, "body")
	if err != nil {
		return d, err
	}
	msg, ok := top["message"]
	if !ok || isNull(msg) {
		return d, domain.InvalidField("message", domain.KeyRequired)
	}
	if err := decode(msg, &d.Content.Message, "message"); err != nil {
		return d, err
	}
	if raw, ok := top["toUserHash"]; ok && !isNull(raw) {
		if err := decode(raw, &d.ToUserHash, "toUserHash"); err != nil {
			return d, err
		}
		d.ToUserHash = strings.TrimSpace(d.ToUserHash)
		if err := checkText("toUserHash", d.ToUserHash, MaxUserHash, false); err != nil {
			return d, err
		}
	}
	if raw, ok := top["options"]; ok && !isNull(raw) {
		opts, err := object(raw, "options")
		if err != nil {
			return d, err
		}
		o := &d.Content.Options
		var variant string
		for _, f := range []struct {
			name string
			to   *string
		}{{"variant", &variant}, {"from", &o.From}, {"header", &o.Header}, {"link", &o.Link}} {
			if raw, ok := opts[f.name]; ok && !isNull(raw) {
				if err := decode(raw, f.to, "options."+f.name); err != nil {
					return d, err
				}
			}
		}
		o.Variant = Variant(strings.TrimSpace(variant))
		if raw, ok := opts["classification"]; ok && !isNull(raw) {
			var n json.Number
			if err := decode(raw, &n, "options.classification"); err != nil {
				return d, err
			}
			v, err := n.Int64()
			if err != nil || v < int64(Wrote) || v > int64(Plain) {
				return d, domain.InvalidField("options.classification", domain.KeyInvalid)
			}
			o.Classification = Classification(v)
		}
	}
	d.Content, err = d.Content.Normalize()
	return d, err
}

func object(raw []byte, field string) (map[string]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, domain.InvalidField(field, domain.KeyInvalid)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, domain.InvalidField(field, domain.KeyInvalid)
	}
	return m, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// decode reads one JSON value of the expected type: a string into *string, a number (not a
// numeric string) into *json.Number.
func decode(raw json.RawMessage, to any, field string) error {
	raw = bytes.TrimSpace(raw)
	switch to.(type) {
	case *string:
		if len(raw) == 0 || raw[0] != '"' {
			return domain.InvalidField(field, domain.KeyInvalid)
		}
	case *json.Number:
		if len(raw) == 0 || raw[0] == '"' {
			return domain.InvalidField(field, domain.KeyInvalid)
		}
	}
	if err := json.Unmarshal(raw, to); err != nil {
		return domain.InvalidField(field, domain.KeyInvalid)
	}
	return nil
}
