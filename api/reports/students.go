// Package reports makes what admins read and hand on about a semester: the
// CSV file of every student's progress, warnings, signing forms and
// results, one row per student and class; and the live report, the same
// facts counted per class while the semester runs, with the students
// behind every number and a CSV of what is shown.
package reports

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Separator is the field separator of the CSV files: a semicolon, which
// spreadsheet programs in Norwegian locales expect (the comma is their
// decimal mark).
const Separator = ';'

// bom makes spreadsheet programs read the file as UTF-8, so æ, ø and å
// come out right.
var bom = []byte{0xEF, 0xBB, 0xBF}

// The roles whose answers the report counts, in column order.
var answerRoles = []string{"student", "advisor", "teacher"}

type key struct{ classID, studentID int64 }

type formColumn struct {
	id    int64
	name  string
	mid   bool
	role  string
	total int
}

type studentRow struct {
	ClassID     int64
	SubjectCode string
	SubjectName string
	StudentID   int64
	DisplayName string
	Email       string
}

type signing struct {
	IsLocked                 bool
	MidSemesterCompletedDate *string
	EndSemesterCompletedDate *string
	SignedByTeacher          bool
	SignedByStudent          bool
	SignedByAdvisor          bool
	OverallPassed            *string
}

// report is everything the rows are made of, loaded in a few queries for
// the whole semester.
type report struct {
	students    []studentRow
	teachers    map[key][]string
	supervisors map[key][]string
	columns     []formColumn
	classForms  map[int64]map[int64]bool
	answered    map[string]int
	warnings    map[key]string
	signings    map[key]signing
}

func answeredKey(k key, formID int64, mid bool, role string) string {
	return fmt.Sprintf("%d/%d/%d/%t/%s", k.classID, k.studentID, formID, mid, role)
}

