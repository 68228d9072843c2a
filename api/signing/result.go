package signing

import (
	"context"
	"fmt"
	"time"

	"github.com/praksis/praksis/tenants"
)

// ByID loads a signing form by id in the current school scope, locking its
// row for the rest of the transaction (archiving and submission use it, so
// two runs of the same job are serialised). It returns ErrNone when there is
// no such form.
func ByID(ctx context.Context, id int64) (*Form, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var f Form
	res := tx.Raw("SELECT "+columns+" FROM signing_forms WHERE id = ? FOR UPDATE", id).Scan(&f)
	if res.Error != nil {
		return nil, fmt.Errorf("load signing form %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNone
	}
	return &f, nil
}

// NamesOf loads the names shown on a form: the signers where signed, else
// the student's teacher and primary supervisor.
func NamesOf(ctx context.Context, f *Form) (*Names, error) { return namesOf(ctx, f) }

// SetArchived records that the result of a locked form was archived at at.
// It reports false, changing nothing, when the form was archived already
// or is not locked.
func SetArchived(ctx context.Context, id int64, at time.Time) (bool, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return false, err
	}
	res := tx.Exec(`UPDATE signing_forms SET assessment_result_archived_at = ?, updated_at = now()
		WHERE id = ? AND is_locked AND assessment_result_archived_at IS NULL`, at, id)
	if res.Error != nil {
		return false, fmt.Errorf("mark signing form %d archived: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// SetSubmitted records that the archived result of a form was submitted to
// the student administration system at at. It reports false, changing
// nothing, when it was submitted already or is not archived.
func SetSubmitted(ctx context.Context, id int64, at time.Time) (bool, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return false, err
	}
	res := tx.Exec(`UPDATE signing_forms SET assessment_result_submitted_at = ?, updated_at = now()
		WHERE id = ? AND assessment_result_archived_at IS NOT NULL AND assessment_result_submitted_at IS NULL`, at, id)
	if res.Error != nil {
		return false, fmt.Errorf("mark signing form %d submitted: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}
