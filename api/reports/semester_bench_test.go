package reports_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/progress"
	"github.com/praksis/praksis/api/reports"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
	"github.com/praksis/praksis/tenants/testdb"
)

// benchClasses and benchStudents are the semester the benchmark reads: 60
// classes of about 33 students, 2,000 in all.
const (
	benchClasses  = 60
	benchStudents = 2000
)

// seedBenchSemester fills a school with a semester at its end: every class
// with the main form of six areas of four graded questions at mid and end
// and deadlines for both, each student with an earlier placement of the
// same form, every student's and most supervisors' and teachers' sets
// delivered with all questions answered, some warnings and signing forms.
func seedBenchSemester(b *testing.B, db *testdb.DB) {
	b.Helper()
	db.Exec(b, "bench", `
		INSERT INTO periods (name, start_date, end_date) VALUES ('Vår 2026', '2026-01-01', '2026-06-30'), ('Høst 2026', '2026-07-01', '2026-12-31');
		INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true);
		INSERT INTO question_groups (form_id, name, type, sort_order) SELECT f.id, 'Område ' || g, 2, g FROM forms f, generate_series(1, 6) g;
		INSERT INTO question_group_options (group_id, label, value, sort_order)
			SELECT g.id, o.t, o.n - 1, o.n FROM question_groups g, (VALUES (1, 'Selvstendig'), (2, 'Delvis selvstendig'), (3, 'Veiledet'), (4, 'Assistert'), (5, 'Uselvstendig')) o(n, t);
		INSERT INTO questions (group_id, text, sort_order) SELECT g.id, 'Spørsmål ' || g.sort_order || '.' || q, q FROM question_groups g, generate_series(1, 4) q;
		INSERT INTO subjects (subject_code, name) SELECT 'SYKP' || (1000 + s), 'Praksis ' || s FROM generate_series(1, 60) s;
		INSERT INTO classes (period_id, subject_id, mid_semester_date, end_semester_date)
			SELECT p.id, su.id, CASE WHEN p.name = 'Høst 2026' THEN DATE '2026-10-01' ELSE DATE '2026-03-15' END, CASE WHEN p.name = 'Høst 2026' THEN DATE '2026-12-01' ELSE DATE '2026-05-30' END
			FROM periods p, subjects su;
		INSERT INTO class_forms (class_id, form_id) SELECT c.id, f.id FROM classes c, forms f;
		INSERT INTO assignments (class_id, form_id, is_mid_semester) SELECT c.id, f.id, h FROM classes c, forms f, (VALUES (true), (false)) v(h);
		INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days)
			SELECT p.id, 'answers', f.id, h, r, CASE WHEN h THEN 'midSemester' ELSE 'endSemester' END, 0
			FROM periods p, forms f, (VALUES (true), (false)) v(h), (VALUES ('student'), ('advisor'), ('teacher')) w(r) WHERE p.name = 'Høst 2026';
		INSERT INTO users (display_name, email) SELECT 'Lærer ' || n, 'laerer' || n || '@skole.test' FROM generate_series(1, 60) n;
		INSERT INTO users (display_name, email) SELECT 'Veileder ' || n, 'veileder' || n || '@sykehus.test' FROM generate_series(1, 240) n;
		INSERT INTO users (display_name, email) SELECT 'Student ' || n, 'student' || n || '@student.test' FROM generate_series(1, 2000) n;
		CREATE TEMP TABLE bench_class AS SELECT c.id, c.period_id, p.name = 'Høst 2026' AS now, row_number() OVER (PARTITION BY p.id ORDER BY c.id) - 1 AS k
			FROM classes c JOIN periods p ON p.id = c.period_id;
		INSERT INTO class_teachers (class_id, user_id) SELECT bc.id, u.id FROM bench_class bc JOIN users u ON u.email = 'laerer' || (bc.k + 1) || '@skole.test';
		INSERT INTO class_advisors (class_id, user_id) SELECT bc.id, u.id FROM bench_class bc JOIN users u ON u.email LIKE 'veileder%' AND (substring(u.email from 9 for position('@' in u.email) - 9)::int - 1) / 4 = bc.k;
		INSERT INTO class_students (class_id, user_id) SELECT bc.id, u.id FROM bench_class bc JOIN users u ON u.email LIKE 'student%' AND (substring(u.email from 8 for position('@' in u.email) - 8)::int - 1) % 60 = bc.k;
		INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
			SELECT cs.class_id, cs.user_id, (SELECT ca.user_id FROM class_advisors ca WHERE ca.class_id = cs.class_id ORDER BY ca.user_id OFFSET cs.user_id % 4 LIMIT 1),
				(SELECT ct.user_id FROM class_teachers ct WHERE ct.class_id = cs.class_id), true FROM class_students cs;
		INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at)
			SELECT a.id, a.form_id, r.student_user_id, who.id, a.class_id, c.subject_id, a.is_mid_semester, CASE WHEN r.student_user_id % 7 <> 0 THEN now() END
			FROM student_references r JOIN assignments a ON a.class_id = r.class_id JOIN classes c ON c.id = a.class_id
			CROSS JOIN LATERAL (VALUES (r.student_user_id), (r.advisor_user_id), (r.teacher_user_id)) who(id)
			WHERE who.id = r.student_user_id OR r.student_user_id % 5 <> 0;
		INSERT INTO answers (answer_set_id, question_id, value)
			SELECT s.id, q.id, ((s.student_user_id + q.id + s.user_id) % 5)::text
			FROM answer_sets s JOIN question_groups g ON g.form_id = s.form_id JOIN questions q ON q.group_id = g.id;
		INSERT INTO expectations (class_id, form_id, question_id, is_mid_semester, value)
			SELECT a.class_id, a.form_id, q.id, a.is_mid_semester, CASE WHEN a.is_mid_semester THEN '2' ELSE '1' END
			FROM assignments a JOIN question_groups g ON g.form_id = a.form_id JOIN questions q ON q.group_id = g.id;
		INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary, submitted_at)
			SELECT r.class_id, r.student_user_id, r.teacher_user_id, 'Varsel', 'Krav', 'Sammendrag', now() FROM student_references r WHERE r.student_user_id % 11 = 0;
		INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, overall_passed)
			SELECT r.id, r.class_id, r.student_user_id, DATE '2026-10-01', CASE WHEN r.student_user_id % 3 = 0 THEN 'passed' END FROM student_references r WHERE r.student_user_id % 2 = 0;
		ANALYZE;`)
}

