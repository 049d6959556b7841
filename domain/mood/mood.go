// Package mood is the mood and energy check-in (spec portal-business §2 "Mood and energy
// check-in", §3 Mood/energy entry, §4 mood check-in, §9 scale and cool-down).
//
// A Journal is one per user (stream "mood-<userId>"): the user checks in a humor and an
// energy on the scale 1 to 5, step 0.1, rounded down, at most once per cool-down. The package
// is pure: no I/O, no clock (time is passed in), no JSON tags. CheckIn decides and returns
// events; Apply only changes state.
package mood

import (
	"fmt"
	"time"

	"portal/domain"
)

// Message keys of refusals (docs/api.md "Mood and energy"; the web app translates them).
const (
	KeyOutOfScale = "fora_da_escala"        // humor or energy outside 1..5
	KeyCoolDown   = "aguarde_novo_registro" // a check-in within the cool-down
)

// Level is a point of the mood and energy scale in tenths: 10 is 1.0, 50 is 5.0
// (spec §9: 1 to 5, step 0.1). Tenths keep the rounding exact: 2.3 is 23, never 22.999….
type Level int

// The scale's ends.
const (
	MinLevel Level = 10
	MaxLevel Level = 50
)

// Float is the level as a number with one decimal (3.4).
func (l Level) Float() float64 { return float64(l) / 10 }

// String is the level with one decimal ("3.4").
func (l Level) String() string { return fmt.Sprintf("%d.%d", int(l)/10, int(l)%10) }

// Valid tells whether the level lies on the scale.
func (l Level) Valid() bool { return l >= MinLevel && l <= MaxLevel }

// Band is a third of the scale: the rows and columns of the nine-box.
type Band int

// Bands of the nine-box (spec §2: "a nine box of the team's mood and energy").
const (
	Low  Band = 0 // 1.0 to 2.3
	Mid  Band = 1 // 2.4 to 3.6
	High Band = 2 // 3.7 to 5.0
)

// BandOf places a level in a third of the scale. The scale's 41 points split as 14, 13 and
// 14: the thirds of the range 1..5 are cut at 2.33 and 3.67, and a level belongs to the third
// its value falls in.
func BandOf(l Level) Band {
	switch {
	case l <= 23:
		return Low
	case l <= 36:
		return Mid
	}
	return High
}

// Cool-downs (spec §4, §9: the marker is kept "for 30 minutes (1 minute in test or
// pre-release environments)"). Which environment a request is in is not this package's to
// know (the server derives it from the request's host); it passes the answer in.
const (
	CoolDownProduction = 30 * time.Minute
	CoolDownTrial      = time.Minute // test and pre-release
)

// CoolDown is how long after a check-in the next one is refused (and the panel hidden), in
// a test or pre-release environment (trial) or any other.
func CoolDown(trial bool) time.Duration {
	if trial {
		return CoolDownTrial
	}
	return CoolDownProduction
}

// CheckIn is the command to record how the user feels. The command layer fills the ids.
type CheckIn struct {
	ID         string // the check-in's id
	UserID     string
	UserHash   string
	EmployeeID string // empty for a user without an employee record
	Humor      Level
	Energy     Level
}

// Journal is a user's check-ins, folded to what the rules need: the last check-in's time.
type Journal struct {
	last  time.Time
	count int
}

// New returns an empty journal.
func New() *Journal { return &Journal{} }

// Last is the time of the last check-in (zero if none).
func (j *Journal) Last() time.Time { return j.last }

// Count is the number of check-ins.
func (j *Journal) Count() int { return j.count }

// NextAllowed is when the next check-in is allowed (zero: now).
func (j *Journal) NextAllowed(coolDown time.Duration) time.Time {
	if j.last.IsZero() {
		return time.Time{}
	}
	return j.last.Add(coolDown)
}

// Open tells whether a check-in is allowed at now.
func (j *Journal) Open(now time.Time, coolDown time.Duration) bool {
	return j.last.IsZero() || !now.Before(j.last.Add(coolDown))
}

// CheckIn decides a check-in at now (the server's clock): both levels must lie on the
// scale, and the previous check-in must be at least coolDown old. It returns one CheckedIn.
func (j *Journal) CheckIn(c CheckIn, now time.Time, coolDown time.Duration) ([]Event, error) {
	if c.ID == "" || c.UserID == "" {
		return nil, fmt.Errorf("mood.CheckIn: id and user are required")
	}
	if !c.Humor.Valid() {
		return nil, domain.InvalidField("humor", KeyOutOfScale)
	}
	if !c.Energy.Valid() {
		return nil, domain.InvalidField("energy", KeyOutOfScale)
	}
	if !j.Open(now, coolDown) {
		return nil, domain.Refusal("checkin", KeyCoolDown)
	}
	return []Event{CheckedIn{
		ID: c.ID, UserID: c.UserID, UserHash: c.UserHash, EmployeeID: c.EmployeeID,
		Humor: c.Humor, Energy: c.Energy, CheckedInAt: now,
	}}, nil
}

// Apply changes the state by one event.
func (j *Journal) Apply(e Event) {
	if e, ok := e.(CheckedIn); ok {
		if e.CheckedInAt.After(j.last) {
			j.last = e.CheckedInAt
		}
		j.count++
	}
}

// Clone returns a private copy (caches hand out copies).
func (j *Journal) Clone() *Journal { c := *j; return &c }
