package tenants

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"time"

	"gorm.io/gorm"
)

// DefaultBackupRetention is how far back the cluster's backups reach when
// they are kept as deploy/BACKUP.md sets them up: four weekly full backups
// and all WAL since the oldest, so any moment of the last 28 days.
const DefaultBackupRetention = 28 * 24 * time.Hour

// keptTables are the tables a restore leaves as they are in the live
// school: the audit trail is append-only and must keep what happened after
// the moment (the restore among it), and mail sent after the moment must
// not go out twice. Neither has foreign keys.
var keptTables = []string{"audit_log", "mail_outbox"}

// ErrRestoreRefused is wrapped by every refusal of RestoreAt: nothing was
// changed.
var ErrRestoreRefused = errors.New("restore refused, nothing changed")

// RestoreParams say which school to bring back to which moment, from where.
type RestoreParams struct {
	Slug string
	// From is a postgres:// URL of a copy of the database restored to At
	// (a scratch cluster restored from the backup with a target time).
	From string
	At   time.Time
	// By names the operator, for the school's audit trail.
	By string
	// Retention is how far back the backups reach; an older At is refused.
	Retention time.Duration
	// Drain is how long the school answers 503 before its data is swapped,
	// so that every replica has re-read the registry (REGISTRY_REFRESH)
	// and none sends it a request in the middle.
	Drain time.Duration
}

// GoneSave is an answer saved in the live school after the moment that the
// restore takes away: the school types it in again.
type GoneSave struct {
	Student     string    `json:"student"`
	SavedBy     string    `json:"savedBy"`
	AnswerSetID int64     `json:"answerSetId"`
	QuestionID  int64     `json:"questionId"`
	Value       *string   `json:"value"`
	SavedAt     time.Time `json:"savedAt"`
}

// RestoreResult says what RestoreAt did.
type RestoreResult struct {
	Tenant *Tenant   `json:"-"`
	At     time.Time `json:"at"`
	// Rows is the number of rows restored per table.
	Rows map[string]int `json:"rows"`
	// SessionsEnded is how many sessions were live when the data was swapped.
	SessionsEnded int64      `json:"sessionsEnded"`
	Gone          []GoneSave `json:"gone"`
}

func refused(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRestoreRefused, fmt.Sprintf(format, args...))
}

// checkMoment refuses a moment no backup can restore: in the future, or
// older than the retention.
func checkMoment(at, now time.Time, retention time.Duration) error {
	switch {
	case at.IsZero():
		return refused("--at is required: the moment the copy was restored to")
	case at.After(now):
		return refused("%s is in the future", at.Format(time.RFC3339))
	case retention > 0 && at.Before(now.Add(-retention)):
		return refused("%s is older than the backups' retention (%d days, back to %s): no backup restores it",
			at.Format(time.RFC3339), int(retention.Hours()/24), now.Add(-retention).Format(time.RFC3339))
	}
	return nil
}

// redactURL is the copy's URL without its credentials, for messages and
// the audit trail.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "(the copy)"
	}
	return u.Host + u.Path
}

