package reports

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/testdb"
)

// The end levels of an area count each student's question once, from the
// newest teacher's set that answers it: a newer set's blank leaves the
// older set's answer standing; supervisors', students' own and
// mid-semester sets do not count; and the drill-down lists the students
// behind each number.
func TestAreaLevelsTakeTheNewestTeachersAnswer(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "skole", "Skolen", "skole.localhost")
	err := db.Service.InScope(context.Background(), "skole", func(ctx context.Context, tx *gorm.DB) error {
		id := scalar(t, tx)
		period := id("INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
		subject := id("INSERT INTO subjects (subject_code, name) VALUES ('SYKP2100', 'Medisinsk praksis') RETURNING id")
		class := id("INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", period, subject)
		form := id("INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
		group := id("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Kommunikasjon', 2, 1) RETURNING id", form)
		id("INSERT INTO question_group_options (group_id, label, value, sort_order) SELECT ?, 'Nivå ' || n, n - 1, n FROM generate_series(1, 5) n RETURNING 0", group)
		q := []int64{0, 0, 0}
		for i := range q {
			q[i] = id("INSERT INTO questions (group_id, text, sort_order) VALUES (?, ?, ?) RETURNING id", group, fmt.Sprintf("Q%d", i+1), i+1)
		}
		id("INSERT INTO class_forms (class_id, form_id) VALUES (?, ?) RETURNING class_id", class, form)
		id("INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false) RETURNING 0", class, form, class, form)
		id("INSERT INTO expectations (class_id, form_id, question_id, is_mid_semester, value) VALUES (?, ?, ?, false, '1') RETURNING 0", class, form, q[0])
		user := func(name string) int64 {
			return id("INSERT INTO users (display_name, email) VALUES (?, ?) RETURNING id", name, name+"@skole.test")
		}
		tone, trond, per, ola, kari := user("Tone"), user("Trond"), user("Per"), user("Ola"), user("Kari")
		for _, m := range []struct {
			table string
			who   int64
		}{{"class_teachers", tone}, {"class_teachers", trond}, {"class_advisors", per}, {"class_students", ola}, {"class_students", kari}} {
			id("INSERT INTO "+m.table+" (class_id, user_id) VALUES (?, ?) RETURNING 0", class, m.who)
		}
		id("INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true) RETURNING id", class, ola, per, tone)
		id("INSERT INTO student_references (class_id, student_user_id, teacher_user_id) VALUES (?, ?, ?) RETURNING id", class, kari, tone)
		answer := func(student, by int64, mid bool, daysAgo int, values map[int64]string) {
			set := id(`INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, updated_at)
				SELECT a.id, a.form_id, ?, ?, a.class_id, ?, a.is_mid_semester, now() - make_interval(days => ?) FROM assignments a
				WHERE a.class_id = ? AND a.is_mid_semester = ? RETURNING id`, student, by, subject, daysAgo, class, mid)
			for question, v := range values {
				id("INSERT INTO answers (answer_set_id, question_id, value) VALUES (?, ?, ?) RETURNING id", set, question, v)
			}
		}
		answer(ola, tone, false, 2, map[int64]string{q[0]: "0", q[1]: "3", q[2]: "4"})
		answer(ola, trond, false, 1, map[int64]string{q[0]: "2", q[1]: "  "})
		answer(ola, per, false, 0, map[int64]string{q[0]: "4"})
		answer(ola, ola, false, 0, map[int64]string{q[0]: "4"})
		answer(kari, tone, false, 3, map[int64]string{q[0]: "5", q[1]: "1"})
		answer(kari, tone, true, 0, map[int64]string{q[0]: "0"})

		r, err := Semester(ctx, Filter{PeriodID: period})
		if err != nil {
			return err
		}
		// Ola: Q1 2 (Trond's, the newer), Q2 3 and Q3 4 (Tone's, which
		// Trond left blank or out); Kari: Q1 not relevant, Q2 1.
		want := AreaLevels{FormID: form, GroupID: group, Name: "Kommunikasjon", Levels: []int{0, 1, 1, 1, 1},
			NotRelevant: 1, BelowExpected: 1, NoExpectation: 3}
		if len(r.Classes) != 1 || len(r.Classes[0].Areas) != 1 || fmt.Sprint(r.Classes[0].Areas[0]) != fmt.Sprint(want) {
			t.Errorf("areas %+v, want %+v", r.Classes, want)
		}
		for _, c := range []struct {
			metric Metric
			level  int
			want   []int64
		}{
			{MetricLevel, 0, nil},
			{MetricLevel, 2, []int64{ola}},
			{MetricLevel, 1, []int64{kari}},
			{MetricNotRelevant, 0, []int64{kari}},
			{MetricBelowExpected, 0, []int64{ola}},
			{MetricMeetsExpected, 0, nil},
			{MetricNoExpectation, 0, []int64{kari, ola}},
		} {
			refs, err := Students(ctx, DrillParams{PeriodID: period, ClassID: class, Metric: c.metric, FormID: form, GroupID: group, Level: c.level})
			if err != nil {
				return err
			}
			var got []int64
			for _, s := range refs {
				got = append(got, s.StudentUserID)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s %d lists %v, want %v", c.metric, c.level, got, c.want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
