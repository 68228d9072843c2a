package reminders

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/settings"
	"github.com/praksis/praksis/tenants"
)

// settingsKey is the school setting that says when reminders go.
const settingsKey = "reminders"

// MaxDaysBefore bounds how long before a deadline a reminder may go, and
// MaxSteps how many reminders may go before one.
const (
	MaxDaysBefore = 30
	MaxSteps      = 5
)

// Schedule is when a school's deadline reminders go.
type Schedule struct {
	DaysBefore []int `json:"daysBefore" required:"true" maxItems:"5" description:"Days before a deadline that a reminder goes to whoever has not delivered (0 is the due day itself), each 0 to 30, at most five; empty sends none before"`
	Overdue    bool  `json:"overdue" description:"Whether one notice goes when a deadline has passed undelivered (within a week of it)"`
}

// DefaultSchedule is when reminders go in a school that has not chosen: 3
// days and 1 day before, and once when overdue.
var DefaultSchedule = Schedule{DaysBefore: []int{3, 1}, Overdue: true}

// LoadSchedule returns when the current school's reminders go.
func LoadSchedule(ctx context.Context) (Schedule, error) {
	s := DefaultSchedule
	if _, err := settings.Load(ctx, settingsKey, &s); err != nil {
		return Schedule{}, err
	}
	if s.DaysBefore == nil {
		s.DaysBefore = []int{}
	}
	return s, nil
}

// SaveSchedule checks and stores when the current school's reminders go,
// the days in descending order without repeats.
func SaveSchedule(ctx context.Context, s Schedule) (Schedule, error) {
	if s.DaysBefore == nil {
		return Schedule{}, apperror.Invalidf("error.invalid").Field("daysBefore", "reminders.daysBeforeRequired", nil)
	}
	days := slices.Clone(s.DaysBefore)
	slices.Sort(days)
	days = slices.Compact(days)
	slices.Reverse(days)
	if len(days) > MaxSteps {
		return Schedule{}, apperror.Invalidf("error.invalid").Field("daysBefore", "reminders.tooManySteps", map[string]any{"Max": MaxSteps})
	}
	for _, d := range days {
		if d < 0 || d > MaxDaysBefore {
			return Schedule{}, apperror.Invalidf("error.invalid").Field("daysBefore", "reminders.daysBeforeRange", map[string]any{"Max": MaxDaysBefore})
		}
	}
	s.DaysBefore = days
	if err := settings.Save(ctx, settingsKey, s); err != nil {
		return Schedule{}, err
	}
	return s, nil
}

// Kind is a kind of reminder a person may turn off.
type Kind string

// The kinds.
const (
	// Before is a reminder before a deadline.
	Before Kind = "before"
	// Overdue is the notice that a deadline has passed undelivered.
	Overdue Kind = "overdue"
	// Digest is a teacher's daily list of late students.
	Digest Kind = "digest"
)

// Choices are the kinds of reminders a person gets.
type Choices struct {
	Before  bool `json:"before" description:"Reminders before a deadline of one's own"`
	Overdue bool `json:"overdue" description:"A notice when a deadline of one's own has passed undelivered"`
	Digest  bool `json:"digest" description:"For teachers: a daily list of their late students"`
}

// LoadChoices returns which reminders the user gets.
func LoadChoices(ctx context.Context, userID int64) (Choices, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return Choices{}, err
	}
	var off []Kind
	if err := tx.Raw("SELECT kind FROM reminder_opt_outs WHERE user_id = ?", userID).Scan(&off).Error; err != nil {
		return Choices{}, fmt.Errorf("read reminder choices of user %d: %w", userID, err)
	}
	return Choices{Before: !slices.Contains(off, Before), Overdue: !slices.Contains(off, Overdue), Digest: !slices.Contains(off, Digest)}, nil
}

// SaveChoices stores which reminders the user gets, in one statement.
func SaveChoices(ctx context.Context, userID int64, c Choices) (Choices, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return Choices{}, err
	}
	off := []string{}
	for k, on := range map[Kind]bool{Before: c.Before, Overdue: c.Overdue, Digest: c.Digest} {
		if !on {
			off = append(off, string(k))
		}
	}
	list, err := json.Marshal(off)
	if err != nil {
		return Choices{}, fmt.Errorf("encode reminder choices: %w", err)
	}
	if err := tx.Exec(`WITH off AS (SELECT k FROM json_array_elements_text(CAST(@off AS json)) k),
		gone AS (DELETE FROM reminder_opt_outs WHERE user_id = @u AND kind NOT IN (SELECT k FROM off))
		INSERT INTO reminder_opt_outs (user_id, kind) SELECT @u, k FROM off ON CONFLICT DO NOTHING`,
		map[string]any{"u": userID, "off": string(list)}).Error; err != nil {
		return Choices{}, fmt.Errorf("save reminder choices of user %d: %w", userID, err)
	}
	return c, nil
}

// Routes of the reminder settings: the school's schedule for admins (the
// route table checks the role), and each signed-in person's own choices.
var (
	// HandleSchedule serves GET /api/admin/reminders.
	HandleSchedule = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (Schedule, error) {
		return LoadSchedule(ctx)
	})
	// HandleSaveSchedule serves PUT /api/admin/reminders.
	HandleSaveSchedule = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, s Schedule) (Schedule, error) {
		return SaveSchedule(ctx, s)
	})
	// HandleChoices serves GET /api/me/reminders.
	HandleChoices = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (Choices, error) {
		c, err := auth.SignedIn(ctx)
		if err != nil {
			return Choices{}, err
		}
		return LoadChoices(ctx, c.UserID)
	})
	// HandleSaveChoices serves PUT /api/me/reminders.
	HandleSaveChoices = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, ch Choices) (Choices, error) {
		c, err := auth.SignedIn(ctx)
		if err != nil {
			return Choices{}, err
		}
		return SaveChoices(ctx, c.UserID, ch)
	})
)