// RestoreAt brings one school back to the moment At from a copy of the
// database restored to that moment, into the live database, while every
// other school keeps serving. The school answers 503 (upgrading, with
// Retry-After) from the start; after Drain, one transaction in the school's
// scope lists the answers saved after At that the copy lacks, empties the
// school's tables but the audit trail and the mail outbox, inserts the
// copy's rows, keeps every id sequence past any id handed out, ends every
// session, records who restored the school to when in the audit trail, and
// serves the school again: a request sees the school all old or all new.
// Refused with ErrRestoreRefused, and nothing changed: a moment outside the
// retention, a school missing in the copy, or a copy at another tenant
// schema version than the live school.
func (s *Service) RestoreAt(ctx context.Context, p RestoreParams) (*RestoreResult, error) {
	if err := checkMoment(p.At, time.Now(), p.Retention); err != nil {
		return nil, err
	}
	if p.By == "" {
		return nil, refused("--by is required: who restores the school, for its audit trail")
	}
	live, err := s.Get(ctx, p.Slug)
	if err != nil {
		return nil, err
	}
	if ok, why := live.Serveable(TenantTarget()); !ok {
		return nil, refused("school %s is not being served (%s): bring it back first", live.Slug, why)
	}
	copyDB, err := Open(ctx, p.From, 2)
	if err != nil {
		return nil, refused("cannot open the restored copy %s: %v", redactURL(p.From), err)
	}
	defer Close(copyDB)
	list, err := listTenants(ctx, copyDB)
	if err != nil {
		return nil, refused("cannot read the school registry of the restored copy %s: %v", redactURL(p.From), err)
	}
	i := slices.IndexFunc(list, func(t *Tenant) bool { return t.Slug == p.Slug })
	if i < 0 {
		return nil, refused("school %s is not in the restored copy %s: it did not exist at that moment, or the copy is of another database",
			p.Slug, redactURL(p.From))
	}
	old := list[i]
	if old.SchemaVersion != live.SchemaVersion {
		return nil, refused("school %s is at tenant schema version %d in the restored copy and %d in the live database: "+
			"run `praksis migrate` on the copy (DATABASE_URL=<copy>) with this release first", p.Slug, old.SchemaVersion, live.SchemaVersion)
	}
	e, err := exportSchool(ctx, copyDB, old)
	if err != nil {
		return nil, fmt.Errorf("read school %s from the restored copy: %w", p.Slug, err)
	}

	// From here the school is not served until its data is swapped.
	res := s.db.WithContext(ctx).Exec(`UPDATE control.tenants SET migration_state = ?, updated_at = now()
		WHERE id = ? AND migration_state = ?`, MigrationRunning, live.ID, MigrationReady)
	if res.Error != nil {
		return nil, fmt.Errorf("take school %s out of service: %w", p.Slug, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, refused("school %s is being migrated or restored by someone else", p.Slug)
	}
	result, err := s.swap(ctx, live, e, p)
	if err != nil {
		if rerr := s.db.WithContext(context.WithoutCancel(ctx)).Exec(`UPDATE control.tenants SET migration_state = ?, updated_at = now()
			WHERE id = ? AND migration_state = ?`, MigrationReady, live.ID, MigrationRunning).Error; rerr != nil {
			return nil, fmt.Errorf("restore %s: %w (and serving it again failed: %v; run `praksis migrate`)", p.Slug, err, rerr)
		}
		return nil, fmt.Errorf("restore %s: %w; nothing was changed", p.Slug, err)
	}
	if result.Tenant, err = s.Get(ctx, p.Slug); err != nil {
		return nil, err
	}
	return result, nil
}

// swap waits out the drain and replaces the school's data in one
// transaction (see RestoreAt).
func (s *Service) swap(ctx context.Context, t *Tenant, e *Export, p RestoreParams) (*RestoreResult, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(p.Drain):
	}
	out := &RestoreResult{At: p.At}
	err := InScope(ctx, s.db, t, func(ctx context.Context, tx *gorm.DB) error {
		tables, err := schemaTables(tx)
		if err != nil {
			return err
		}
		if err := sameTables(tables, e.Tables); err != nil {
			return fmt.Errorf("the restored copy's tables differ from the live school's: %w", err)
		}
		if out.Gone, err = goneSaves(tx, e, p.At); err != nil {
			return err
		}
		// Every live session ends: those begun after the moment go with the
		// swap, those from before it are revoked below.
		if err := tx.Raw("SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now()").Scan(&out.SessionsEnded).Error; err != nil {
			return fmt.Errorf("count the school's sessions: %w", err)
		}
		swapped := map[string]*table{}
		for name, tb := range tables {
			if !slices.Contains(keptTables, name) {
				swapped[name] = tb
			}
		}
		order, err := insertOrder(tx, swapped)
		if err != nil {
			return err
		}
		// Ids handed out after the moment are not handed out again: the
		// audit trail and the gone saves may name them.
		last, err := sequenceValues(tx, swapped)
		if err != nil {
			return err
		}
		if out.Rows, err = refill(tx, swapped, e.Tables, order); err != nil {
			return err
		}
		for seq, v := range last {
			if err := tx.Exec("SELECT setval(?::regclass, greatest(?, (SELECT last_value FROM "+seq+")))", seq, v).Error; err != nil {
				return fmt.Errorf("keep the sequence %s: %w", seq, err)
			}
		}
		if err := tx.Exec("UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL").Error; err != nil {
			return fmt.Errorf("end the school's sessions: %w", err)
		}
		details, err := json.Marshal(map[string]any{"by": p.By, "to": p.At.UTC(), "from": redactURL(p.From),
			"savesGone": len(out.Gone), "sessionsEnded": out.SessionsEnded})
		if err != nil {
			return err
		}
		if err := tx.Exec("INSERT INTO audit_log (action, entity, details) VALUES ('school.restored', 'school', ?::jsonb)",
			string(details)).Error; err != nil {
			return fmt.Errorf("record the restore in the audit trail: %w", err)
		}
		if err := tx.Exec("SELECT set_config('role', 'none', true), set_config('search_path', 'control', true)").Error; err != nil {
			return fmt.Errorf("leave the school's scope: %w", err)
		}
		return tx.Exec("UPDATE control.tenants SET migration_state = ?, updated_at = now() WHERE id = ?", MigrationReady, t.ID).Error
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sequenceValues reads the last value of every identity sequence of the
// tables, by the sequence's qualified name.
func sequenceValues(tx *gorm.DB, tables map[string]*table) (map[string]int64, error) {
	out := map[string]int64{}
	for _, tb := range tables {
		for _, c := range tb.Columns {
			if !c.Identity {
				continue
			}
			var seq string
			if err := tx.Raw("SELECT pg_get_serial_sequence(?, ?)", quoteIdent(tb.Name), c.Name).Scan(&seq).Error; err != nil || seq == "" {
				return nil, fmt.Errorf("find the sequence of %s.%s: %w", tb.Name, c.Name, err)
			}
			var last int64
			if err := tx.Raw("SELECT last_value FROM " + seq).Scan(&last).Error; err != nil {
				return nil, fmt.Errorf("read the sequence %s: %w", seq, err)
			}
			out[seq] = last
		}
	}
	return out, nil
}

// goneSaves lists the live school's answers saved after at that the copy
// does not hold as they are: the restore takes them away.
func goneSaves(tx *gorm.DB, e *Export, at time.Time) ([]GoneSave, error) {
	type key struct{ set, question int64 }
	old := map[key]*string{}
	for i, raw := range e.Tables["answers"] {
		var a struct {
			AnswerSetID int64   `json:"answer_set_id"`
			QuestionID  int64   `json:"question_id"`
			Value       *string `json:"value"`
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, fmt.Errorf("answers row %d of the restored copy: %w", i+1, err)
		}
		old[key{a.AnswerSetID, a.QuestionID}] = a.Value
	}
	var live []GoneSave
	if err := tx.Raw(`SELECT st.email AS student, w.email AS saved_by, a.answer_set_id, a.question_id, a.value, a.updated_at AS saved_at
		FROM answers a
		JOIN answer_sets s ON s.id = a.answer_set_id
		JOIN users st ON st.id = s.student_user_id
		JOIN users w ON w.id = s.user_id
		WHERE a.updated_at > ?
		ORDER BY a.updated_at, a.id`, at).Scan(&live).Error; err != nil {
		return nil, fmt.Errorf("read the answers saved after %s: %w", at.Format(time.RFC3339), err)
	}
	gone := []GoneSave{}
	for _, g := range live {
		v, ok := old[key{g.AnswerSetID, g.QuestionID}]
		if ok && (v == nil) == (g.Value == nil) && (v == nil || *v == *g.Value) {
			continue
		}
		gone = append(gone, g)
	}
	sort.SliceStable(gone, func(i, j int) bool { return gone[i].SavedAt.Before(gone[j].SavedAt) })
	return gone, nil
}
