// Package periods owns semesters: 'Vår 2027' runs 1 January to 30 June,
// 'Høst 2026' 1 July to 31 December. A semester is previous, current or
// future by its dates; the next one is derived from the current one so that
// admins never type semester names or dates by hand.
package periods

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/praksis/praksis/api/clock"

	"github.com/swaggest/jsonschema-go"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/tenants"
)

// Date is a calendar date sent as YYYY-MM-DD.
type Date struct{ time.Time }

// JSONSchema documents a Date as the string it is sent as.
func (Date) JSONSchema() (jsonschema.Schema, error) {
	var s jsonschema.Schema
	s.AddType(jsonschema.String)
	s.WithFormat("date").WithExamples("2026-08-15")
	return s, nil
}

// DateOf makes a Date.
func DateOf(y int, m time.Month, d int) Date { return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)} }

// MarshalJSON writes YYYY-MM-DD.
func (d Date) MarshalJSON() ([]byte, error) { return []byte(`"` + d.Format(time.DateOnly) + `"`), nil }

// UnmarshalJSON reads YYYY-MM-DD.
func (d *Date) UnmarshalJSON(b []byte) error {
	t, err := time.Parse(time.DateOnly, strings.Trim(string(b), `"`))
	if err != nil {
		return fmt.Errorf("date must be YYYY-MM-DD: %w", err)
	}
	d.Time = t
	return nil
}

// Status says where a semester lies relative to today.
type Status string

// The statuses.
const (
	Previous Status = "previous"
	Current  Status = "current"
	Future   Status = "future"
)

// Enum lists the statuses for the API document.
func (Status) Enum() []any { return []any{Previous, Current, Future} }

// Period is a semester.
type Period struct {
	ID        int64  `json:"id"`
	Name      string `json:"name" example:"Høst 2026" description:"'Vår YYYY' (1 January to 30 June) or 'Høst YYYY' (1 July to 31 December)"`
	StartDate Date   `json:"startDate"`
	EndDate   Date   `json:"endDate"`
	Status    Status `json:"status" description:"Where the semester lies relative to today"`
}

// StatusOn derives the status on a day.
func (p Period) StatusOn(today time.Time) Status {
	day := DateOf(today.Year(), today.Month(), today.Day()).Time
	switch {
	case day.Before(p.StartDate.Time):
		return Future
	case day.After(p.EndDate.Time):
		return Previous
	}
	return Current
}

// Next returns the semester that follows, by the rule of spec §9: after a
// current 'Høst YYYY' comes 'Vår YYYY+1' (1 January to 30 June); after any
// other current semester 'Høst YYYY' (1 July to 31 December). With no
// current semester, from July on it is 'Høst' of this year, before it 'Vår'.
func Next(current *Period, today time.Time) Period {
	year := today.Year()
	autumn := today.Month() >= time.July
	if current != nil {
		year = current.StartDate.Year()
		if strings.Contains(current.Name, "Høst") {
			return spring(year + 1)
		}
		return fall(year)
	}
	if autumn {
		return fall(year)
	}
	return spring(year)
}

func spring(y int) Period {
	return Period{Name: "Vår " + strconv.Itoa(y), StartDate: DateOf(y, time.January, 1), EndDate: DateOf(y, time.June, 30)}
}

func fall(y int) Period {
	return Period{Name: "Høst " + strconv.Itoa(y), StartDate: DateOf(y, time.July, 1), EndDate: DateOf(y, time.December, 31)}
}

// List returns every semester, newest first, with its status.
func List(ctx context.Context) ([]Period, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID        int64
		Name      string
		StartDate time.Time
		EndDate   time.Time
	}
	if err := tx.Raw("SELECT id, name, start_date, end_date FROM periods ORDER BY start_date DESC").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("list semesters: %w", err)
	}
	today := clock.Now(ctx)
	out := make([]Period, len(rows))
	for i, r := range rows {
		p := Period{ID: r.ID, Name: r.Name, StartDate: Date{r.StartDate.UTC()}, EndDate: Date{r.EndDate.UTC()}}
		p.Status = p.StatusOn(today)
		out[i] = p
	}
	return out, nil
}

