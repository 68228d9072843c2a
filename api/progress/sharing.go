package progress

import (
	"context"
	"fmt"
	"time"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/tenants"
)

// Sharing is whether a student shares the end results of their earlier
// placements with the teachers and supervisors of a current placement.
type Sharing struct {
	Shared   bool       `json:"shared"`
	SharedAt *time.Time `json:"sharedAt" description:"Since when; null when not shared"`
}

// Share records the calling student's consent to share (kept as it was
// when already given) and audits it. The route lets only students call it.
func Share(ctx context.Context) (*Sharing, error) {
	return setSharing(ctx, true)
}

// Unshare takes the calling student's consent back (no change when none
// was given) and audits it; from then on only the student and the school's
// admins see the earlier placements.
func Unshare(ctx context.Context) (*Sharing, error) {
	return setSharing(ctx, false)
}

func setSharing(ctx context.Context, share bool) (*Sharing, error) {
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		SharedAt *time.Time
		Changed  bool
	}
	q := `WITH gone AS (DELETE FROM progress_sharing WHERE student_user_id = @me RETURNING 1)
		SELECT NULL::timestamptz AS shared_at, EXISTS (SELECT 1 FROM gone) AS changed`
	if share {
		q = `WITH made AS (INSERT INTO progress_sharing (student_user_id) VALUES (@me) ON CONFLICT DO NOTHING RETURNING shared_at)
			SELECT coalesce((SELECT shared_at FROM made), (SELECT shared_at FROM progress_sharing WHERE student_user_id = @me)) AS shared_at,
				EXISTS (SELECT 1 FROM made) AS changed`
	}
	if err := tx.Raw(q, map[string]any{"me": caller.UserID}).Scan(&row).Error; err != nil {
		return nil, fmt.Errorf("set the progress sharing of student %d to %t: %w", caller.UserID, share, err)
	}
	if row.Changed {
		action := "progress.unshared"
		if share {
			action = "progress.shared"
		}
		if err := audit.Record(ctx, audit.Entry{Action: action, Entity: "user", EntityID: caller.UserID, StudentUserID: caller.UserID}); err != nil {
			return nil, err
		}
	}
	return &Sharing{Shared: row.SharedAt != nil, SharedAt: row.SharedAt}, nil
}
