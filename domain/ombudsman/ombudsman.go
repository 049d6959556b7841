// Package ombudsman holds the rules of the ombudsman channel (spec portal-core §2
// /apps/Ouvidoria, menu tools_015) and of the contact form (/apps/faq/Contato, tools_014).
// Each report is its own stream (Stream); each employee's contact messages are one stream
// (ContactStream). docs/ombudsman.md says who sees a reporter and why.
package ombudsman

import (
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// Stream is the stream of one report.
func Stream(report string) string { return "ombudsman-" + report }

// ContactStream is the stream of one employee's contact messages.
func ContactStream(user string) string { return "contact-" + user }

// Limits of the texts (trimmed first).
const (
	MaxSubject = 200
	MaxText    = 5000
	MaxAnswer  = 5000
)

// Categories of a report.
const (
	Complaint  = "complaint"
	Suggestion = "suggestion"
	Praise     = "praise"
	Misconduct = "misconduct"
)

// Visibility of the reporter: public (the ombudsman team sees the name), private (only the
// holders of the ombudsman permission see who) or anonymous (nobody: no id is kept).
const (
	Public    = "public"
	Private   = "private"
	Anonymous = "anonymous"
)

// Statuses of a report, in the order it moves through them.
const (
	Received   = "received"
	InAnalysis = "in_analysis"
	Answered   = "answered"
	Closed     = "closed"
)

// Stable event types (docs/api.md "Ombudsman and contact").
const (
	TypeFiled         = "ombudsman.report_filed.v1"
	TypeStatusChanged = "ombudsman.status_changed.v1"
	TypeAnswered      = "ombudsman.answered.v1"
	TypeContactSent   = "ombudsman.contact_sent.v1"
)

// Refusal keys.
const (
	KeyBadTransition = "ouvidoria_status_invalido"
)

// Event is something that happened to a report or a contact message.
type Event interface{ EventType() string }

// Filed is a report filed. Reporter is empty for anonymous reports; for private ones the
// event's actor is neutral (uuid.Nil) and the audit area hides Reporter from whoever lacks
// the ombudsman permission. CodeHash is the SHA-256 of the follow-up code, never the code.
type Filed struct {
	ID         string    `json:"id"`
	Protocol   string    `json:"protocol"`
	Category   string    `json:"category"`
	Subject    string    `json:"subject"`
	Text       string    `json:"text"`
	Visibility string    `json:"visibility"`
	Reporter   string    `json:"reporter,omitempty"`
	CodeHash   string    `json:"codeHash"`
	At         time.Time `json:"at"`
}

// StatusChanged moves a report to in_analysis or closed.
type StatusChanged struct {
	ID     string    `json:"id"`
	Status string    `json:"status"`
	Actor  string    `json:"actor"`
	At     time.Time `json:"at"`
}

// AnswerGiven is the ombudsman team's answer; the report becomes answered.
type AnswerGiven struct {
	ID     string    `json:"id"`
	Answer string    `json:"answer"`
	Actor  string    `json:"actor"`
	At     time.Time `json:"at"`
}

// ContactSent records a contact message sent: who, when, the subject and to how many
// addresses. The body is not kept (docs/ombudsman.md): it went to HR by mail.
type ContactSent struct {
	ID         string    `json:"id"`
	Subject    string    `json:"subject"`
	Recipients int       `json:"recipients"`
	Actor      string    `json:"actor"`
	At         time.Time `json:"at"`
}

func (Filed) EventType() string         { return TypeFiled }
func (StatusChanged) EventType() string { return TypeStatusChanged }
func (AnswerGiven) EventType() string   { return TypeAnswered }
func (ContactSent) EventType() string   { return TypeContactSent }

// Report is the state of one report the commands decide on.
type Report struct {
	Filed  bool
	Status string
	Filing Filed
}

// Apply folds an event into the report.
func (r *Report) Apply(e Event) {
	switch e := e.(type) {
	case Filed:
		r.Filed, r.Status, r.Filing = true, Received, e
	case StatusChanged:
		r.Status = e.Status
	case AnswerGiven:
		r.Status = Answered
	}
}

// Text trims s and checks it is present, valid and at most max runes long.
func Text(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", domain.InvalidField(field, domain.KeyRequired)
	case !utf8.ValidString(s) || strings.ContainsRune(s, 0):
		return "", domain.InvalidField(field, domain.KeyInvalid)
	case utf8.RuneCountInString(s) > max:
		return "", domain.InvalidField(field, domain.KeyTooLong)
	}
	return s, nil
}

// File decides filing a report.
func (r *Report) File(f Filed) ([]Event, error) {
	switch f.Category {
	case Complaint, Suggestion, Praise, Misconduct:
	case "":
		return nil, domain.InvalidField("category", domain.KeyRequired)
	default:
		return nil, domain.InvalidField("category", domain.KeyInvalid)
	}
	switch f.Visibility {
	case Public, Private:
		if f.Reporter == "" {
			return nil, domain.InvalidField("reporter", domain.KeyRequired)
		}
	case Anonymous:
		f.Reporter = ""
	case "":
		return nil, domain.InvalidField("visibility", domain.KeyRequired)
	default:
		return nil, domain.InvalidField("visibility", domain.KeyInvalid)
	}
	var err error
	if f.Subject, err = Text("subject", f.Subject, MaxSubject); err != nil {
		return nil, err
	}
	if f.Text, err = Text("text", f.Text, MaxText); err != nil {
		return nil, err
	}
	if r.Filed {
		return nil, nil // a retried command: already filed
	}
	return []Event{f}, nil
}

// Move decides a status change: received → in_analysis, answered → closed (or any open
// report straight to closed).
func (r *Report) Move(s StatusChanged) ([]Event, error) {
	if !r.Filed {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	switch {
	case s.Status == InAnalysis && r.Status == Received,
		s.Status == Closed && r.Status != Closed:
		return []Event{s}, nil
	case s.Status != InAnalysis && s.Status != Closed:
		return nil, domain.InvalidField("status", domain.KeyInvalid)
	}
	return nil, domain.Refusal("status", KeyBadTransition)
}

// Answer decides answering an open report (received, in analysis or answered again).
func (r *Report) Answer(a AnswerGiven) ([]Event, error) {
	if !r.Filed {
		return nil, &domain.Error{Kind: domain.NotFound, Field: "id", Key: domain.KeyNotFound}
	}
	var err error
	if a.Answer, err = Text("answer", a.Answer, MaxAnswer); err != nil {
		return nil, err
	}
	if r.Status == Closed {
		return nil, domain.Refusal("status", KeyBadTransition)
	}
	return []Event{a}, nil
}

// Contact is the state of an employee's contact stream (nothing to decide on but the text).
type Contact struct{}

// Apply implements the fold (nothing is kept).
func (*Contact) Apply(Event) {}

// Send decides a contact message: subject and message trimmed and within their limits.
func (*Contact) Send(c ContactSent, message string) ([]Event, error) {
	var err error
	if c.Subject, err = Text("subject", c.Subject, MaxSubject); err != nil {
		return nil, err
	}
	if _, err = Text("message", message, MaxText); err != nil {
		return nil, err
	}
	return []Event{c}, nil
}
