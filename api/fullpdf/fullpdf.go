// Package fullpdf writes everything about one student's placement into one
// PDF: every form of the class with all answers and comments, mid and end,
// by role, next to the expected level; the warning; and the signing form.
// It is the document a teacher prints for a meeting and the one a student
// downloads for their own records.
package fullpdf

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/warnings"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()

// placement is the class and people the document is about.
type placement struct {
	Student  string
	Subject  string
	Period   string
	Teachers string
	Advisors string
}

func placementOf(ctx context.Context, classID, studentID int64) (*placement, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var p placement
	if err := tx.Raw(`SELECT u.display_name AS student, s.subject_code || ' ' || s.name AS subject, p.name AS period,
			coalesce((SELECT string_agg(t.display_name, ', ' ORDER BY t.display_name) FROM class_teachers ct JOIN users t ON t.id = ct.user_id WHERE ct.class_id = c.id), '') AS teachers,
			coalesce((SELECT string_agg(a.display_name, ', ' ORDER BY r.is_primary DESC, a.display_name) FROM student_references r JOIN users a ON a.id = r.advisor_user_id
				WHERE r.class_id = c.id AND r.student_user_id = u.id), '') AS advisors
		FROM classes c JOIN subjects s ON s.id = c.subject_id JOIN periods p ON p.id = c.period_id JOIN users u ON u.id = ?
		WHERE c.id = ?`, studentID, classID).Scan(&p).Error; err != nil {
		return nil, fmt.Errorf("load placement of student %d in class %d: %w", studentID, classID, err)
	}
	return &p, nil
}

func formIDsOf(ctx context.Context, classID int64) ([]int64, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var ids []int64
	if err := tx.Raw(`SELECT f.id FROM class_forms cf JOIN forms f ON f.id = cf.form_id WHERE cf.class_id = ?
		ORDER BY f.is_main_form DESC, f.name`, classID).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("load forms of class %d: %w", classID, err)
	}
	return ids, nil
}

// Handle serves GET /api/classes/{classId}/students/{studentId}/full/pdf:
// 404 when there is nothing to show yet (no answers, no warning, no
// signing form).
// It stays a plain handler: the answer is a file.
func Handle(c *echo.Context) error {
	var p placementpath.Document
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	rel, err := p.Student().Relation(ctx)
	if err != nil {
		return err
	}
	if err := policy.CanView(rel); err != nil {
		return err
	}
	wr, err := p.Writer(c)
	if err != nil {
		return err
	}
	doc, err := pdf.New(wr.Meta("full.pdf.title", time.Now()))
	if err != nil {
		return err
	}
	lang := wr.Lang
	w := &writer{doc: doc, lang: lang, t: func(id string, data map[string]any) string { return texts.Base().T(lang, id, data) }}
	something, err := w.write(ctx, p.ClassID, p.StudentID, rel, auth.CallerFrom(ctx).UserID, wr.School.Text)
	if err != nil {
		return err
	}
	if !something {
		return apperror.NotFoundf("full.none")
	}
	b, err := doc.Bytes()
	if err != nil {
		return err
	}
	return placementpath.SendPDF(c, "assessment.pdf", b)
}

// Archive returns the full assessment of a student's placement as the
// school's archive keeps it beside the signed signing form: everything an
// admin sees, in the school's language, dated created. It runs in the
// school's scope without a caller (the archive jobs).
func Archive(ctx context.Context, classID, studentID int64, created time.Time) ([]byte, error) {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return nil, tenants.ErrNoScope
	}
	lang := texts.Negotiate(t.DefaultLanguage, "", texts.Default)
	st, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	doc, err := pdf.New(pdf.Meta{School: st.Text(lang, "appName"), OrgNumber: st.Text(lang, "orgNumber"), Language: lang,
		Title: texts.Base().T(lang, "full.pdf.title", nil), Created: created})
	if err != nil {
		return nil, err
	}
	w := &writer{doc: doc, lang: lang, t: func(id string, data map[string]any) string { return texts.Base().T(lang, id, data) }}
	if _, err := w.write(ctx, classID, studentID, policy.Relation{Admin: true}, 0, st.Text); err != nil {
		return nil, fmt.Errorf("write the full assessment of student %d in class %d: %w", studentID, classID, err)
	}
	b, err := doc.Bytes()
	if err != nil {
		return nil, fmt.Errorf("write the full assessment of student %d in class %d: %w", studentID, classID, err)
	}
	return b, nil
}

