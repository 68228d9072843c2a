package retention

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/erasure"
)

// Batch is the most rows one statement deletes: each batch is its own
// transaction, so the sweep never holds locks on many rows for long.
const Batch = 500

// accountBatch is how many accounts one transaction erases (each erasure
// touches a dozen tables).
const accountBatch = 20

// Runner runs fn in a new transaction in one school's scope (the registry's
// Scope for that school).
type Runner func(ctx context.Context, fn func(ctx context.Context, tx *gorm.DB) error) error

// Report counts what one sweep removed, by table (accounts: the accounts
// erased, whose own rows are counted by erasure in their audit rows).
type Report struct {
	Removed map[string]int64 `json:"removed"`
}

// Total is the number of rows removed.
func (r Report) Total() int64 {
	var n int64
	for _, v := range r.Removed {
		n += v
	}
	return n
}

// rule deletes at most Batch rows that the policy no longer keeps. Its SQL
// takes the named arguments of cutoffs.
type rule struct {
	table string
	sql   string
}

// cutoffs are the moments before which each kind of data has expired.
func cutoffs(p Policy, now time.Time) map[string]any {
	return map[string]any{
		"now":          now,
		"working":      now.AddDate(0, -p.WorkingDataMonths, 0).Format(time.DateOnly),
		"accounts":     now.AddDate(0, -p.InactiveAccountMonths, 0),
		"sessions":     now.AddDate(0, 0, -p.SessionDays),
		"codes":        now.AddDate(0, 0, -p.OneTimeCodeDays),
		"mail":         now.AddDate(0, 0, -p.UnsentMailDays),
		"results":      now.AddDate(-p.ArchivedResultYears, 0, 0),
		"keep_results": p.ArchivedResultYears == 0,
		"batch":        Batch,
	}
}

// expiredClasses are the classes whose semester ended before the working-data cutoff.
const expiredClasses = `(SELECT c.id FROM classes c JOIN periods p ON p.id = c.period_id WHERE p.end_date < @working)`

// shortLived are the rules for what sign-in leaves behind and for copies of
// a person's data; the hourly sign-in clean-up runs them too.
var shortLived = []rule{
	{table: "sessions", sql: `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions
		WHERE least(expires_at, coalesce(revoked_at, expires_at)) < @sessions LIMIT @batch)`},
	{table: "one_time_codes", sql: `DELETE FROM one_time_codes WHERE id IN (SELECT id FROM one_time_codes
		WHERE expires_at < @codes LIMIT @batch)`},
	{table: "mail_outbox", sql: `DELETE FROM mail_outbox WHERE id IN (SELECT id FROM mail_outbox
		WHERE created_at < @mail LIMIT @batch)`},
	{table: "data_copies", sql: `DELETE FROM data_copies WHERE id IN (SELECT id FROM data_copies
		WHERE expires_at < @now LIMIT @batch)`},
}

// workingData are the rules for a placement's working rows once its
// semester is past the policy's time. A locked signing form is the result
// and is kept with the archived result.
var workingData = []rule{
	{table: "answer_sets", sql: `DELETE FROM answer_sets WHERE id IN (SELECT id FROM answer_sets
		WHERE class_id IN ` + expiredClasses + ` LIMIT @batch)`},
	{table: "warnings", sql: `DELETE FROM warnings WHERE id IN (SELECT id FROM warnings
		WHERE class_id IN ` + expiredClasses + ` LIMIT @batch)`},
	{table: "signing_forms", sql: `DELETE FROM signing_forms WHERE id IN (SELECT id FROM signing_forms
		WHERE NOT is_locked AND class_id IN ` + expiredClasses + ` LIMIT @batch)`},
	{table: "supervisor_invitations", sql: `DELETE FROM supervisor_invitations WHERE id IN (SELECT id FROM supervisor_invitations
		WHERE class_id IN ` + expiredClasses + ` LIMIT @batch)`},
}

// expiredResults lists archived results (by signing form) older than the
// policy's time, when it sets one.
const expiredResults = `SELECT signing_form_id FROM result_archive
	WHERE NOT @keep_results AND archived_at < @results ORDER BY id LIMIT @batch`

// inactiveAccounts finds accounts the policy no longer keeps: not an admin,
// no sign-in since the cutoff, in no class whose data is still kept, in no
// open signing form, and not already erased.
const inactiveAccounts = `SELECT u.id FROM users u
	WHERE coalesce(u.last_signed_in_at, u.created_at) < @accounts
	  AND u.updated_at < @accounts
	  AND u.email NOT LIKE '%@erased.invalid'
	  AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = 1)
	  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.last_seen_at >= @accounts)
	  AND NOT EXISTS (
		SELECT 1 FROM classes c JOIN periods p ON p.id = c.period_id
		WHERE p.end_date >= @working AND (
			EXISTS (SELECT 1 FROM class_students m WHERE m.class_id = c.id AND m.user_id = u.id)
			OR EXISTS (SELECT 1 FROM class_teachers m WHERE m.class_id = c.id AND m.user_id = u.id)
			OR EXISTS (SELECT 1 FROM class_advisors m WHERE m.class_id = c.id AND m.user_id = u.id)))
	  AND NOT EXISTS (SELECT 1 FROM signing_forms sf JOIN student_references sr ON sr.id = sf.student_reference_id
		WHERE NOT sf.is_locked AND (sf.student_user_id = u.id OR sr.advisor_user_id = u.id OR sr.teacher_user_id = u.id
			OR sf.signed_by_teacher_user_id = u.id OR sf.signed_by_advisor_user_id = u.id))
	ORDER BY u.id LIMIT @limit`

