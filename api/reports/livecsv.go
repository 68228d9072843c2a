package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/tenants/texts"
)

// WriteSemesterCSV writes the live report as shown in lang to w: a
// byte-order mark, a header row, then one row per number, class by class
// in the report's order: subject code, subject, section, what is counted,
// and the number. A late count has a row only where a deadline sets it.
func WriteSemesterCSV(w io.Writer, r *SemesterReport, lang string) error {
	cat := texts.Base()
	t := func(id string, data map[string]any) string { return cat.T(lang, id, data) }
	if _, err := w.Write(bom); err != nil {
		return fmt.Errorf("write the semester report: %w", err)
	}
	cw := csv.NewWriter(w)
	cw.Comma = Separator
	cw.UseCRLF = true
	rows := [][]string{{t("report.subjectCode", nil), t("report.subjectName", nil), t("report.live.section", nil),
		t("report.live.item", nil), t("report.live.count", nil)}}
	for _, c := range r.Classes {
		add := func(section, item string, n int) {
			rows = append(rows, []string{safe(c.SubjectCode), safe(c.SubjectName), t("report.live.section."+section, nil), safe(item), strconv.Itoa(n)})
		}
		add("students", t("report.live.students", nil), c.Students)
		for _, a := range c.Assessments {
			half := map[bool]string{true: t("report.half.mid", nil), false: t("report.half.end", nil)}[a.IsMidSemester]
			for _, role := range []struct {
				id     string
				counts RoleCounts
			}{{"student", a.Student}, {"advisor", a.Advisor}, {"teacher", a.Teacher}} {
				column := t("report.formColumn", map[string]any{"Form": a.FormName, "Half": half, "Role": t("report.role."+role.id, nil)})
				add("assessments", column+": "+t("report.live.delivered", nil), role.counts.Delivered)
				add("assessments", column+": "+t("report.live.missing", nil), role.counts.Missing)
				if role.counts.Late != nil {
					add("assessments", column+": "+t("report.live.late", nil), *role.counts.Late)
				}
			}
		}
		add("warnings", t("report.warning.given", nil), c.Warnings.Given)
		add("warnings", t("report.warning.confirmed", nil), c.Warnings.Confirmed)
		for _, s := range []struct {
			id string
			n  int
		}{{"none", c.Signing.None}, {"saved", c.Signing.Saved}, {"midConfirmed", c.Signing.MidConfirmed},
			{"endCompleted", c.Signing.EndCompleted}, {"signing", c.Signing.Signing}, {"locked", c.Signing.Locked}} {
			key := "report.signing." + s.id
			if s.id == "signing" {
				key = "report.live.signing"
			}
			add("signing", t(key, nil), s.n)
		}
		add("results", t("report.result.passed", nil), c.Results.Passed)
		add("results", t("report.result.failed", nil), c.Results.Failed)
		add("results", t("report.live.pending", nil), c.Results.Pending)
		for _, a := range c.Areas {
			for i, n := range a.Levels {
				label := strconv.Itoa(i)
				if i < len(forms.GradingLabels) {
					label = forms.GradingLabels[i]
				}
				add("areas", a.Name+": "+label, n)
			}
			add("areas", a.Name+": "+t("full.pdf.notRelevant", nil), a.NotRelevant)
			add("areas", a.Name+": "+t("report.live.belowExpected", nil), a.BelowExpected)
			add("areas", a.Name+": "+t("report.live.meetsExpected", nil), a.MeetsExpected)
			add("areas", a.Name+": "+t("report.live.noExpectation", nil), a.NoExpectation)
		}
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("write the semester report: %w", err)
	}
	return nil
}

// LiveCSVParams is the path and query of the live report's CSV.
type LiveCSVParams struct {
	PeriodID  int64  `path:"id" minimum:"1" description:"The semester"`
	SubjectID int64  `query:"subjectId" minimum:"0" description:"As in the report"`
	ClassID   int64  `query:"classId" minimum:"0" description:"As in the report"`
	Lang      string `query:"lang" enum:"nb,nn,en" description:"The language of the texts; otherwise Accept-Language decides"`
}

var (
	// HandleSemester serves GET /api/periods/{id}/report: the live report.
	HandleSemester = edge.Read(http.StatusOK, Semester)

	// HandleStudents serves GET /api/periods/{id}/report/students: the
	// students behind one number of the report.
	HandleStudents = edge.Read(http.StatusOK, Students)
)

// HandleSemesterCSV serves GET /api/periods/{id}/report/csv: the live
// report as shown, as CSV ('Rapport {semester}.csv').
func HandleSemesterCSV(c *echo.Context) error {
	var p LiveCSVParams
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	lang := languageOf(c, p.Lang)
	r, err := Semester(ctx, Filter{PeriodID: p.PeriodID, SubjectID: p.SubjectID, ClassID: p.ClassID})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := WriteSemesterCSV(&buf, r, lang); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", download.Disposition("attachment", "Rapport "+r.PeriodName+".csv"))
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Language", lang)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