type writer struct {
	doc  *pdf.Doc
	lang string
	t    func(id string, data map[string]any) string
}

// write adds every part the caller may see and reports whether there was
// anything beyond the heading.
func (w *writer) write(ctx context.Context, classID, studentID int64, rel policy.Relation, me int64, schoolText func(lang, key string) string) (bool, error) {
	p, err := placementOf(ctx, classID, studentID)
	if err != nil {
		return false, err
	}
	for _, f := range [][2]string{
		{"full.pdf.student", p.Student}, {"full.pdf.subject", p.Subject}, {"full.pdf.semester", p.Period},
		{"full.pdf.teachers", p.Teachers}, {"full.pdf.advisors", p.Advisors},
	} {
		if err := w.doc.Field(w.t(f[0], nil), f[1]); err != nil {
			return false, err
		}
	}
	something := false
	ids, err := formIDsOf(ctx, classID)
	if err != nil {
		return false, err
	}
	for _, id := range ids {
		form, err := forms.Get(ctx, id)
		if err != nil {
			return false, err
		}
		full, err := answers.FullOf(ctx, classID, studentID, id, rel, me)
		if apperror.KindOf(err) == apperror.NotFound {
			continue
		}
		if err != nil {
			return false, err
		}
		wrote, err := w.form(form, full)
		if err != nil {
			return false, err
		}
		something = something || wrote
	}
	if policy.CanSeeWarning(rel) == nil {
		wr, err := warnings.Get(ctx, classID, studentID)
		switch {
		case err == nil && (wr.SubmittedAt != nil || rel.Teacher):
			something = true
			if err := w.warning(wr); err != nil {
				return false, err
			}
		case err != nil && !errors.Is(err, warnings.ErrNone):
			return false, err
		}
	}
	if policy.CanSeeSigningForm(rel) == nil {
		sf, err := signing.Of(ctx, classID, studentID)
		switch {
		case err == nil:
			something = true
			names, err := signing.NamesOf(ctx, sf)
			if err != nil {
				return false, err
			}
			if err := w.doc.Heading(w.t("signing.pdf.title", nil)); err != nil {
				return false, err
			}
			if err := signing.Write(w.doc, w.lang, sf, names, schoolText); err != nil {
				return false, err
			}
		case !errors.Is(err, signing.ErrNone):
			return false, err
		}
	}
	return something, nil
}

func (w *writer) label(v *string) string {
	if v == nil || *v == "" {
		return "–"
	}
	n, err := strconv.Atoi(*v)
	if err != nil {
		return *v
	}
	if n >= 0 && n < len(forms.GradingLabels) {
		return forms.GradingLabels[n]
	}
	if n == len(forms.GradingLabels) {
		return w.t("full.pdf.notRelevant", nil)
	}
	return *v
}

func valueOf(s *answers.Set, questionID int64) *string {
	if s == nil {
		return nil
	}
	for _, a := range s.Answers {
		if a.FormQuestionID == questionID {
			return a.Value
		}
	}
	return nil
}

func expected(e *expectations.Set, questionID int64) *string {
	if e == nil {
		return nil
	}
	for _, a := range e.Answers {
		if a.FormQuestionID == questionID {
			return a.Value
		}
	}
	return nil
}

