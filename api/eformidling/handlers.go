package eformidling

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// Handlers serve the admins' routes: the school's set-up, the results not
// yet in the archive, a student's results, and retrying.
type Handlers struct {
	// Jobs enqueues the delivery job of a retry in the request's
	// transaction; nil makes retrying fail.
	Jobs results.Enqueuer
}

// Saved normalises, checks and stores a set-up in the current scope, with
// an audit row; an apperror naming each bad field when it is not valid.
func Saved(ctx context.Context, c Config) (Config, error) {
	if errs := c.Normalize(); len(errs) > 0 {
		e := apperror.Invalidf("error.invalid")
		for _, fe := range errs {
			e.Field(fe.Field, fe.ID, nil)
		}
		return c, e
	}
	if err := Save(ctx, c); err != nil {
		return c, err
	}
	return c, audit.Record(ctx, audit.Entry{Action: "school.eformidlingChanged", Entity: "school",
		Details: map[string]any{"eformidling": c}})
}

// HandleGet serves GET /api/tenant/eformidling.
func (h *Handlers) HandleGet() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (Config, error) { return Load(ctx) })
}

// HandlePut serves PUT /api/tenant/eformidling.
func (h *Handlers) HandlePut() edge.Endpoint {
	return edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, cfg Config) (Config, error) { return Saved(ctx, cfg) })
}

// Result is an archived result with its delivery to the archive (nil when
// none has started).
type Result struct {
	SigningFormID int64     `json:"signingFormId"`
	ClassID       int64     `json:"classId"`
	StudentUserID int64     `json:"studentUserId"`
	StudentName   string    `json:"studentName"`
	SubjectCode   string    `json:"subjectCode"`
	SubjectName   string    `json:"subjectName"`
	PeriodName    string    `json:"periodName"`
	ArchivedAt    time.Time `json:"archivedAt"`
	Delivery      *Delivery `json:"delivery" description:"null when no delivery was started"`
}

// Overview is what the admin screens show: whether eFormidling is on, and
// the results.
type Overview struct {
	Enabled bool     `json:"enabled" description:"Delivery is on and fully set up"`
	Results []Result `json:"results"`
}

// list returns archived results with their deliveries: of one student
// (studentID > 0), or those not delivered (studentID 0), newest first.
func list(ctx context.Context, studentID int64) (*Overview, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	cfg, err := Load(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		SigningFormID, ClassID, StudentUserID int64
		StudentName, SubjectCode, SubjectName string
		PeriodName                            string
		ArchivedAt                            time.Time
		DStatus                               *string
	}
	where := "(d.status IS NULL OR d.status <> 'delivered')"
	args := []any{}
	if studentID > 0 {
		where, args = "ra.student_user_id = ?", append(args, studentID)
	}
	if err := tx.Raw(`SELECT ra.signing_form_id, ra.class_id, ra.student_user_id, u.display_name AS student_name,
			s.subject_code, s.name AS subject_name, p.name AS period_name, ra.archived_at, d.status AS d_status
		FROM result_archive ra JOIN users u ON u.id = ra.student_user_id
		JOIN classes c ON c.id = ra.class_id JOIN subjects s ON s.id = c.subject_id JOIN periods p ON p.id = c.period_id
		LEFT JOIN archive_deliveries d ON d.signing_form_id = ra.signing_form_id
		WHERE `+where+` ORDER BY ra.archived_at DESC, ra.signing_form_id DESC LIMIT 500`, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("list archived results: %w", err)
	}
	o := &Overview{Enabled: cfg.Usable(), Results: make([]Result, 0, len(rows))}
	for _, r := range rows {
		res := Result{SigningFormID: r.SigningFormID, ClassID: r.ClassID, StudentUserID: r.StudentUserID, StudentName: r.StudentName,
			SubjectCode: r.SubjectCode, SubjectName: r.SubjectName, PeriodName: r.PeriodName, ArchivedAt: r.ArchivedAt}
		if r.DStatus != nil {
			if res.Delivery, err = load(tx, r.SigningFormID, false); err != nil {
				return nil, err
			}
		}
		o.Results = append(o.Results, res)
	}
	return o, nil
}

// ByStudent names a student in the path.
type ByStudent struct {
	UserID int64 `path:"userId" minimum:"1" description:"The student's user id"`
}

// ByForm names an archived result by its signing form in the path.
type ByForm struct {
	SigningFormID int64 `path:"signingFormId" minimum:"1" description:"The signing form of the archived result"`
}

// HandleUndelivered serves GET /api/archive-deliveries.
func (h *Handlers) HandleUndelivered() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Overview, error) { return list(ctx, 0) })
}

// HandleOfStudent serves GET /api/users/{userId}/archive-deliveries.
func (h *Handlers) HandleOfStudent() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p ByStudent) (*Overview, error) {
		if err := users.CheckExists(ctx, p.UserID); err != nil {
			return nil, err
		}
		return list(ctx, p.UserID)
	})
}

// HandleRetry serves POST /api/archive-deliveries/{signingFormId}/retry.
func (h *Handlers) HandleRetry() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p ByForm) (*Delivery, error) { return h.retry(ctx, p.SigningFormID) })
}

func (h *Handlers) retry(ctx context.Context, id int64) (*Delivery, error) {
	if h.Jobs == nil {
		return nil, errors.New("retry archive delivery: no job queue")
	}
	d, err := Retry(ctx, h.Jobs, id)
	switch {
	case errors.Is(err, ErrNotArchived):
		return nil, apperror.NotFoundf("eformidling.notArchived")
	case errors.Is(err, ErrOff):
		return nil, apperror.Conflictf("eformidling.off")
	case errors.Is(err, ErrNotRetryable):
		return nil, apperror.Conflictf("eformidling.notFailed")
	case err != nil:
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var ids struct{ ClassID, StudentUserID int64 }
	if err := tx.Raw("SELECT class_id, student_user_id FROM signing_forms WHERE id = ?", id).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("read signing form %d: %w", id, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "signingForm.archiveRetried", Entity: "signingForm", EntityID: id,
		StudentUserID: ids.StudentUserID, ClassID: ids.ClassID, Details: map[string]any{"round": d.Round}}); err != nil {
		return nil, err
	}
	return d, nil
}
