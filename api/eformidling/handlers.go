package eformidling

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/api/results"
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
func (h *Handlers) HandleGet(c *echo.Context) error {
	cfg, err := Load(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cfg)
}

// HandlePut serves PUT /api/tenant/eformidling.
func (h *Handlers) HandlePut(c *echo.Context) error {
	var cfg Config
	if err := request.JSON(c, &cfg); err != nil {
		return err
	}
	cfg, err := Saved(c.Request().Context(), cfg)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cfg)
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
	Delivery      *Delivery `json:"delivery"`
}

// Overview is what the admin screens show: whether eFormidling is on, and
// the results.
type Overview struct {
	Enabled bool     `json:"enabled"`
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

// HandleUndelivered serves GET /api/archive-deliveries.
func (h *Handlers) HandleUndelivered(c *echo.Context) error {
	o, err := list(c.Request().Context(), 0)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}

// HandleOfStudent serves GET /api/users/{userId}/archive-deliveries.
func (h *Handlers) HandleOfStudent(c *echo.Context) error {
	id, err := request.ID(c, "userId")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var n int64
	if err := tx.Raw("SELECT count(*) FROM users WHERE id = ?", id).Scan(&n).Error; err != nil {
		return fmt.Errorf("find user %d: %w", id, err)
	}
	if n == 0 {
		return apperror.NotFoundf("users.notFound")
	}
	o, err := list(ctx, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}

// HandleRetry serves POST /api/archive-deliveries/{signingFormId}/retry.
func (h *Handlers) HandleRetry(c *echo.Context) error {
	id, err := request.ID(c, "signingFormId")
	if err != nil {
		return err
	}
	if h.Jobs == nil {
		return errors.New("retry archive delivery: no job queue")
	}
	ctx := c.Request().Context()
	d, err := Retry(ctx, h.Jobs, id)
	switch {
	case errors.Is(err, ErrNotArchived):
		return apperror.NotFoundf("eformidling.notArchived")
	case errors.Is(err, ErrOff):
		return apperror.Conflictf("eformidling.off")
	case errors.Is(err, ErrNotRetryable):
		return apperror.Conflictf("eformidling.notFailed")
	case err != nil:
		return err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var ids struct{ ClassID, StudentUserID int64 }
	if err := tx.Raw("SELECT class_id, student_user_id FROM signing_forms WHERE id = ?", id).Scan(&ids).Error; err != nil {
		return fmt.Errorf("read signing form %d: %w", id, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "signingForm.archiveRetried", Entity: "signingForm", EntityID: id,
		StudentUserID: ids.StudentUserID, ClassID: ids.ClassID, Details: map[string]any{"round": d.Round}}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}
