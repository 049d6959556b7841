// Package fence holds the rules of virtual fences (cercas): a named centre and a radius in
// metres that HR draws on a map and assigns to employees or departments. A punch is inside
// the area when it falls within the radius of one of the employee's effective fences (their
// own assignments plus their department's); see domain/clock.RegisterMark.
// spec: issue 30 "Fences (cerca)"; portal-core §2 (/apps/admin-rh/cerca, /apps/rh/cerca).
package fence

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"portal/domain"
)

// Radius bounds in metres (issue 30: "radius 50–5,000 m").
const (
	MinRadius = 50
	MaxRadius = 5000
	// MaxName bounds a fence's name in characters.
	MaxName = 120
	// MaxTargets bounds the employees or the departments one fence is assigned to.
	MaxTargets = 5000
)

// Error keys of the fence rules (translated by the web app's validation namespace).
const (
	KeyRadiusRange = "raio_fora_intervalo"
	KeyRemoved     = "cerca_removida"
)

// Stream names one fence's history, "fence-<fenceId>": every change of the fence is an
// event there, and the audit area reads it by this name.
func Stream(id fmt.Stringer) string { return "fence-" + id.String() }

// Stable event types (docs/api.md "Events of the fences").
const (
	TypeCreated  = "fence.created.v1"
	TypeChanged  = "fence.changed.v1"
	TypeRemoved  = "fence.removed.v1"
	TypeAssigned = "fence.assigned.v1"
)

// Event is something that happened to a fence.
type Event interface{ EventType() string }

// Created says HR drew a new fence.
type Created struct {
	FenceID string  `json:"fenceId"`
	Name    string  `json:"name"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
	Radius  int     `json:"radius"` // metres
}

// Changed says HR edited a fence; it carries every field's new value and the old ones.
type Changed struct {
	FenceID string  `json:"fenceId"`
	Name    string  `json:"name"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
	Radius  int     `json:"radius"`
	Before  Shape   `json:"before"`
}

// Removed says HR removed a fence: it no longer counts for anybody's punch.
type Removed struct {
	FenceID string `json:"fenceId"`
}

// Assigned says HR set who a fence applies to: the whole list of employees and departments
// (ids), replacing the previous one; Added and Dropped name the difference for the timeline.
type Assigned struct {
	FenceID     string   `json:"fenceId"`
	Employees   []string `json:"employees"`
	Departments []string `json:"departments"`
	Added       []string `json:"added,omitempty"`
	Dropped     []string `json:"dropped,omitempty"`
}

// EventType implements Event.
func (Created) EventType() string { return TypeCreated }

// EventType implements Event.
func (Changed) EventType() string { return TypeChanged }

// EventType implements Event.
func (Removed) EventType() string { return TypeRemoved }

// EventType implements Event.
func (Assigned) EventType() string { return TypeAssigned }

var (
	_ Event = Created{}
	_ Event = Changed{}
	_ Event = Removed{}
	_ Event = Assigned{}
)

// Shape is what HR edits of a fence: its name, centre and radius.
type Shape struct {
	Name   string  `json:"name"`
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
	Radius int     `json:"radius"`
}

// Validate checks a shape (name required, coordinates in range, radius 50–5,000 m) and
// returns it with the name trimmed.
func (s Shape) Validate() (Shape, error) {
	s.Name = strings.TrimSpace(s.Name)
	switch {
	case s.Name == "":
		return s, domain.InvalidField("name", domain.KeyRequired)
	case utf8.RuneCountInString(s.Name) > MaxName:
		return s, domain.InvalidField("name", domain.KeyTooLong)
	case !finite(s.Lat) || s.Lat < -90 || s.Lat > 90:
		return s, domain.InvalidField("lat", domain.KeyInvalid)
	case !finite(s.Lon) || s.Lon < -180 || s.Lon > 180:
		return s, domain.InvalidField("lon", domain.KeyInvalid)
	case s.Radius < MinRadius || s.Radius > MaxRadius:
		return s, domain.InvalidField("radius", KeyRadiusRange)
	}
	return s, nil
}

// Fence is a fence's state, folded from its stream.
type Fence struct {
	ID          string
	Shape       Shape
	Employees   []string
	Departments []string
	Exists      bool // created
	Removed     bool
}

// Apply folds one event into the state.
func (f *Fence) Apply(e Event) {
	switch e := e.(type) {
	case Created:
		f.ID, f.Exists = e.FenceID, true
		f.Shape = Shape{Name: e.Name, Lat: e.Lat, Lon: e.Lon, Radius: e.Radius}
	case Changed:
		f.Shape = Shape{Name: e.Name, Lat: e.Lat, Lon: e.Lon, Radius: e.Radius}
	case Removed:
		f.Removed = true
	case Assigned:
		f.Employees, f.Departments = e.Employees, e.Departments
	}
}

// Create decides a new fence with id. A fence that exists already (a retried command with
// another id cannot reach it: ids are new) is a conflict.
func (f *Fence) Create(id string, s Shape) ([]Event, error) {
	s, err := s.Validate()
	if err != nil {
		return nil, err
	}
	if f.Exists {
		return nil, &domain.Error{Kind: domain.Conflict, Field: "fenceId", Key: domain.KeyInvalid}
	}
	return []Event{Created{FenceID: id, Name: s.Name, Lat: s.Lat, Lon: s.Lon, Radius: s.Radius}}, nil
}

// Edit decides a change of shape; nothing when nothing changes.
func (f *Fence) Edit(s Shape) ([]Event, error) {
	s, err := s.Validate()
	if err != nil {
		return nil, err
	}
	if err := f.live(); err != nil {
		return nil, err
	}
	if s == f.Shape {
		return nil, nil
	}
	return []Event{Changed{FenceID: f.ID, Name: s.Name, Lat: s.Lat, Lon: s.Lon, Radius: s.Radius, Before: f.Shape}}, nil
}

// Remove decides the removal of a fence.
func (f *Fence) Remove() ([]Event, error) {
	if err := f.live(); err != nil {
		return nil, err
	}
	return []Event{Removed{FenceID: f.ID}}, nil
}

// Assign decides the new list of employees and departments (ids the caller has checked
// exist in the tenant); nothing when the lists do not change.
func (f *Fence) Assign(employees, departments []string) ([]Event, error) {
	if err := f.live(); err != nil {
		return nil, err
	}
	if len(employees) > MaxTargets {
		return nil, domain.InvalidField("employees", domain.KeyTooLong)
	}
	if len(departments) > MaxTargets {
		return nil, domain.InvalidField("departments", domain.KeyTooLong)
	}
	employees, departments = set(employees), set(departments)
	if slices.Equal(employees, set(f.Employees)) && slices.Equal(departments, set(f.Departments)) {
		return nil, nil
	}
	before := append(set(f.Employees), set(f.Departments)...)
	after := append(slices.Clone(employees), departments...)
	return []Event{Assigned{FenceID: f.ID, Employees: employees, Departments: departments,
		Added: minus(after, before), Dropped: minus(before, after)}}, nil
}

func (f *Fence) live() error {
	if !f.Exists {
		return &domain.Error{Kind: domain.NotFound, Field: "fenceId", Key: domain.KeyNotFound}
	}
	if f.Removed {
		return &domain.Error{Kind: domain.NotFound, Field: "fenceId", Key: KeyRemoved}
	}
	return nil
}

// set is ids sorted without repeats (never nil, so the stored JSON is a list).
func set(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	out = slices.Compact(out)
	if out == nil {
		out = []string{}
	}
	return out
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