func load(ctx context.Context, periodID int64) (*report, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	r := &report{teachers: map[key][]string{}, supervisors: map[key][]string{}, classForms: map[int64]map[int64]bool{},
		answered: map[string]int{}, warnings: map[key]string{}, signings: map[key]signing{}}
	if err := tx.Raw(`SELECT c.id AS class_id, s.subject_code, s.name AS subject_name, u.id AS student_id, u.display_name, u.email
		FROM classes c JOIN subjects s ON s.id = c.subject_id
		JOIN class_students cs ON cs.class_id = c.id JOIN users u ON u.id = cs.user_id
		WHERE c.period_id = ? ORDER BY s.subject_code, u.display_name, u.id`, periodID).Scan(&r.students).Error; err != nil {
		return nil, fmt.Errorf("load students of semester %d: %w", periodID, err)
	}

	var people []struct {
		ClassID, StudentUserID int64
		Kind, DisplayName      string
	}
	if err := tx.Raw(`SELECT DISTINCT r.class_id, r.student_user_id, 'teacher' AS kind, t.display_name, false AS is_primary, t.id
		FROM student_references r JOIN classes c ON c.id = r.class_id JOIN users t ON t.id = r.teacher_user_id
		WHERE c.period_id = ?
		UNION
		SELECT r.class_id, r.student_user_id, 'advisor', a.display_name, r.is_primary, a.id
		FROM student_references r JOIN classes c ON c.id = r.class_id JOIN users a ON a.id = r.advisor_user_id
		WHERE c.period_id = ?
		ORDER BY 1, 2, 3, 5 DESC, 4, 6`, periodID, periodID).Scan(&people).Error; err != nil {
		return nil, fmt.Errorf("load teachers and supervisors of semester %d: %w", periodID, err)
	}
	for _, p := range people {
		k := key{p.ClassID, p.StudentUserID}
		if p.Kind == "teacher" {
			r.teachers[k] = append(r.teachers[k], p.DisplayName)
		} else {
			r.supervisors[k] = append(r.supervisors[k], p.DisplayName)
		}
	}

	var fs []struct {
		ID         int64
		Name       string
		IsMainForm bool
		Total      int
	}
	if err := tx.Raw(`SELECT f.id, f.name, f.is_main_form,
			(SELECT count(*) FROM questions q JOIN question_groups g ON g.id = q.group_id
			 WHERE g.form_id = f.id AND g.type IN (?, ?)) AS total
		FROM forms f WHERE f.id IN (SELECT cf.form_id FROM class_forms cf JOIN classes c ON c.id = cf.class_id WHERE c.period_id = ?)
		ORDER BY f.is_main_form DESC, f.name, f.id`, forms.TextInput, forms.Grading, periodID).Scan(&fs).Error; err != nil {
		return nil, fmt.Errorf("load forms of semester %d: %w", periodID, err)
	}
	for _, f := range fs {
		for _, mid := range forms.Halves(f.IsMainForm) {
			for _, role := range answerRoles {
				r.columns = append(r.columns, formColumn{id: f.ID, name: f.Name, mid: mid, role: role, total: f.Total})
			}
		}
	}
	var cfs []struct{ ClassID, FormID int64 }
	if err := tx.Raw(`SELECT cf.class_id, cf.form_id FROM class_forms cf JOIN classes c ON c.id = cf.class_id
		WHERE c.period_id = ?`, periodID).Scan(&cfs).Error; err != nil {
		return nil, fmt.Errorf("load class forms of semester %d: %w", periodID, err)
	}
	for _, cf := range cfs {
		if r.classForms[cf.ClassID] == nil {
			r.classForms[cf.ClassID] = map[int64]bool{}
		}
		r.classForms[cf.ClassID][cf.FormID] = true
	}

	// An answer set is the student's own, a supervisor's of that student,
	// or else a teacher's; only the answered questions of answerable groups
	// count, each once per role.
	var counts []struct {
		ClassID, StudentUserID, FormID int64
		IsMidSemester                  bool
		Role                           string
		Answered                       int
	}
	if err := tx.Raw(`SELECT s.class_id, s.student_user_id, s.form_id, s.is_mid_semester,
			CASE WHEN s.user_id = s.student_user_id THEN 'student'
			     WHEN EXISTS (SELECT 1 FROM student_references r WHERE r.class_id = s.class_id
			                  AND r.student_user_id = s.student_user_id AND r.advisor_user_id = s.user_id) THEN 'advisor'
			     ELSE 'teacher' END AS role,
			count(DISTINCT a.question_id) AS answered
		FROM answer_sets s JOIN classes c ON c.id = s.class_id
		JOIN answers a ON a.answer_set_id = s.id
		JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
		WHERE c.period_id = ? AND g.type IN (?, ?) AND a.value IS NOT NULL AND btrim(a.value) <> ''
		GROUP BY 1, 2, 3, 4, 5`, periodID, forms.TextInput, forms.Grading).Scan(&counts).Error; err != nil {
		return nil, fmt.Errorf("count answers of semester %d: %w", periodID, err)
	}
	for _, n := range counts {
		r.answered[answeredKey(key{n.ClassID, n.StudentUserID}, n.FormID, n.IsMidSemester, n.Role)] = n.Answered
	}

	var ws []struct {
		ClassID, StudentUserID int64
		Submitted, Confirmed   bool
	}
	if err := tx.Raw(`SELECT w.class_id, w.student_user_id, w.submitted_at IS NOT NULL AS submitted,
			w.student_confirmed_at IS NOT NULL AS confirmed
		FROM warnings w JOIN classes c ON c.id = w.class_id WHERE c.period_id = ?`, periodID).Scan(&ws).Error; err != nil {
		return nil, fmt.Errorf("load warnings of semester %d: %w", periodID, err)
	}
	for _, w := range ws {
		switch {
		case w.Confirmed:
			r.warnings[key{w.ClassID, w.StudentUserID}] = "confirmed"
		case w.Submitted:
			r.warnings[key{w.ClassID, w.StudentUserID}] = "given"
		}
	}

	var ss []struct {
		ClassID, StudentUserID int64
		Signing                signing `gorm:"embedded"`
	}
	if err := tx.Raw(`SELECT sf.class_id, sf.student_user_id, sf.is_locked,
			sf.mid_semester_completed_date::text AS mid_semester_completed_date,
			sf.end_semester_completed_date::text AS end_semester_completed_date,
			sf.signed_by_teacher_date IS NOT NULL AS signed_by_teacher,
			sf.signed_by_student_date IS NOT NULL AS signed_by_student,
			sf.signed_by_advisor_date IS NOT NULL AS signed_by_advisor,
			sf.overall_passed
		FROM signing_forms sf JOIN classes c ON c.id = sf.class_id WHERE c.period_id = ?`, periodID).Scan(&ss).Error; err != nil {
		return nil, fmt.Errorf("load signing forms of semester %d: %w", periodID, err)
	}
	for _, s := range ss {
		r.signings[key{s.ClassID, s.StudentUserID}] = s.Signing
	}
	return r, nil
}

// safe keeps a spreadsheet from reading a name or text as a formula.
func safe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func signingStatus(t func(string, map[string]any) string, s signing, ok bool) string {
	switch {
	case !ok:
		return t("report.signing.none", nil)
	case s.IsLocked:
		return t("report.signing.locked", nil)
	case s.SignedByTeacher || s.SignedByStudent || s.SignedByAdvisor:
		var who []string
		for _, p := range []struct {
			signed bool
			id     string
		}{{s.SignedByTeacher, "report.party.teacher"}, {s.SignedByStudent, "report.party.student"}, {s.SignedByAdvisor, "report.party.advisor"}} {
			if p.signed {
				who = append(who, t(p.id, nil))
			}
		}
		return t("report.signing.signedBy", map[string]any{"Parties": strings.Join(who, ", ")})
	case s.EndSemesterCompletedDate != nil:
		return t("report.signing.endCompleted", nil)
	case s.MidSemesterCompletedDate != nil:
		return t("report.signing.midConfirmed", nil)
	}
	return t("report.signing.saved", nil)
}

