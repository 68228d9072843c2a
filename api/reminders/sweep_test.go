package reminders

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/tenants/testdb"
)

// discardJobs takes the outbox's send jobs and drops them: the tests read
// the outbox itself.
type discardJobs struct{}

func (discardJobs) Enqueue(context.Context, river.JobArgs, *river.InsertOpts) error { return nil }

// placement is a school with one class (mid-semester 1 October, end 10
// December 2026) using a main form, and in it: Siri, who has not delivered
// (her supervisor Arne writes Nynorsk, her teacher is Tone); Dag, who
// delivered; Vera, deactivated; Olav, who turned before-deadline reminders
// off; and Erik, an erased supervisor of Olav.
type placement struct {
	db                                      *testdb.DB
	class, form, assignment                 int64
	siri, dag, vera, olav, arne, erik, tone int64
	sweeper                                 *Sweeper
}

func newPlacement(t *testing.T) *placement {
	t.Helper()
	db := testdb.New(t)
	db.School(t, "skole-a", "Skole A", "a.localhost")
	p := &placement{db: db, sweeper: NewSweeper(mail.NewOutbox(discardJobs{}), func(host string) string { return "https://" + host })}
	period := p.id(t, "INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
	subject := p.id(t, "INSERT INTO subjects (subject_code, name) VALUES ('SYKP1', 'Medisinsk praksis') RETURNING id")
	p.class = p.id(t, "INSERT INTO classes (period_id, subject_id, mid_semester_date, end_semester_date) VALUES (?, ?, '2026-10-01', '2026-12-10') RETURNING id", period, subject)
	p.form = p.id(t, "INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	p.db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", p.class, p.form)
	p.assignment = p.id(t, "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true) RETURNING id", p.class, p.form)
	user := func(name, lang string) int64 {
		return p.id(t, "INSERT INTO users (display_name, email, language) VALUES (?, ?, ?) RETURNING id", name, strings.ToLower(name)+"@skole.test", lang)
	}
	p.siri, p.dag, p.vera, p.olav = user("Siri", "nb"), user("Dag", "nb"), user("Vera", "nb"), user("Olav", "en")
	p.arne, p.erik, p.tone = user("Arne", "nn"), user("Erik", "nb"), user("Tone", "nb")
	p.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", p.class, p.tone)
	p.db.Exec(t, "skole-a", "INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?), (?, ?)", p.class, p.arne, p.class, p.erik)
	for _, s := range []int64{p.siri, p.dag, p.vera, p.olav} {
		p.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", p.class, s)
	}
	p.db.Exec(t, "skole-a", `INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
		VALUES (?, ?, ?, ?, true), (?, ?, ?, ?, true)`, p.class, p.siri, p.arne, p.tone, p.class, p.olav, p.erik, p.tone)
	p.db.Exec(t, "skole-a", `INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at)
		VALUES (?, ?, ?, ?, ?, ?, true, '2026-09-20T10:00:00Z')`, p.assignment, p.form, p.dag, p.dag, p.class, subject)
	p.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?", p.vera)
	// As erasure leaves an account that must stay: no name, no address.
	p.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now(), email = 'erased-' || id || '@erased.invalid' WHERE id = ?", p.erik)
	p.db.Exec(t, "skole-a", "INSERT INTO reminder_opt_outs (user_id, kind) VALUES (?, 'before')", p.olav)
	// The student's part is due 28 September, the supervisor's 1 October,
	// the teacher's 2 October.
	p.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days)
		VALUES (?, 'answers', ?, true, 'student', 'midSemester', -3), (?, 'answers', ?, true, 'advisor', 'midSemester', 0),
		(?, 'answers', ?, true, 'teacher', 'midSemester', 1)`, period, p.form, period, p.form, period, p.form)
	return p
}

func (p *placement) id(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := p.db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(sql, args...).Scan(&id).Error
	}); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// sweep runs one sweep at now and returns how many it queued.
func (p *placement) sweep(t *testing.T, now time.Time) int {
	t.Helper()
	var n int
	if err := p.db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) (err error) {
		n, err = p.sweeper.Sweep(ctx, now)
		return err
	}); err != nil {
		t.Fatalf("sweep at %s: %v", now, err)
	}
	return n
}

// outbox returns the messages queued so far as "to: subject", and their
// texts by address, and empties it.
func (p *placement) outbox(t *testing.T) ([]string, map[string]string) {
	t.Helper()
	var rows []struct{ ToAddress, Subject, TextBody string }
	if err := p.db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("DELETE FROM mail_outbox RETURNING to_address, subject, text_body").Scan(&rows).Error
	}); err != nil {
		t.Fatal(err)
	}
	var list []string
	texts := map[string]string{}
	for _, r := range rows {
		list = append(list, r.ToAddress+": "+r.Subject)
		texts[r.ToAddress] = r.TextBody
	}
	slices.Sort(list)
	return list, texts
}

// oslo gives a time in Norway in the autumn of 2026.
func osloTime(month time.Month, day, hour int) time.Time {
	return time.Date(2026, month, day, hour, 0, 0, 0, oslo)
}

// Over the weeks around the deadlines each reminder goes once and only to
// whoever still has to deliver, in their language with a link to the form:
// three days before, the student who has not delivered (not the one who
// did, the deactivated one or the one who turned them off); the next day
// nothing (that reminder went); none in quiet hours, the one-day reminder
// at seven; once overdue a notice to each undelivered student who keeps
// notices on, a before-deadline reminder to the Nynorsk supervisor (not to
// the erased one), and one digest to the teacher listing both late
// students; later that day nothing more.
func TestSweepSendsEachReminderOnceToWhoeverMustDeliver(t *testing.T) {
	p := newPlacement(t)
	steps := []struct {
		name string
		at   time.Time
		want []string
		// in holds a piece of text each recipient's message must hold.
		in map[string][]string
	}{
		{"three days before the student's deadline", osloTime(time.September, 25, 10),
			[]string{"siri@skole.test: Påminnelse: frist for Hovedskjema ved midtveis (studentens del) er 28. sep. 2026"},
			map[string][]string{"siri@skole.test": {"Hei Siri!", "(om 3 dager)",
				fmt.Sprintf("https://a.localhost/student/%d/form/%d/class/%d/assignment/%d", p.siri, p.form, p.class, p.assignment)}}},
		{"the same hour again", osloTime(time.September, 25, 11), nil, nil},
		{"two days before: the three-day reminder went", osloTime(time.September, 26, 10), nil, nil},
		{"the evening before the last day is quiet", osloTime(time.September, 26, 22), nil, nil},
		{"early morning is quiet", osloTime(time.September, 27, 6), nil, nil},
		{"the one-day reminder at seven", osloTime(time.September, 27, 7),
			[]string{"siri@skole.test: Påminnelse: frist for Hovedskjema ved midtveis (studentens del) er 28. sep. 2026"},
			map[string][]string{"siri@skole.test": {"(om 1 dager)"}}},
		{"the day after the student's deadline", osloTime(time.September, 29, 10),
			[]string{
				"arne@skole.test: Påminning: frist for Hovedskjema ved midtvegs (praksisrettleiaren sin del) er 1. okt. 2026",
				"olav@skole.test: Deadline passed: The mid-semester Hovedskjema (the student's part) was due 28 Sep 2026",
				"siri@skole.test: Fristen er ute: Hovedskjema ved midtveis (studentens del) skulle vært levert 28. sep. 2026",
				"tone@skole.test: Skole A: 2 forsinket for studentene dine",
			},
			map[string][]string{
				"arne@skole.test": {"Hei Arne!", "for Siri", fmt.Sprintf("https://a.localhost/advisor/class/%d/student/%d/form/%d/assignment/%d", p.class, p.siri, p.form, p.assignment)},
				"tone@skole.test": {"Olav (Medisinsk praksis): Hovedskjema ved midtveis (studentens del), frist 28. sep. 2026",
					"Siri (Medisinsk praksis): Hovedskjema ved midtveis (studentens del), frist 28. sep. 2026", "https://a.localhost/teacher"},
			}},
		{"later that day", osloTime(time.September, 29, 16), nil, nil},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			n := p.sweep(t, s.at)
			got, texts := p.outbox(t)
			if n != len(got) || !slices.Equal(got, s.want) {
				t.Fatalf("queued %d:\n%s\nwant:\n%s", n, strings.Join(got, "\n"), strings.Join(s.want, "\n"))
			}
			for to, pieces := range s.in {
				for _, piece := range pieces {
					if !strings.Contains(texts[to], piece) {
						t.Errorf("message to %s lacks %q:\n%s", to, piece, texts[to])
					}
				}
			}
		})
	}
}

// A teacher gets one digest a day whatever the number of late items, and
// none after turning digests off; a supervisor who turned overdue notices
// off gets none.
func TestDigestOncePerDayAndOptOut(t *testing.T) {
	p := newPlacement(t)
	if n := p.sweep(t, osloTime(time.October, 3, 9)); n == 0 {
		t.Fatal("nothing queued three days after the deadlines")
	}
	got, texts := p.outbox(t)
	var digests int
	for _, g := range got {
		if strings.HasPrefix(g, "tone@") {
			digests++
		}
	}
	// Every active student but Dag misses the student's part (2); nobody
	// delivered the supervisor's or the teacher's part (3 each); Vera is
	// deactivated and left out.
	if digests != 1 || strings.Count(texts["tone@skole.test"], "(Medisinsk praksis):") != 8 || strings.Contains(texts["tone@skole.test"], "Vera") {
		t.Fatalf("digests %d in %v:\n%s", digests, got, texts["tone@skole.test"])
	}
	if n := p.sweep(t, osloTime(time.October, 3, 17)); n != 0 {
		t.Fatalf("a second digest the same day: %d", n)
	}
	p.db.Exec(t, "skole-a", "INSERT INTO reminder_opt_outs (user_id, kind) VALUES (?, 'digest'), (?, 'overdue')", p.tone, p.arne)
	p.db.Exec(t, "skole-a", "DELETE FROM reminders_sent")
	p.sweep(t, osloTime(time.October, 4, 9))
	got, _ = p.outbox(t)
	for _, g := range got {
		if strings.HasPrefix(g, "tone@") || strings.HasPrefix(g, "arne@") {
			t.Errorf("sent despite turning it off: %s", g)
		}
	}
	if len(got) == 0 {
		t.Error("opting out of one person's kind stopped everyone's")
	}
}

// Two sweeps of the same school at once send each reminder once: the
// second waits for the first's records and finds them taken.
func TestConcurrentSweepsSendOnce(t *testing.T) {
	p := newPlacement(t)
	at := osloTime(time.September, 29, 10)
	firstDone, release := make(chan int), make(chan struct{})
	var wg sync.WaitGroup
	var second int
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := p.db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) error {
			n, err := p.sweeper.Sweep(ctx, at)
			firstDone <- n
			<-release
			return err
		}); err != nil {
			t.Error(err)
		}
	}()
	first := <-firstDone
	go func() {
		defer wg.Done()
		if err := p.db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) (err error) {
			second, err = p.sweeper.Sweep(ctx, at)
			return err
		}); err != nil {
			t.Error(err)
		}
	}()
	// Let the second sweep reach the records the first holds uncommitted.
	time.Sleep(300 * time.Millisecond)
	close(release)
	wg.Wait()
	got, _ := p.outbox(t)
	if first != 4 || second != 0 || len(got) != 4 {
		t.Fatalf("first queued %d, second %d, outbox %d: %v", first, second, len(got), got)
	}
}

// The reminders before a deadline go on the nearest chosen day at or
// after the days left (a missed day is made up once); passed deadlines
// give notices for a week and digests for a month; the teacher's own
// deadlines go to digests only; a school without overdue notices gets
// none.
func TestDueList(t *testing.T) {
	sched := Schedule{DaysBefore: []int{3, 1}, Overdue: true}
	cases := []struct {
		left             int
		sched            Schedule
		student, teacher string
	}{
		{4, sched, "", ""},
		{3, sched, "before/3", ""},
		{2, sched, "before/3", ""},
		{1, sched, "before/1", ""},
		{0, sched, "before/1", ""},
		{-1, sched, "overdue/ digest/", "digest/"},
		{-7, sched, "overdue/ digest/", "digest/"},
		{-8, sched, "digest/", "digest/"},
		{-31, sched, "", ""},
		{-1, Schedule{DaysBefore: []int{}}, "digest/", "digest/"},
		{5, Schedule{DaysBefore: []int{7}}, "before/7", ""},
	}
	today := time.Date(2026, time.October, 5, 0, 0, 0, 0, time.UTC)
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d days left", c.left), func(t *testing.T) {
			for role, want := range map[deadlines.Role]string{deadlines.Student: c.student, deadlines.Teacher: c.teacher} {
				d := deadlines.Deadline{Key: deadlines.Key{Item: deadlines.Answers, FormID: 1, IsMidSemester: true, Role: role},
					DueDate: periods.Date{Time: today.AddDate(0, 0, c.left)}}
				var parts []string
				for _, x := range dueList(map[int64][]deadlines.Deadline{7: {d}}, c.sched, today) {
					parts = append(parts, string(x.Kind)+"/"+x.Step)
				}
				slices.Sort(parts)
				slices.Reverse(parts)
				if got := strings.Join(parts, " "); got != want {
					t.Errorf("%s: %q, want %q", role, got, want)
				}
			}
		})
	}
}

// A school's schedule is checked and kept in descending order.
func TestSaveScheduleChecks(t *testing.T) {
	p := newPlacement(t)
	cases := []struct {
		in      Schedule
		want    []int
		wantErr string
	}{
		{Schedule{DaysBefore: []int{1, 3, 3}, Overdue: true}, []int{3, 1}, ""},
		{Schedule{DaysBefore: []int{}}, []int{}, ""},
		{Schedule{}, nil, "reminders.daysBeforeRequired"},
		{Schedule{DaysBefore: []int{31}}, nil, "reminders.daysBeforeRange"},
		{Schedule{DaysBefore: []int{-1}}, nil, "reminders.daysBeforeRange"},
		{Schedule{DaysBefore: []int{1, 2, 3, 4, 5, 6}}, nil, "reminders.tooManySteps"},
	}
	for _, c := range cases {
		var got Schedule
		err := p.db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) (err error) {
			if _, err = SaveSchedule(ctx, c.in); err != nil {
				return err
			}
			got, err = LoadSchedule(ctx)
			return err
		})
		switch {
		case c.wantErr != "":
			e, ok := apperror.As(err)
			if !ok || len(e.Fields) != 1 || e.Fields[0].MessageID != c.wantErr {
				t.Errorf("%v: %v, want %s", c.in, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%v: %v", c.in, err)
		case !slices.Equal(got.DaysBefore, c.want) || got.Overdue != c.in.Overdue:
			t.Errorf("%v: stored %v", c.in, got)
		}
	}
}

// A signature is reminded only to the parties that have not signed, and
// only once the end section is complete (before that nobody can sign).
func TestSignatureRemindersGoToThoseWhoHaveNotSigned(t *testing.T) {
	p := newPlacement(t)
	p.db.Exec(t, "skole-a", "DELETE FROM deadline_rules")
	p.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, role, anchor, offset_days)
		SELECT id, 'signature', r, 'endSemester', 0 FROM periods, unnest(array['student', 'advisor']) r`)
	p.db.Exec(t, "skole-a", `INSERT INTO signing_forms (student_reference_id, class_id, student_user_id)
		SELECT id, class_id, student_user_id FROM student_references WHERE student_user_id = ?`, p.siri)
	at := osloTime(time.December, 9, 12)
	if n := p.sweep(t, at); n != 0 {
		got, _ := p.outbox(t)
		t.Fatalf("reminded before the end section was complete: %v", got)
	}
	p.db.Exec(t, "skole-a", `UPDATE signing_forms SET mid_semester_completed_date = '2026-10-01', end_semester_completed_date = '2026-12-08',
		signed_by_student_date = now(), signed_by_student_user_id = student_user_id, signed_by_student_sign_in_method = 'code'
		WHERE student_user_id = ?`, p.siri)
	p.sweep(t, at)
	got, texts := p.outbox(t)
	want := []string{"arne@skole.test: Påminning: frist for signaturen på signeringsskjemaet (praksisrettleiaren sin del) er 10. des. 2026"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if link := fmt.Sprintf("https://a.localhost/advisor/class/%d/student/%d/signingform", p.class, p.siri); !strings.Contains(texts["arne@skole.test"], link) {
		t.Errorf("no link %s in:\n%s", link, texts["arne@skole.test"])
	}
}
