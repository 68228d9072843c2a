package warnings

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Notifier tells the student that a warning has been sent. It is called
// inside the request's transaction, so a notification exists exactly when
// the warning does.
type Notifier interface {
	WarningSubmitted(ctx context.Context, w *Warning) error
}

// Handlers serve the warning routes.
type Handlers struct {
	Notify Notifier
}

// visible loads the warning as the caller may see it: drafts only to the
// class's teacher.
func visible(ctx context.Context, p placementpath.Student) (*Warning, error) {
	rel, err := p.Relation(ctx)
	if err != nil {
		return nil, err
	}
	if err := policy.CanSeeWarning(rel); err != nil {
		return nil, err
	}
	w, err := Get(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	if w.SubmittedAt == nil && !rel.Teacher {
		return nil, ErrNone
	}
	return w, nil
}

// Get serves GET …/warning (404 when none).
func (h *Handlers) Get() edge.Endpoint {
	return edge.Read(http.StatusOK, visible)
}

// Save serves POST …/warning: the teacher's draft.
func (h *Handlers) Save() edge.Endpoint {
	return edge.Write(http.StatusOK, func(ctx context.Context, p placementpath.Student, d Draft) (*Warning, error) {
		if err := p.Check(ctx, policy.CanWriteWarning); err != nil {
			return nil, err
		}
		return SaveDraft(ctx, p.ClassID, p.StudentID, d)
	})
}

// Submit serves POST …/warning/submit: sends the warning (the body, when
// given, is saved first) and notifies the student.
func (h *Handlers) Submit() edge.Endpoint {
	return edge.WriteOptional(http.StatusOK, func(ctx context.Context, p placementpath.Student, d *Draft) (*Warning, error) {
		if err := p.Check(ctx, policy.CanWriteWarning); err != nil {
			return nil, err
		}
		w, err := Submit(ctx, p.ClassID, p.StudentID, d)
		if err != nil {
			return nil, err
		}
		if h.Notify != nil {
			if err := h.Notify.WarningSubmitted(ctx, w); err != nil {
				return nil, fmt.Errorf("notify student of warning %d: %w", w.ID, err)
			}
		}
		return w, nil
	})
}

// Confirm serves POST …/warning/confirm: the student has read it.
func (h *Handlers) Confirm() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p placementpath.Student) (*Warning, error) {
		if err := p.Check(ctx, policy.CanConfirmWarning); err != nil {
			return nil, err
		}
		return Confirm(ctx, p.ClassID, p.StudentID)
	})
}

// Delete serves DELETE …/warning.
func (h *Handlers) Delete() edge.Endpoint {
	return edge.Read(http.StatusNoContent, func(ctx context.Context, p placementpath.Student) (edge.NoContent, error) {
		if err := p.Check(ctx, policy.CanWriteWarning); err != nil {
			return edge.NoContent{}, err
		}
		return edge.NoContent{}, Delete(ctx, p.ClassID, p.StudentID)
	})
}

// Deadline serves GET …/warning/deadline: the dates a warning is due by.
func (h *Handlers) Deadline() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p placementpath.Student) (*Deadline, error) {
		if err := p.Check(ctx, policy.CanView); err != nil {
			return nil, err
		}
		return DeadlineOf(ctx, p.ClassID)
	})
}

// PDF serves GET …/warning/pdf (404 when none). It stays a plain handler:
// the answer is a file.
func (h *Handlers) PDF(c *echo.Context) error {
	var p placementpath.Document
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	w, err := visible(ctx, p.Student())
	if err != nil {
		return err
	}
	wr, err := p.Writer(c)
	if err != nil {
		return err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var names struct {
		Student string
		Teacher string
		Subject string
		Period  string
	}
	if err := tx.Raw(`SELECT s.display_name AS student, te.display_name AS teacher, sub.subject_code || ' ' || sub.name AS subject, p.name AS period
		FROM classes c JOIN subjects sub ON sub.id = c.subject_id JOIN periods p ON p.id = c.period_id
		JOIN users s ON s.id = ? JOIN users te ON te.id = ? WHERE c.id = ?`, w.StudentUserID, w.TeacherUserID, p.ClassID).Scan(&names).Error; err != nil {
		return fmt.Errorf("load names for warning %d: %w", w.ID, err)
	}
	b, err := Render(wr.Lang, wr.Meta("warnings.pdf.title", time.Now()), w, names.Student, names.Teacher, names.Subject, names.Period)
	if err != nil {
		return err
	}
	return placementpath.SendPDF(c, "warning.pdf", b)
}

// Render writes the warning as a PDF in lang.
func Render(lang string, meta pdf.Meta, w *Warning, student, teacher, subject, period string) ([]byte, error) {
	cat := texts.Base()
	t := func(id string) string { return cat.T(lang, id, nil) }
	meta.Title = t("warnings.pdf.title")
	d, err := pdf.New(meta)
	if err != nil {
		return nil, err
	}
	date := func(at *time.Time) string {
		if at == nil {
			return t("warnings.pdf.notYet")
		}
		return at.In(oslo).Format("02.01.2006 15:04")
	}
	steps := []func() error{
		func() error { return d.Field(t("warnings.pdf.student"), student) },
		func() error { return d.Field(t("warnings.pdf.subject"), subject+" ("+period+")") },
		func() error { return d.Field(t("warnings.pdf.teacher"), teacher) },
		func() error { return d.Field(t("warnings.pdf.submitted"), date(w.SubmittedAt)) },
		func() error { return d.Field(t("warnings.pdf.confirmed"), date(w.StudentConfirmedAt)) },
		func() error { d.Rule(); return nil },
		func() error { return d.Heading(t("warnings.pdf.comment")) },
		func() error { return d.Paragraph(w.Comment) },
		func() error { return d.Heading(t("warnings.pdf.passRequirement")) },
		func() error { return d.Paragraph(w.PassRequirement) },
		func() error { return d.Heading(t("warnings.pdf.passRequirementSummary")) },
		func() error { return d.Paragraph(w.PassRequirementSummary) },
		func() error { d.Rule(); return d.Paragraph(t("warnings.pdf.whatNext")) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, fmt.Errorf("write warning PDF: %w", err)
		}
	}
	return d.Bytes()
}

var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()
