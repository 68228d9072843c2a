package reports

import (
	"bytes"
	"context"
	"flag"
	"path/filepath"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/goldenfile"
	"github.com/praksis/praksis/tenants/testdb"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// scalar runs a statement that returns one number (an id, mostly) and
// gives it, failing the test on an error.
func scalar(t *testing.T, tx *gorm.DB) func(sql string, args ...any) int64 {
	return func(sql string, args ...any) int64 {
		t.Helper()
		var n int64
		if err := tx.Raw(sql, args...).Scan(&n).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return n
	}
}

// seedSemester makes a semester of two classes whose students cover every
// column: forms answered in part by each role, a supervisor-less student,
// warnings in each state, signing forms in several states and both
// results, a name a spreadsheet would take for a formula, and a student of
// another semester who must not appear.
func seedSemester(t *testing.T, tx *gorm.DB) int64 {
	t.Helper()
	id := scalar(t, tx)
	exec := func(sql string, args ...any) {
		t.Helper()
		if err := tx.Exec(sql, args...).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	user := func(name, email string) int64 {
		return id("INSERT INTO users (display_name, email) VALUES (?, ?) RETURNING id", name, email)
	}
	period := id("INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
	earlier := id("INSERT INTO periods (name, start_date, end_date) VALUES ('Vår 2026', '2026-01-01', '2026-06-30') RETURNING id")
	medical := id("INSERT INTO subjects (subject_code, name) VALUES ('SYKP2100', 'Medisinsk praksis') RETURNING id")
	mental := id("INSERT INTO subjects (subject_code, name) VALUES ('SYKP3000', 'Psykisk helse; akutt') RETURNING id")
	c1 := id("INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", period, medical)
	c2 := id("INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", period, mental)
	old := id("INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", earlier, medical)

	main := id("INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	g1 := id("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Kommunikasjon', 2, 1) RETURNING id", main)
	g2 := id("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Refleksjon', 1, 2) RETURNING id", main)
	g3 := id("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Ikke i bruk', 0, 3) RETURNING id", main)
	q1 := id("INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Q1', 1) RETURNING id", g1)
	q2 := id("INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Q2', 2) RETURNING id", g1)
	q3 := id("INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Q3', 1) RETURNING id", g2)
	exec("INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Ubrukt', 1)", g3)
	specific := id(`INSERT INTO forms (name) VALUES ('Spesifikke, "sår"') RETURNING id`)
	sg := id("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Sår', 2, 1) RETURNING id", specific)
	sq := id("INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Sårstell', 1) RETURNING id", sg)
	for _, cf := range [][2]int64{{c1, main}, {c1, specific}, {old, main}} {
		exec("INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", cf[0], cf[1])
	}
	exec("INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false), (?, ?, false), (?, ?, true)",
		c1, main, c1, main, c1, specific, old, main)

	teacher := user("Tone Lærer", "tone@skole.test")
	per := user("Per Veileder", "per@sykehus.test")
	anne := user("Anne Annenveileder", "anne@sykehus.test")
	ola := user("Ola Nordmann", "ola@student.test")
	kari := user("Kari Hansen", "kari@student.test")
	formula := user("=Formel Student", "formel@student.test")
	aase := user("Åse Ødegård", "aase@student.test")
	gone := user("Tidligere Student", "tidligere@student.test")
	for _, m := range []struct {
		table        string
		class, users int64
	}{{"class_teachers", c1, teacher}, {"class_teachers", c2, teacher}, {"class_advisors", c1, per}, {"class_advisors", c1, anne},
		{"class_advisors", c2, per}, {"class_students", c1, ola}, {"class_students", c1, kari}, {"class_students", c1, formula},
		{"class_students", c2, aase}, {"class_students", old, gone}} {
		exec("INSERT INTO "+m.table+" (class_id, user_id) VALUES (?, ?)", m.class, m.users)
	}
	olaRef := id("INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true) RETURNING id", c1, ola, per, teacher)
	exec("INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id) VALUES (?, ?, ?, ?)", c1, ola, anne, teacher)
	formulaRef := id("INSERT INTO student_references (class_id, student_user_id, teacher_user_id) VALUES (?, ?, ?) RETURNING id", c1, formula, teacher)
	aaseRef := id("INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true) RETURNING id", c2, aase, per, teacher)
	exec("INSERT INTO student_references (class_id, student_user_id) VALUES (?, ?)", old, gone)

	answer := func(class, form, student, by int64, mid bool, values map[int64]string) {
		set := id(`INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester)
			SELECT a.id, a.form_id, ?, ?, a.class_id, c.subject_id, a.is_mid_semester FROM assignments a JOIN classes c ON c.id = a.class_id
			WHERE a.class_id = ? AND a.form_id = ? AND a.is_mid_semester = ? RETURNING id`, student, by, class, form, mid)
		for q, v := range values {
			exec("INSERT INTO answers (answer_set_id, question_id, value) VALUES (?, ?, ?)", set, q, v)
		}
	}
	answer(c1, main, ola, ola, true, map[int64]string{q1: "1", q2: "5", q3: "Mye"})
	answer(c1, main, ola, per, true, map[int64]string{q1: "2", q2: "2", q3: "  "})
	answer(c1, main, ola, anne, true, map[int64]string{q3: "Bra"})
	answer(c1, main, ola, teacher, true, map[int64]string{q2: "3"})
	answer(c1, main, ola, ola, false, map[int64]string{q1: "0"})
	answer(c1, specific, ola, ola, false, map[int64]string{sq: "1"})
	answer(old, main, gone, gone, true, map[int64]string{q1: "1"})

	exec(`INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary, submitted_at, student_confirmed_at)
		VALUES (?, ?, ?, 'K', 'P', 'S', now() - interval '2 days', now() - interval '1 day')`, c1, ola, teacher)
	exec(`INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment) VALUES (?, ?, ?, 'Utkast')`, c1, kari, teacher)
	exec(`INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary, submitted_at)
		VALUES (?, ?, ?, 'K', 'P', 'S', now())`, c1, formula, teacher)

	exec(`INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, end_semester_completed_date,
			general_competence_areas_passed, specific_competence_areas_passed, overall_passed,
			signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
			signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method)
		VALUES (?, ?, ?, '2026-09-15', '2026-11-30', 'yes', 'yes', 'passed', now(), ?, 'feide', now(), ?, 'feide')`, olaRef, c1, ola, teacher, ola)
	exec(`INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date)
		VALUES (?, ?, ?, '2026-09-15')`, formulaRef, c1, formula)
	exec(`INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, end_semester_completed_date,
			general_competence_areas_passed, specific_competence_areas_passed, overall_passed,
			signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
			signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method,
			signed_by_advisor_date, signed_by_advisor_user_id, signed_by_advisor_sign_in_method, is_locked, locked_at)
		VALUES (?, ?, ?, '2026-09-15', '2026-11-30', 'no', 'yes', 'failed', now(), ?, 'feide', now(), ?, 'feide', now(), ?, 'vipps', true, now())`,
		aaseRef, c2, aase, teacher, aase, per)
	return period
}

// The report's exact bytes for a seeded semester, in both languages.
func TestStudentsCSVGolden(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "skole", "Skolen", "skole.localhost")
	out := map[string]*bytes.Buffer{}
	err := db.Service.InScope(context.Background(), "skole", func(ctx context.Context, tx *gorm.DB) error {
		period := seedSemester(t, tx)
		for _, lang := range []string{"nb", "en"} {
			out[lang] = &bytes.Buffer{}
			name, err := WriteStudentsCSV(ctx, out[lang], period, lang)
			if err != nil {
				return err
			}
			if name != "Høst 2026" {
				t.Errorf("semester name %q", name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for lang, got := range out {
		golden := filepath.Join("testdata", "students-"+lang+".csv")
		want := goldenfile.Read(t, golden, got.Bytes(), *update)
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s differs from %s:\n%s", lang, golden, got.String())
		}
	}
}

func TestStudentsCSVUnknownSemester(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "skole", "Skolen", "skole.localhost")
	err := db.Service.InScope(context.Background(), "skole", func(ctx context.Context, tx *gorm.DB) error {
		_, err := WriteStudentsCSV(ctx, &bytes.Buffer{}, 4242, "nb")
		return err
	})
	if err == nil {
		t.Fatal("a report of no semester")
	}
}