// timing is the latencies and statements of a benchmark's calls.
type timing struct {
	mu         sync.Mutex
	took       []time.Duration
	statements int
}

// add records one call.
func (t *timing) add(d time.Duration, n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.took = append(t.took, d)
	t.statements += n
}

// report gives p50, p99 (ms) and statements per call as the benchmark's
// metrics; alone, when above zero, is the statements of one call made
// alone, for calls timed while others run (whose statements the counter
// cannot tell apart).
func (t *timing) report(b *testing.B, alone int) {
	if alone > 0 {
		t.statements = alone * len(t.took)
	}
	slices.Sort(t.took)
	at := func(q float64) float64 { return float64(t.took[int(q*float64(len(t.took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(float64(t.statements)/float64(len(t.took)), "stmts/op")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkSemester measures the live report of a semester of 2,000
// students in 60 classes (every filter off: the whole semester; and one
// class) and a student's progress page (two placements), each alone and
// under the semester-end load (another admin reading the whole report and
// three students their progress pages all along): p50, p99 and statements
// per call. scripts/bench runs it against its throwaway cluster, each part
// for its --duration:
//
//	go test -run '^$' -bench BenchmarkSemester -benchtime 10s ./api/reports/
func BenchmarkSemester(b *testing.B) {
	db := testdb.New(b)
	db.School(b, "bench", "Benchskole")
	seedBenchSemester(b, db)
	counter := &statements.Counter{}
	root, err := tenants.Open(context.Background(), db.URL, 8, counter)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { tenants.Close(root) })
	ctx := context.Background()
	svc, err := tenants.NewService(ctx, root, db.Migrator)
	if err != nil {
		b.Fatal(err)
	}
	var period, class int64
	var studentIDs []int64
	err = svc.InScope(ctx, "bench", func(_ context.Context, tx *gorm.DB) error {
		if err := tx.Raw("SELECT id FROM periods WHERE name = 'Høst 2026'").Scan(&period).Error; err != nil {
			return err
		}
		if err := tx.Raw("SELECT min(id) FROM classes WHERE period_id = ?", period).Scan(&class).Error; err != nil {
			return err
		}
		return tx.Raw("SELECT user_id FROM class_students WHERE class_id IN (SELECT id FROM classes WHERE period_id = ?) ORDER BY user_id", period).Scan(&studentIDs).Error
	})
	if err != nil {
		b.Fatal(err)
	}
	if len(studentIDs) != benchStudents {
		b.Fatalf("seeded %d students, want %d", len(studentIDs), benchStudents)
	}
	// call runs f in the school's scope and times it with its statements
	// (counted only when one call runs at a time).
	call := func(t *timing, counted bool, f func(ctx context.Context) error) {
		if counted {
			counter.Reset()
		}
		start := time.Now()
		if err := svc.InScope(ctx, "bench", func(ctx context.Context, _ *gorm.DB) error { return f(ctx) }); err != nil {
			b.Fatal(err)
		}
		n := 0
		if counted {
			n = counter.Count()
		}
		t.add(time.Since(start), n)
	}
	report := func(f reports.Filter) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			r, err := reports.Semester(ctx, f)
			if err == nil && f.ClassID == 0 && len(r.Classes) != benchClasses {
				return fmt.Errorf("report of %d classes", len(r.Classes))
			}
			return err
		}
	}
	own := func(id int64) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			_, err := progress.Read(ctx, &auth.Caller{UserID: id, Roles: []int64{users.RoleStudent}}, id)
			return err
		}
	}
	// alone runs f, a call of the kind measured, once alone and counts its
	// statements.
	alone := func(f func(ctx context.Context) error) int {
		t := &timing{}
		call(t, true, f)
		return t.statements
	}
	// underLoad times f while one reader of the whole report and three of
	// other students' progress pages run all along.
	underLoad := func(b *testing.B, f func(i int) func(ctx context.Context) error) {
		n := alone(f(0))
		t := &timing{}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				background := &timing{}
				for i := w; ; i += 4 {
					select {
					case <-stop:
						return
					default:
					}
					if w == 0 {
						call(background, false, report(reports.Filter{PeriodID: period}))
					} else {
						call(background, false, own(studentIDs[(i*37)%len(studentIDs)]))
					}
				}
			})
		}
		i := 0
		for b.Loop() {
			call(t, false, f(i))
			i++
		}
		close(stop)
		wg.Wait()
		t.report(b, n)
	}
	b.Run("report/semester", func(b *testing.B) {
		t := &timing{}
		for b.Loop() {
			call(t, true, report(reports.Filter{PeriodID: period}))
		}
		t.report(b, 0)
	})
	b.Run("report/class", func(b *testing.B) {
		t := &timing{}
		for b.Loop() {
			call(t, true, report(reports.Filter{PeriodID: period, ClassID: class}))
		}
		t.report(b, 0)
	})
	b.Run("report/under-load", func(b *testing.B) {
		underLoad(b, func(int) func(ctx context.Context) error { return report(reports.Filter{PeriodID: period}) })
	})
	b.Run("progress/alone", func(b *testing.B) {
		t := &timing{}
		i := 0
		for b.Loop() {
			call(t, true, own(studentIDs[i%len(studentIDs)]))
			i++
		}
		t.report(b, 0)
	})
	b.Run("progress/under-load", func(b *testing.B) {
		underLoad(b, func(i int) func(ctx context.Context) error { return own(studentIDs[i%len(studentIDs)]) })
	})
}
