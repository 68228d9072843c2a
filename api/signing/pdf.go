package signing

import (
	"context"
	"fmt"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Names are the people and the placement a form is about.
type Names struct {
	Student string
	Subject string
	Period  string
	Teacher string
	Advisor string
}

// namesOf loads the names shown on the form: the signers where signed, else
// the student's teacher and primary supervisor.
func namesOf(ctx context.Context, f *Form) (*Names, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var n Names
	if err := tx.Raw(`SELECT st.display_name AS student, sub.subject_code || ' ' || sub.name AS subject, p.name AS period,
			coalesce(ts.display_name, tr.display_name, '') AS teacher, coalesce(av.display_name, ar.display_name, '') AS advisor
		FROM signing_forms sf
		JOIN users st ON st.id = sf.student_user_id
		JOIN classes c ON c.id = sf.class_id JOIN subjects sub ON sub.id = c.subject_id JOIN periods p ON p.id = c.period_id
		JOIN student_references r ON r.id = sf.student_reference_id
		LEFT JOIN users ts ON ts.id = sf.signed_by_teacher_user_id
		LEFT JOIN users tr ON tr.id = r.teacher_user_id
		LEFT JOIN users av ON av.id = sf.signed_by_advisor_user_id
		LEFT JOIN users ar ON ar.id = r.advisor_user_id
		WHERE sf.id = ?`, f.ID).Scan(&n).Error; err != nil {
		return nil, fmt.Errorf("load names of signing form %d: %w", f.ID, err)
	}
	return &n, nil
}

// PDF serves GET signingform/pdf.
// It stays a plain handler: the answer is a file.
func (s *Service) PDF(c *echo.Context) error {
	var p placementpath.Document
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := p.Student().Check(ctx, policy.CanSeeSigningForm); err != nil {
		return err
	}
	f, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return err
	}
	wr, err := p.Writer(c)
	if err != nil {
		return err
	}
	names, err := namesOf(ctx, f)
	if err != nil {
		return err
	}
	doc, err := pdf.New(wr.Meta("signing.pdf.title", s.now()))
	if err != nil {
		return err
	}
	if err := Write(doc, wr.Lang, f, names, wr.School.Text); err != nil {
		return err
	}
	b, err := doc.Bytes()
	if err != nil {
		return err
	}
	return placementpath.SendPDF(c, "signing-form.pdf", b)
}

// Write adds the signing form to a document: the placement, both sections
// and every signature with its time and sign-in method. schoolText gives
// the school's own signing texts.
func Write(d *pdf.Doc, lang string, f *Form, n *Names, schoolText func(lang, key string) string) error {
	cat := texts.Base()
	t := func(id string) string { return cat.T(lang, id, nil) }
	answer := func(v *string) string {
		if v == nil {
			return "–"
		}
		return t("signing.value." + *v)
	}
	date := func(v *string) string {
		if v == nil {
			return "–"
		}
		if d, err := time.Parse(time.DateOnly, *v); err == nil {
			return d.Format("02.01.2006")
		}
		return *v
	}
	signature := func(at *time.Time, who string, method *string) string {
		if at == nil {
			return t("signing.pdf.notSigned")
		}
		m := ""
		if method != nil {
			m = " (" + t("signing.method."+*method) + ")"
		}
		return who + ", " + at.In(oslo).Format("02.01.2006 15:04") + m
	}
	comment := "–"
	if f.TeacherComment != nil {
		comment = *f.TeacherComment
	}
	steps := []func() error{
		func() error { return d.Paragraph(schoolText(lang, "signingForm.intro")) },
		func() error { return d.Field(t("signing.pdf.semester"), n.Period) },
		func() error { return d.Field(t("signing.pdf.class"), n.Subject) },
		func() error { return d.Field(t("signing.pdf.student"), n.Student) },
		func() error { return d.Field(t("signing.pdf.advisor"), n.Advisor) },
		func() error { return d.Field(t("signing.pdf.teacher"), n.Teacher) },
		func() error { return d.Heading(t("signing.pdf.mid")) },
		func() error { return d.Field(t("signing.q.midFeedback"), answer(f.MidSemesterStudentHasGivenFeedback)) },
		func() error {
			return d.Field(t("signing.q.midSpecificBegun"), answer(f.MidSemesterSpecificCompetenceAreasBegun))
		},
		func() error { return d.Field(t("signing.q.midDate"), date(f.MidSemesterCompletedDate)) },
		func() error { return d.Heading(t("signing.pdf.end")) },
		func() error { return d.Field(t("signing.q.attendance"), answer(f.AttendancePassed)) },
		func() error { return d.Field(t("signing.q.workRequirements"), answer(f.WorkRequirementsPassed)) },
		func() error { return d.Field(t("signing.q.specific"), answer(f.SpecificCompetenceAreasPassed)) },
		func() error { return d.Field(t("signing.q.general"), answer(f.GeneralCompetenceAreasPassed)) },
		func() error { return d.Field(t("signing.q.comment"), comment) },
		func() error { return d.Field(t("signing.q.overall"), answer(f.OverallPassed)) },
		func() error { return d.Field(t("signing.q.endDate"), date(f.EndSemesterCompletedDate)) },
		func() error { return d.Heading(t("signing.pdf.signatures")) },
		func() error {
			return d.Field(t("signing.pdf.teacherSignature"), signature(f.SignedByTeacherDate, n.Teacher, f.SignedByTeacherSignInMethod))
		},
		func() error {
			return d.Field(t("signing.pdf.advisorSignature"), signature(f.SignedByAdvisorDate, n.Advisor, f.SignedByAdvisorSignInMethod))
		},
		func() error {
			return d.Field(t("signing.pdf.studentSignature"), signature(f.SignedByStudentDate, n.Student, f.SignedByStudentSignInMethod))
		},
		func() error {
			if f.SignWithoutAdvisorConfirmedDate == nil {
				return nil
			}
			return d.Paragraph(t("signing.pdf.withoutAdvisor") + " " + f.SignWithoutAdvisorConfirmedDate.In(oslo).Format("02.01.2006 15:04"))
		},
		func() error {
			if !f.IsLocked {
				return d.Paragraph(t("signing.pdf.notLocked"))
			}
			return d.Paragraph(t("signing.locked"))
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("write signing form PDF: %w", err)
		}
	}
	return nil
}
