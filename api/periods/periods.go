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

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/tenants"
)

// Date is a calendar date sent as YYYY-MM-DD.
type Date struct{ time.Time }

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

// Period is a semester.
type Period struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	StartDate Date   `json:"startDate"`
	EndDate   Date   `json:"endDate"`
	Status    Status `json:"status"`
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

// Clock is today's date for the rules; tests replace it.
var Clock = time.Now

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
	today := Clock()
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
	list, err := List(ctx)
	if err != nil {
		return nil, err
	}
	var current *Period
	for i, p := range list {
		switch p.Status {
		case Future:
			return nil, apperror.Conflictf("periods.futureExists").With("Name", p.Name)
		case Current:
			if current == nil {
				current = &list[i]
			}
		}
	}
	next := Next(current, Clock())
	next.Status = next.StatusOn(Clock())
	return &next, nil
}

// CreateNext creates the next semester. The caller may send the name and
// dates it showed the admin; they must match the rule, so a stale modal
// cannot create a semester nobody confirmed.
func CreateNext(ctx context.Context, shown *Period) (*Period, error) {
	next, err := Proposal(ctx)
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
	return next, nil
}

// HandleList serves GET /api/periods.
func HandleList(c *echo.Context) error {
	list, err := List(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// HandleGet serves GET /api/periods/{id}.
func HandleGet(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	p, err := Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// HandleNext serves GET /api/periods/next: the semester the create modal
// proposes (409 when a future one exists).
func HandleNext(c *echo.Context) error {
	p, err := Proposal(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// HandleCreate serves POST /api/periods.
func HandleCreate(c *echo.Context) error {
	var shown Period
	if c.Request().ContentLength != 0 {
		if err := request.JSON(c, &shown); err != nil {
			return err
		}
	}
	p, err := CreateNext(c.Request().Context(), &shown)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}