// Sweep deletes, in batches, what one school's policy no longer keeps at
// now, and writes one audit row with the counts when anything went. It is
// idempotent: a second sweep at the same moment removes nothing.
func Sweep(ctx context.Context, run Runner, now time.Time) (Report, error) {
	r := Report{Removed: map[string]int64{}}
	var p Policy
	if err := run(ctx, func(ctx context.Context, _ *gorm.DB) (err error) {
		p, err = Load(ctx)
		return err
	}); err != nil {
		return r, err
	}
	args := cutoffs(p, now)
	for _, rules := range [][]rule{workingData, shortLived} {
		for _, ru := range rules {
			if err := drain(ctx, run, ru, args, r.Removed); err != nil {
				return r, err
			}
		}
	}
	if err := dropArchivedResults(ctx, run, args, r.Removed); err != nil {
		return r, err
	}
	if err := eraseInactive(ctx, run, args, r.Removed); err != nil {
		return r, err
	}
	if r.Total() == 0 {
		return r, nil
	}
	return r, run(ctx, func(ctx context.Context, _ *gorm.DB) error {
		return audit.Record(ctx, audit.Entry{Action: "retention.swept", Entity: "school",
			Details: map[string]any{"removed": r.Removed, "policy": p}})
	})
}

// drain runs one rule until a batch deletes nothing.
func drain(ctx context.Context, run Runner, ru rule, args map[string]any, into map[string]int64) error {
	for {
		var n int64
		err := run(ctx, func(ctx context.Context, tx *gorm.DB) error {
			res := tx.Exec(ru.sql, args)
			n = res.RowsAffected
			return res.Error
		})
		if err != nil {
			return fmt.Errorf("delete expired %s: %w", ru.table, err)
		}
		if n == 0 {
			return nil
		}
		into[ru.table] += n
	}
}

// dropArchivedResults deletes archived results older than the policy's
// time, with their delivery rows and locked signing forms. The archive's
// trigger refuses this unless the transaction is marked as the sweep's.
func dropArchivedResults(ctx context.Context, run Runner, args map[string]any, into map[string]int64) error {
	for {
		var ids []int64
		err := run(ctx, func(ctx context.Context, tx *gorm.DB) error {
			if err := tx.Raw(expiredResults, args).Scan(&ids).Error; err != nil || len(ids) == 0 {
				return err
			}
			for _, stmt := range []string{
				"SELECT set_config('praksis.retention', 'expired-results', true)",
				"DELETE FROM archive_deliveries WHERE signing_form_id IN ?",
				"DELETE FROM result_archive WHERE signing_form_id IN ?",
				"DELETE FROM signing_forms WHERE id IN ?",
			} {
				var err error
				if strings.Contains(stmt, "?") {
					err = tx.Exec(stmt, ids).Error
				} else {
					err = tx.Exec(stmt).Error
				}
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("delete expired archived results: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		into["result_archive"] += int64(len(ids))
	}
}

// eraseInactive erases the accounts the policy no longer keeps, a few per
// transaction.
func eraseInactive(ctx context.Context, run Runner, args map[string]any, into map[string]int64) error {
	batch := map[string]any{"limit": accountBatch}
	for k, v := range args {
		batch[k] = v
	}
	for {
		var ids []int64
		err := run(ctx, func(ctx context.Context, tx *gorm.DB) error {
			if err := tx.Raw(inactiveAccounts, batch).Scan(&ids).Error; err != nil {
				return err
			}
			for _, id := range ids {
				if _, err := erasure.Erase(ctx, id); err != nil {
					return fmt.Errorf("erase inactive account %d: %w", id, err)
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("erase inactive accounts: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		into["accounts"] += int64(len(ids))
	}
}

// CleanSignIn deletes, in the current scope's transaction, the sessions,
// one-time codes, unsent e-mail and data copies the school's policy no
// longer keeps: the hourly part of the policy.
func CleanSignIn(ctx context.Context, tx *gorm.DB, now time.Time) error {
	p, err := Load(ctx)
	if err != nil {
		return err
	}
	args := cutoffs(p, now)
	for _, ru := range shortLived {
		for {
			res := tx.Exec(ru.sql, args)
			if res.Error != nil {
				return fmt.Errorf("delete expired %s: %w", ru.table, res.Error)
			}
			if res.RowsAffected < Batch {
				break
			}
		}
	}
	return nil
}
