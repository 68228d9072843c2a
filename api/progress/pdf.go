package progress

import (
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/tenants/texts"
)

// PDFParams is the params of GET /api/students/{studentId}/progress/pdf.
type PDFParams struct {
	StudentID int64              `path:"studentId" minimum:"1" description:"The student"`
	Lang      placementpath.Lang `query:"lang" description:"Language of the texts; without it the Accept-Language header decides, then the school's default language"`
}

// Clock is when a PDF says it was made; tests set it.
var Clock = time.Now

// HandlePDF serves GET /api/students/{studentId}/progress/pdf: the record
// as the caller may see it (Read), as a PDF. It stays a plain handler: the
// answer is a file.
func HandlePDF(c *echo.Context) error {
	var p PDFParams
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	rec, err := Read(ctx, caller, p.StudentID)
	if err != nil {
		return err
	}
	wr, err := placementpath.Document{StudentID: p.StudentID, Lang: p.Lang}.Writer(c)
	if err != nil {
		return err
	}
	d, err := pdf.New(wr.Meta("progress.pdf.title", Clock()))
	if err != nil {
		return err
	}
	if err := Write(d, wr.Lang, rec); err != nil {
		return err
	}
	b, err := d.Bytes()
	if err != nil {
		return err
	}
	return placementpath.SendPDF(c, "progress.pdf", b)
}

// Write adds the record to a document: the student, whether they share,
// the placements with their results, then each competence area's
// questions with the levels of every placement and half by role and the
// expected level, and last the questions that could not be matched.
func Write(d *pdf.Doc, lang string, r *Record) error {
	cat := texts.Base()
	t := func(id string, data map[string]any) string { return cat.T(lang, id, data) }
	if err := d.Field(t("progress.pdf.student", nil), r.StudentName); err != nil {
		return err
	}
	shared := t("progress.pdf.notShared", nil)
	if r.SharedAt != nil {
		shared = t("progress.pdf.sharedSince", map[string]any{"Date": r.SharedAt.In(oslo).Format("02.01.2006")})
	}
	if err := d.Field(t("progress.pdf.sharing", nil), shared); err != nil {
		return err
	}
	names := map[int64]string{}
	rows := [][]string{}
	for _, p := range r.Placements {
		names[p.ClassID] = p.SubjectCode + ", " + p.PeriodName
		result := t("progress.pdf.result.none", nil)
		if p.Result != nil {
			result = t("progress.pdf.result."+*p.Result, nil)
		}
		rows = append(rows, []string{p.PeriodName, p.SubjectCode + " " + p.SubjectName, result, t("progress.pdf.view."+string(p.View), nil)})
	}
	if err := d.Heading(t("progress.pdf.placements", nil)); err != nil {
		return err
	}
	if err := d.Table([]string{t("progress.pdf.semester", nil), t("progress.pdf.subject", nil), t("progress.pdf.result", nil), t("progress.pdf.shown", nil)},
		[]float64{0.2, 0.45, 0.15, 0.2}, rows); err != nil {
		return err
	}
	level := func(v *int, c Cell, role answers.Role) string {
		for _, nr := range c.NotRelevant {
			if nr == role {
				return t("full.pdf.notRelevant", nil)
			}
		}
		if v == nil {
			return "–"
		}
		if *v < len(forms.GradingLabels) {
			return forms.GradingLabels[*v]
		}
		return "–"
	}
	half := map[bool]string{true: t("full.pdf.mid", nil), false: t("full.pdf.end", nil)}
	header := []string{t("progress.pdf.placement", nil), t("full.pdf.byStudent", nil), t("full.pdf.byAdvisor", nil),
		t("full.pdf.byTeacher", nil), t("full.pdf.expected", nil)}
	areas := func(list []Area) error {
		for _, a := range list {
			if err := d.Subheading(a.Name); err != nil {
				return err
			}
			for _, q := range a.Questions {
				if err := d.Paragraph(q.Text); err != nil {
					return err
				}
				rows := [][]string{}
				for _, c := range q.Cells {
					rows = append(rows, []string{names[c.ClassID] + ", " + half[c.IsMidSemester],
						level(c.Student, c, answers.RoleStudent), level(c.Advisor, c, answers.RoleAdvisor),
						level(c.Teacher, c, answers.RoleTeacher), level(c.Expected, c, "")})
				}
				if err := d.Table(header, []float64{0.32, 0.17, 0.17, 0.17, 0.17}, rows); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := d.Heading(t("progress.pdf.areas", nil)); err != nil {
		return err
	}
	if err := areas(r.Areas); err != nil {
		return err
	}
	if len(r.Unmatched) == 0 {
		return nil
	}
	if err := d.Heading(t("progress.pdf.unmatched", nil)); err != nil {
		return err
	}
	if err := d.Paragraph(t("progress.pdf.unmatchedIntro", nil)); err != nil {
		return err
	}
	return areas(r.Unmatched)
}

// oslo is the time zone dates are shown in.
var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()