// form writes one form's halves and reports whether any set had answers.
func (w *writer) form(f *forms.Form, full *answers.Full) (bool, error) {
	wrote := false
	for _, h := range []*answers.Half{full.MidSemester, full.EndSemester} {
		if h == nil {
			continue
		}
		sets := []*answers.Set{h.Student, h.Advisor, h.Teacher}
		for i := range h.Others {
			sets = append(sets, &h.Others[i])
		}
		has := false
		for _, s := range sets {
			if s != nil && len(s.Answers) > 0 {
				has = true
			}
		}
		if !has {
			continue
		}
		wrote = true
		half := w.t("full.pdf.end", nil)
		if h.IsMidSemester {
			half = w.t("full.pdf.mid", nil)
		}
		if err := w.doc.Heading(f.Name + " – " + half); err != nil {
			return false, err
		}
		for _, s := range sets {
			if s != nil && s.DeliveredAt != nil {
				if err := w.doc.Paragraph(w.t("full.pdf.delivered", map[string]any{"Name": s.UserName, "Tag": s.RoleTag,
					"At": s.DeliveredAt.In(oslo).Format("02.01.2006 15:04")})); err != nil {
					return false, err
				}
			}
		}
		for _, g := range f.Groups {
			if err := w.doc.Subheading(g.Name); err != nil {
				return false, err
			}
			if g.Type == forms.Grading {
				header := []string{w.t("full.pdf.question", nil), w.t("full.pdf.byStudent", nil), w.t("full.pdf.byAdvisor", nil),
					w.t("full.pdf.byTeacher", nil), w.t("full.pdf.expected", nil)}
				rows := make([][]string, 0, len(g.Questions))
				for _, q := range g.Questions {
					rows = append(rows, []string{q.Text, w.label(valueOf(h.Student, q.ID)), w.label(valueOf(h.Advisor, q.ID)),
						w.label(valueOf(h.Teacher, q.ID)), w.label(expected(h.Expectations, q.ID))})
				}
				if err := w.doc.Table(header, []float64{0.36, 0.16, 0.16, 0.16, 0.16}, rows); err != nil {
					return false, err
				}
			} else {
				for _, q := range g.Questions {
					for _, s := range sets {
						if v := valueOf(s, q.ID); v != nil && *v != "" {
							if err := w.doc.Field(q.Text+" – "+s.UserName+" ("+s.RoleTag+")", *v); err != nil {
								return false, err
							}
						}
					}
				}
			}
			for _, q := range g.Questions {
				for _, s := range sets {
					if s == nil {
						continue
					}
					for _, cm := range s.Comments {
						if cm.FormQuestionID != q.ID {
							continue
						}
						label := w.t("full.pdf.comment", map[string]any{"Question": q.Text, "Name": cm.UserName, "Tag": cm.RoleTag})
						if err := w.doc.Field(label, cm.Comment); err != nil {
							return false, err
						}
					}
				}
			}
		}
	}
	return wrote, nil
}

func (w *writer) warning(wr *warnings.Warning) error {
	steps := []func() error{
		func() error { return w.doc.Heading(w.t("warnings.pdf.title", nil)) },
		func() error {
			at := w.t("warnings.pdf.notYet", nil)
			if wr.SubmittedAt != nil {
				at = wr.SubmittedAt.In(oslo).Format("02.01.2006 15:04")
			}
			return w.doc.Field(w.t("warnings.pdf.submitted", nil), at)
		},
		func() error {
			at := w.t("warnings.pdf.notYet", nil)
			if wr.StudentConfirmedAt != nil {
				at = wr.StudentConfirmedAt.In(oslo).Format("02.01.2006 15:04")
			}
			return w.doc.Field(w.t("warnings.pdf.confirmed", nil), at)
		},
		func() error { return w.doc.Field(w.t("warnings.pdf.comment", nil), wr.Comment) },
		func() error { return w.doc.Field(w.t("warnings.pdf.passRequirement", nil), wr.PassRequirement) },
		func() error {
			return w.doc.Field(w.t("warnings.pdf.passRequirementSummary", nil), wr.PassRequirementSummary)
		},
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}