// WriteStudentsCSV writes the semester report in lang to w: a byte-order
// mark, a header row, then one row per student and class, ordered by
// subject code and student name. For each form the semester's classes use,
// and each half it is answered in, there is a column per role (student,
// supervisor, teacher) holding answered/total questions, empty when the
// student's class does not use the form. It returns the semester's name;
// NotFound when there is no such semester.
func WriteStudentsCSV(ctx context.Context, w io.Writer, periodID int64, lang string) (string, error) {
	p, err := periods.Get(ctx, periodID)
	if err != nil {
		return "", err
	}
	r, err := load(ctx, periodID)
	if err != nil {
		return "", err
	}
	cat := texts.Base()
	t := func(id string, data map[string]any) string { return cat.T(lang, id, data) }

	if _, err := w.Write(bom); err != nil {
		return "", fmt.Errorf("write report: %w", err)
	}
	cw := csv.NewWriter(w)
	cw.Comma = Separator
	cw.UseCRLF = true
	header := []string{t("report.subjectCode", nil), t("report.subjectName", nil), t("report.studentName", nil),
		t("report.studentEmail", nil), t("report.teacher", nil), t("report.supervisors", nil)}
	for _, col := range r.columns {
		half := "report.half.end"
		if col.mid {
			half = "report.half.mid"
		}
		header = append(header, safe(t("report.formColumn", map[string]any{
			"Form": col.name, "Half": t(half, nil), "Role": t("report.role."+col.role, nil)})))
	}
	header = append(header, t("report.warning", nil), t("report.signing", nil), t("report.result", nil))
	if err := cw.Write(header); err != nil {
		return "", fmt.Errorf("write report header: %w", err)
	}
	for _, s := range r.students {
		k := key{s.ClassID, s.StudentID}
		row := []string{safe(s.SubjectCode), safe(s.SubjectName), safe(s.DisplayName), safe(s.Email),
			safe(strings.Join(r.teachers[k], ", ")), safe(strings.Join(r.supervisors[k], ", "))}
		for _, col := range r.columns {
			cell := ""
			if r.classForms[s.ClassID][col.id] {
				cell = strconv.Itoa(r.answered[answeredKey(k, col.id, col.mid, col.role)]) + "/" + strconv.Itoa(col.total)
			}
			row = append(row, cell)
		}
		warning := r.warnings[k]
		if warning == "" {
			warning = "none"
		}
		sf, ok := r.signings[k]
		result := ""
		if ok && sf.OverallPassed != nil {
			result = t("report.result."+*sf.OverallPassed, nil)
		}
		row = append(row, t("report.warning."+warning, nil), signingStatus(t, sf, ok), result)
		if err := cw.Write(row); err != nil {
			return "", fmt.Errorf("write report row: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return "", fmt.Errorf("write report: %w", err)
	}
	return p.Name, nil
}

// FileName is the name of a semester's report (spec §9).
func FileName(semester string) string { return "Student Rapport " + semester + ".csv" }

// CSVParams is the path and query of GET /api/periods/{id}/students-csv.
type CSVParams struct {
	ID   int64  `path:"id" description:"The semester's id"`
	Lang string `query:"lang" enum:"nb,nn,en" description:"The language of the header and status texts; otherwise Accept-Language decides"`
}

// HandleStudentsCSV serves GET /api/periods/{id}/students-csv: the
// semester report as a download, its header row in the caller's language
// (?lang= or Accept-Language). The answer is a file, so this is a plain
// handler.
func HandleStudentsCSV(c *echo.Context) error {
	var p CSVParams
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	ctx := c.Request().Context()
	lang := languageOf(c, p.Lang)
	var buf bytes.Buffer
	name, err := WriteStudentsCSV(ctx, &buf, p.ID, lang)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", download.Disposition("attachment", FileName(name)))
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Language", lang)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// languageOf is the language a file is written in: lang when given, else
// the request's Accept-Language, else the school's default.
func languageOf(c *echo.Context, lang string) string {
	fallback := texts.Default
	if t := tenants.Current(c.Request().Context()); t != nil {
		fallback = t.DefaultLanguage
	}
	return texts.Negotiate(lang, c.Request().Header.Get("Accept-Language"), fallback)
}