// Get returns one semester.
func Get(ctx context.Context, id int64) (*Period, error) {
	list, err := List(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range list {
		if p.ID == id {
			return &p, nil
		}
	}
	return nil, apperror.NotFoundf("error.notFound")
}

// Proposal returns the semester that CreateNext would create, or a conflict
// when a future semester already exists.
func Proposal(ctx context.Context) (*Period, error) {
	next, _, err := proposal(ctx)
	return next, err
}

// proposal returns the next semester and the current one it follows (nil
// when no semester is current).
func proposal(ctx context.Context) (*Period, *Period, error) {
	list, err := List(ctx)
	if err != nil {
		return nil, nil, err
	}
	var current *Period
	for i, p := range list {
		switch p.Status {
		case Future:
			return nil, nil, apperror.Conflictf("periods.futureExists").With("Name", p.Name)
		case Current:
			if current == nil {
				current = &list[i]
			}
		}
	}
	now := clock.Now(ctx)
	next := Next(current, now)
	next.Status = next.StatusOn(now)
	return &next, current, nil
}

// Carry copies what a semester passes on to the next one (its deadline
// rules) inside the transaction that creates it.
type Carry func(ctx context.Context, from, to *Period) error

// CreateNext creates the next semester. The caller may send the name and
// dates it showed the admin; they must match the rule, so a stale modal
// cannot create a semester nobody confirmed. When a semester is current,
// each carry copies what it passes on to the new one.
func CreateNext(ctx context.Context, shown *Period, carry ...Carry) (*Period, error) {
	next, current, err := proposal(ctx)
	if err != nil {
		return nil, err
	}
	if shown != nil && shown.Name != "" && (shown.Name != next.Name || !shown.StartDate.Equal(next.StartDate.Time) || !shown.EndDate.Equal(next.EndDate.Time)) {
		return nil, apperror.Conflictf("periods.proposalChanged").With("Name", next.Name)
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if err := tx.Raw("INSERT INTO periods (name, start_date, end_date) VALUES (?, ?, ?) RETURNING id",
		next.Name, next.StartDate.Time, next.EndDate.Time).Scan(&next.ID).Error; err != nil {
		if pgerr.IsUnique(err) {
			return nil, apperror.Conflictf("periods.futureExists").With("Name", next.Name)
		}
		return nil, fmt.Errorf("create semester %s: %w", next.Name, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "period.created", Entity: "period", EntityID: next.ID,
		Details: map[string]any{"name": next.Name, "startDate": next.StartDate.Format(time.DateOnly), "endDate": next.EndDate.Format(time.DateOnly)}}); err != nil {
		return nil, err
	}
	if current != nil {
		for _, c := range carry {
			if err := c(ctx, current, next); err != nil {
				return nil, fmt.Errorf("carry %s over to %s: %w", current.Name, next.Name, err)
			}
		}
	}
	return next, nil
}

// ByID names one semester in the path.
type ByID struct {
	ID int64 `path:"id" description:"The semester's id"`
}

// Routes of the semesters. A proposal and creation are for admins (the
// route table checks the role); everyone signed in reads them.
var (
	// HandleList serves GET /api/periods.
	HandleList = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Period, error) { return List(ctx) })
	// HandleGet serves GET /api/periods/{id}.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p ByID) (*Period, error) { return Get(ctx, p.ID) })
	// HandleNext serves GET /api/periods/next: the semester the create
	// modal proposes (409 when a future one exists).
	HandleNext = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Period, error) { return Proposal(ctx) })
)

// HandleCreate serves POST /api/periods; the body, when sent, repeats what
// the modal showed. carry copies what the current semester passes on.
func HandleCreate(carry ...Carry) edge.Endpoint {
	return edge.WriteOptional(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, shown Period) (*Period, error) {
		return CreateNext(ctx, &shown, carry...)
	})
}
