// Package retention keeps a school's personal data no longer than its
// policy says (storage limitation): the policy itself, the daily job that
// deletes what has expired, and the record of processing generated from it.
package retention

import (
	"context"

	"github.com/praksis/praksis/api/settings"
)

// SettingsKey is the row of the school's settings table that holds its policy.
const SettingsKey = "retention"

// Policy is how long one school keeps each kind of personal data. The
// defaults (Default) are documented with their reasons in docs/security.md.
type Policy struct {
	// WorkingDataMonths: how long after the end of a placement's semester
	// its working data is kept: answer sets with answers and comments,
	// warnings, signing forms that never locked, and invitations.
	WorkingDataMonths int `json:"workingDataMonths" description:"Months after the end of a placement's semester that its working data is kept"`
	// InactiveAccountMonths: how long an account that has not signed in, and
	// is in no class whose working data is still kept, is kept. Admins'
	// accounts are never removed by the policy.
	InactiveAccountMonths int `json:"inactiveAccountMonths" description:"Months an account that has not signed in, and is in no class still kept, is kept"`
	// SessionDays: how long a session is kept after it ended.
	SessionDays int `json:"sessionDays" description:"Days a session is kept after it ended"`
	// OneTimeCodeDays: how long a one-time code is kept after it expired.
	OneTimeCodeDays int `json:"oneTimeCodeDays" description:"Days a one-time code is kept after it expired"`
	// UnsentMailDays: how long e-mail that could not be sent is kept (sent
	// e-mail is deleted as soon as it is sent).
	UnsentMailDays int `json:"unsentMailDays" description:"Days e-mail that could not be sent is kept"`
	// ArchivedResultYears: how long an archived, signed result is kept after
	// it was archived; 0 keeps it for good, since it is the school's record
	// (and a copy goes to the school's own archive).
	ArchivedResultYears int `json:"archivedResultYears" description:"Years an archived result is kept; 0: kept for good"`
}

// Default is the policy of a school that has not set its own.
var Default = Policy{
	WorkingDataMonths:     12,
	InactiveAccountMonths: 24,
	SessionDays:           7,
	OneTimeCodeDays:       1,
	UnsentMailDays:        1,
	ArchivedResultYears:   0,
}

// Limit is the accepted range of one field of the policy.
type Limit struct {
	Field    string
	Min, Max int
	get      func(*Policy) *int
}

// Limits lists the fields with their accepted ranges, in the order forms show them.
var Limits = []Limit{
	{"workingDataMonths", 1, 120, func(p *Policy) *int { return &p.WorkingDataMonths }},
	{"inactiveAccountMonths", 1, 120, func(p *Policy) *int { return &p.InactiveAccountMonths }},
	{"sessionDays", 1, 365, func(p *Policy) *int { return &p.SessionDays }},
	{"oneTimeCodeDays", 1, 30, func(p *Policy) *int { return &p.OneTimeCodeDays }},
	{"unsentMailDays", 1, 30, func(p *Policy) *int { return &p.UnsentMailDays }},
	{"archivedResultYears", 0, 100, func(p *Policy) *int { return &p.ArchivedResultYears }},
}

// Value returns the value of the limit's field in p.
func (l Limit) Value(p *Policy) int { return *l.get(p) }

// Set changes the limit's field in p.
func (l Limit) Set(p *Policy, v int) { *l.get(p) = v }

// Invalid names the fields of p outside their range.
func (p Policy) Invalid() []Limit {
	var bad []Limit
	for _, l := range Limits {
		if v := l.Value(&p); v < l.Min || v > l.Max {
			bad = append(bad, l)
		}
	}
	return bad
}

// Load reads the school's policy in the current scope; Default when none is
// set, and the default of any field a stored policy lacks.
func Load(ctx context.Context) (Policy, error) {
	p := Default
	_, err := settings.Load(ctx, SettingsKey, &p)
	return p, err
}

// Save stores a policy in the current scope. The caller has checked it.
func Save(ctx context.Context, p Policy) error { return settings.Save(ctx, SettingsKey, p) }
