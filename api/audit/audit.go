// Package audit writes the append-only record of changes that matter for a
// student's outcome or a school's set-up: who did what to which entity, and
// when. Rows are written in the request's transaction, so a change and its
// record commit or roll back together.
package audit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/tenants"
)

// Entry is one audited change. Action names what happened
// ("form.updated"); Entity and EntityID name what it happened to. The
// student and class, when known, let an auditor follow one placement.
// Details hold the values that explain the change (never answers or free
// text about a student).
type Entry struct {
	Action        string
	Entity        string
	EntityID      int64
	StudentUserID int64
	ClassID       int64
	Details       map[string]any
}

func nullable(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// Record writes e with the request's caller as actor (none for jobs and
// commands). It fails only when the row cannot be written, which must
// abort the change it describes.
func Record(ctx context.Context, e Entry) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var actor any
	if c := auth.CallerFrom(ctx); c != nil {
		actor = c.UserID
	}
	details := []byte("{}")
	if len(e.Details) > 0 {
		if details, err = json.Marshal(e.Details); err != nil {
			return fmt.Errorf("encode audit details of %s: %w", e.Action, err)
		}
	}
	if err := tx.Exec(`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, student_user_id, class_id, details)
		VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)`, actor, e.Action, e.Entity, nullable(e.EntityID), nullable(e.StudentUserID),
		nullable(e.ClassID), string(details)).Error; err != nil {
		return fmt.Errorf("audit %s of %s %d: %w", e.Action, e.Entity, e.EntityID, err)
	}
	return nil
}
