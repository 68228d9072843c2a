package classes

import (
	"context"
	"testing"
	"time"
	_ "time/tzdata"

	"github.com/praksis/praksis/api/clock"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants/testdb"
)

// The class page shows each role's deadline of each half with where it
// stands, from the semester's rules and the class's dates as they are now:
// when the admin moves the class's end date, the end deadlines move with
// it and their states follow the clock.
func TestOverviewDeadlinesFollowTheClassDates(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "skole-a", "Skole A")
	var class, student, teacher int64
	id := func(sql string, args ...any) int64 {
		var n int64
		if err := db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error { return tx.Raw(sql, args...).Scan(&n).Error }); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return n
	}
	period := id("INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
	subject := id("INSERT INTO subjects (subject_code, name) VALUES ('SYKP1', 'Praksis') RETURNING id")
	form := id("INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	class = id("INSERT INTO classes (period_id, subject_id, mid_semester_date, end_semester_date) VALUES (?, ?, '2026-10-01', '2026-12-10') RETURNING id", period, subject)
	student = id("INSERT INTO users (display_name, email) VALUES ('Siri Student', 'siri@a.test') RETURNING id")
	teacher = id("INSERT INTO users (display_name, email) VALUES ('Tor Lærer', 'tor@a.test') RETURNING id")
	db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", class, student)
	db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", class, form)
	db.Exec(t, "skole-a", "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false)", class, form, class, form)
	db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days) VALUES
		(?, 'answers', ?, true, 'student', 'midSemester', -3), (?, 'answers', ?, false, 'teacher', 'endSemester', 2)`, period, form, period, form)
	// The student delivered the mid-placement set on the due day.
	db.Exec(t, "skole-a", `INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at)
		SELECT a.id, a.form_id, ?, ?, a.class_id, ?, true, '2026-09-28 20:00+00' FROM assignments a WHERE a.class_id = ? AND a.is_mid_semester`, student, student, subject, class)

	clock.Base = func() time.Time { return time.Date(2026, time.December, 12, 12, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()
	states := func() (mid, end string) {
		var out []StudentOverview
		if err := db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) (err error) {
			out, err = Overview(ctx, class, nil, true, teacher)
			return err
		}); err != nil {
			t.Fatalf("overview: %v", err)
		}
		if len(out) != 1 || len(out[0].Forms) != 1 || len(out[0].Forms[0].Halves) != 2 {
			t.Fatalf("overview: %+v", out)
		}
		show := func(s *deadlines.Status) string {
			if s == nil {
				return "none"
			}
			return s.DueDate.Format(time.DateOnly) + " " + string(s.State)
		}
		h := out[0].Forms[0].Halves
		if h[0].Teacher.Deadline != nil || h[1].Student.Deadline != nil {
			t.Errorf("deadlines without rules: %+v, %+v", h[0].Teacher.Deadline, h[1].Student.Deadline)
		}
		return show(h[0].Student.Deadline), show(h[1].Teacher.Deadline)
	}
	if mid, end := states(); mid != "2026-09-28 onTime" || end != "2026-12-12 open" {
		t.Errorf("before moving the end: mid %s, end %s", mid, end)
	}
	end := periods.DateOf(2026, time.December, 4)
	admin := &auth.Caller{UserID: teacher, Roles: []int64{users.RoleAdmin}}
	if err := db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) error {
		_, err := UpdateDates(auth.WithCaller(ctx, admin), DatesInput{ID: class, EndSemesterDate: OptionalDate{Set: true, Date: &end}})
		return err
	}); err != nil {
		t.Fatalf("move the end date: %v", err)
	}
	if mid, end := states(); mid != "2026-09-28 onTime" || end != "2026-12-06 overdue" {
		t.Errorf("after moving the end to 4 December: mid %s, end %s", mid, end)
	}
}
