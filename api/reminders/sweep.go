package reminders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Quiet hours in Norway: no reminder goes between QuietFrom and QuietUntil
// o'clock; the first sweep from QuietUntil sends what waited.
const (
	QuietFrom  = 22
	QuietUntil = 7
)

// OverdueWindow is how long after a deadline its overdue notice may still
// go, and DigestWindow how long a passed deadline keeps a student on their
// teacher's digest: a school that turns reminders on, or a sweep missed
// for days, does not notify anyone of deadlines long past.
const (
	OverdueWindow = 7
	DigestWindow  = 30
)

// oslo is the time zone of due dates and quiet hours.
var oslo = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// Quiet reports whether now falls in Norway's quiet hours.
func Quiet(now time.Time) bool {
	h := now.In(oslo).Hour()
	return h >= QuietFrom || h < QuietUntil
}

// BatchOutbox queues many messages in the current school scope's
// transaction in a few statements.
type BatchOutbox interface {
	QueueAll(ctx context.Context, ms []mail.Message) error
}

// Sweeper sends a school's deadline reminders.
type Sweeper struct {
	outbox    BatchOutbox
	publicURL func(host string) string
}

// NewSweeper makes the sweeper; publicURL turns a school host into the
// absolute base URL of its links.
func NewSweeper(outbox BatchOutbox, publicURL func(host string) string) *Sweeper {
	return &Sweeper{outbox: outbox, publicURL: publicURL}
}

// due is one deadline the sweep looks at, as the candidates statement
// takes it.
type due struct {
	Class int64  `json:"c"`
	Item  string `json:"item"`
	Form  int64  `json:"f"`
	Mid   bool   `json:"mid"`
	Role  string `json:"role"`
	Due   string `json:"due"`
	Kind  Kind   `json:"kind"`
	Step  string `json:"step"`
}

// candidate is one reminder someone is to get: a person, what it is about
// and how to write it.
type candidate struct {
	Person      int64
	Deadline    string
	Kind        Kind
	Step        string
	ClassID     int64
	Item        deadlines.Item
	FormID      int64
	Mid         bool
	Role        deadlines.Role
	Due         time.Time
	Student     int64
	Assignment  *int64
	DisplayName string
	Email       string
	Language    string
	StudentName string
	FormName    *string
	SubjectName string
}

// Sweep queues, in the current school scope's transaction, the reminders
// due at now on the school's clock: before each deadline on the days the
// school chose, once when it passed, and each teacher's daily digest of
// late students. Only whoever still has to deliver gets one, in their
// language, with a link to the form; deactivated people, erased people
// (deactivated too) and those who turned the kind off get none; nothing
// goes in quiet hours. Each reminder is recorded (reminders_sent) in the
// same transaction, and a recorded one is never sent again, so sweeps that
// overlap send each once. It returns how many messages it queued.
func (s *Sweeper) Sweep(ctx context.Context, now time.Time) (int, error) {
	if Quiet(now) {
		return 0, nil
	}
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return 0, tenants.ErrNoScope
	}
	sched, err := LoadSchedule(ctx)
	if err != nil {
		return 0, err
	}
	local := now.In(oslo)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	var classIDs []int64
	if err := tx.Raw(`SELECT c.id FROM classes c JOIN periods p ON p.id = c.period_id
		WHERE p.end_date >= ?::date - 60 AND p.start_date <= ?::date + 31 ORDER BY c.id`,
		today.Format(time.DateOnly), today.Format(time.DateOnly)).Scan(&classIDs).Error; err != nil {
		return 0, fmt.Errorf("find classes with deadlines near %s: %w", today.Format(time.DateOnly), err)
	}
	byClass, err := deadlines.OfClasses(ctx, classIDs)
	if err != nil {
		return 0, err
	}
	list := dueList(byClass, sched, today)
	if len(list) == 0 {
		return 0, nil
	}
	cands, err := candidates(ctx, list, today)
	if err != nil || len(cands) == 0 {
		return 0, err
	}
	if len(t.Hosts) == 0 {
		return 0, fmt.Errorf("school %s has no host to link to", t.Slug)
	}
	school, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return 0, err
	}
	base := s.publicURL(t.Hosts[0])
	msgs, keys, err := render(cands, school, base, today)
	if err != nil {
		return 0, err
	}
	sent, err := record(ctx, keys)
	if err != nil {
		return 0, err
	}
	var out []mail.Message
	for i, k := range keys {
		if sent[k] {
			out = append(out, msgs[i])
		}
	}
	if len(out) > 0 {
		if err := s.outbox.QueueAll(ctx, out); err != nil {
			return 0, fmt.Errorf("queue %d deadline reminders: %w", len(out), err)
		}
	}
	return len(out), nil
}

// dueList picks the deadlines a sweep on today acts on: those a reminder
// before them is due for (the nearest chosen day at or after the days
// left, so a missed day is made up once), those just passed (overdue
// notices) and those passed within DigestWindow (the teachers' digests).
// The teacher's own deadlines go to the digest only.
func dueList(byClass map[int64][]deadlines.Deadline, sched Schedule, today time.Time) []due {
	days := slices.Clone(sched.DaysBefore)
	slices.Sort(days)
	var out []due
	for classID, list := range byClass {
		for _, d := range list {
			left := int(d.DueDate.Sub(today).Hours() / 24)
			base := due{Class: classID, Item: string(d.Item), Form: d.FormID, Mid: d.IsMidSemester, Role: string(d.Role), Due: d.DueDate.Format(time.DateOnly)}
			personal := d.Role != deadlines.Teacher
			if left >= 0 && personal {
				if i := slices.IndexFunc(days, func(n int) bool { return n >= left }); i >= 0 {
					b := base
					b.Kind, b.Step = Before, strconv.Itoa(days[i])
					out = append(out, b)
				}
			}
			if left < 0 && left >= -OverdueWindow && personal && sched.Overdue {
				b := base
				b.Kind = Overdue
				out = append(out, b)
			}
			if left < 0 && left >= -DigestWindow {
				b := base
				b.Kind = Digest
				out = append(out, b)
			}
		}
	}
	slices.SortFunc(out, func(a, b due) int { return strings.Compare(a.key(), b.key()) })
	return out
}

func (d due) key() string {
	return fmt.Sprintf("%d/%s/%d/%v/%s/%s/%s", d.Class, d.Item, d.Form, d.Mid, d.Role, d.Kind, d.Step)
}

// candidatesSQL finds, for the deadlines @d, each person still to be told:
// per student of the class who has not delivered (the role's answers not
// delivered, the end section not completed, the signature missing on a
// form not locked), the student, the student's supervisors, or, for a
// digest, the student's teacher (every teacher of the class when the
// student has none). A signature is reminded only once the end section is
// complete (before that nobody can sign). People deactivated or erased,
// those who turned the kind off, and reminders already recorded are left
// out.
const candidatesSQL = `WITH d AS MATERIALIZED (
		SELECT * FROM json_to_recordset(CAST(@deadlines AS json)) AS x(c bigint, item text, f bigint, mid boolean, role text, due date, kind text, step text)),
	undelivered AS (
		SELECT d.*, cs.user_id AS student, a.id AS assignment, sf.end_semester_completed_date IS NOT NULL AS can_sign
		FROM d JOIN class_students cs ON cs.class_id = d.c
		LEFT JOIN assignments a ON d.item = 'answers' AND a.class_id = d.c AND a.form_id = d.f AND a.is_mid_semester = d.mid
		LEFT JOIN signing_forms sf ON sf.class_id = d.c AND sf.student_user_id = cs.user_id
		WHERE CASE d.item
			WHEN 'answers' THEN a.id IS NOT NULL AND NOT EXISTS (
				SELECT 1 FROM answer_sets s WHERE s.assignment_id = a.id AND s.student_user_id = cs.user_id AND s.delivered_at IS NOT NULL
					AND CASE d.role WHEN 'student' THEN s.user_id = cs.user_id
						WHEN 'teacher' THEN s.user_id IN (SELECT t.user_id FROM class_teachers t WHERE t.class_id = d.c)
						ELSE s.user_id <> cs.user_id AND s.user_id NOT IN (SELECT t.user_id FROM class_teachers t WHERE t.class_id = d.c) END)
			WHEN 'signingEnd' THEN sf.end_semester_completed_date IS NULL
			ELSE NOT coalesce(sf.is_locked, false) AND CASE d.role WHEN 'student' THEN sf.signed_by_student_date IS NULL
				WHEN 'advisor' THEN sf.signed_by_advisor_date IS NULL ELSE sf.signed_by_teacher_date IS NULL END
		END),
	people AS (
		SELECT t.*, t.student AS person FROM undelivered t
		WHERE t.kind <> 'digest' AND t.role = 'student' AND (t.item <> 'signature' OR t.can_sign)
		UNION ALL
		SELECT DISTINCT t.*, r.advisor_user_id FROM undelivered t
		JOIN student_references r ON r.class_id = t.c AND r.student_user_id = t.student AND r.advisor_user_id IS NOT NULL
		WHERE t.kind <> 'digest' AND t.role = 'advisor' AND (t.item <> 'signature' OR t.can_sign)
		UNION ALL
		SELECT t.*, x.teacher FROM undelivered t CROSS JOIN LATERAL (
			SELECT r.teacher_user_id AS teacher FROM student_references r
			WHERE r.class_id = t.c AND r.student_user_id = t.student AND r.teacher_user_id IS NOT NULL
			UNION
			SELECT ct.user_id FROM class_teachers ct WHERE ct.class_id = t.c AND NOT EXISTS (
				SELECT 1 FROM student_references r WHERE r.class_id = t.c AND r.student_user_id = t.student AND r.teacher_user_id IS NOT NULL)) x
		WHERE t.kind = 'digest'),
	keyed AS (
		SELECT p.*, CASE WHEN p.kind = 'digest' THEN 'digest@' || @today
			WHEN p.item = 'answers' THEN 'answers/' || p.c || '/' || p.student || '/' || p.f || '/' || CASE WHEN p.mid THEN 'mid' ELSE 'end' END || '/' || p.role || '@' || p.due
			ELSE p.item || '/' || p.c || '/' || p.student || '/' || p.role || '@' || p.due END AS deadline
		FROM people p)
	SELECT k.person, k.deadline, k.kind, k.step, k.c AS class_id, k.item, coalesce(k.f, 0) AS form_id, k.mid, k.role, k.due, k.student, k.assignment,
		u.display_name, u.email, u.language, st.display_name AS student_name, f.name AS form_name, sub.name AS subject_name
	FROM keyed k JOIN users u ON u.id = k.person AND u.is_active
	JOIN users st ON st.id = k.student AND st.is_active
	LEFT JOIN forms f ON f.id = k.f
	JOIN classes c ON c.id = k.c JOIN subjects sub ON sub.id = c.subject_id
	WHERE NOT EXISTS (SELECT 1 FROM reminder_opt_outs o WHERE o.user_id = k.person AND o.kind = k.kind)
		AND NOT EXISTS (SELECT 1 FROM reminders_sent r WHERE r.user_id = k.person AND r.deadline = k.deadline AND r.kind = k.kind AND r.step = k.step)
	ORDER BY k.person, k.kind, k.due, st.display_name, k.student, k.c, k.item, k.f, k.mid DESC, k.role`

// candidates reads who is to be told of the deadlines list, in one
// statement.
func candidates(ctx context.Context, list []due, today time.Time) ([]candidate, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(list)
	if err != nil {
		return nil, fmt.Errorf("encode %d deadlines: %w", len(list), err)
	}
	var out []candidate
	if err := tx.Raw(candidatesSQL, map[string]any{"deadlines": string(raw), "today": today.Format(time.DateOnly)}).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("find who to remind of %d deadlines: %w", len(list), err)
	}
	return out, nil
}

// sentKey is a reminder's record.
type sentKey struct {
	Person   int64  `json:"u"`
	Deadline string `json:"d"`
	Kind     Kind   `json:"k"`
	Step     string `json:"s"`
}

// record writes the reminders' records, in one statement, and returns
// those it wrote: a record another sweep wrote first (it waits for that
// sweep's transaction) is not returned, and its message not sent.
func record(ctx context.Context, keys []sentKey) (map[sentKey]bool, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(keys)
	if err != nil {
		return nil, fmt.Errorf("encode %d reminder records: %w", len(keys), err)
	}
	var rows []sentKey
	if err := tx.Raw(`INSERT INTO reminders_sent (user_id, deadline, kind, step)
		SELECT u, d, k, s FROM json_to_recordset(?::json) AS x(u bigint, d text, k text, s text)
		ON CONFLICT DO NOTHING RETURNING user_id AS person, deadline, kind, step`, string(raw)).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("record %d reminders: %w", len(keys), err)
	}
	out := make(map[sentKey]bool, len(rows))
	for _, r := range rows {
		out[r] = true
	}
	return out, nil
}

// render writes each candidate's message, and one digest per teacher
// listing every late item of their students; keys are the records of the
// messages, in the same order. A candidate without a plain e-mail address
// is left out; a message that cannot be rendered fails the sweep, so that
// nothing of it is recorded as sent.
func render(cands []candidate, school *tenants.SchoolTexts, base string, today time.Time) ([]mail.Message, []sentKey, error) {
	var (
		msgs []mail.Message
		keys []sentKey
		errs []error
	)
	for i := 0; i < len(cands); {
		c := cands[i]
		j := i + 1
		if c.Kind == Digest {
			for j < len(cands) && cands[j].Person == c.Person && cands[j].Kind == Digest {
				j++
			}
		}
		group := cands[i:j]
		i = j
		if !mail.ValidAddress(c.Email) {
			continue
		}
		lang := texts.Normalize(c.Language)
		if lang == "" {
			lang = texts.Default
		}
		m, err := deadlineMessage(lang, group, school.Text(lang, "appName"), base, today)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		msgs = append(msgs, m)
		keys = append(keys, sentKey{Person: c.Person, Deadline: c.Deadline, Kind: c.Kind, Step: c.Step})
	}
	return msgs, keys, errors.Join(errs...)
}

// deadlineMessage renders one reminder, or a teacher's digest of group, in lang.
func deadlineMessage(lang string, group []candidate, appName, base string, today time.Time) (mail.Message, error) {
	cat := texts.Base()
	c := group[0]
	data := map[string]any{"Name": c.DisplayName, "AppName": appName}
	greeting := cat.T(lang, "mail.signing.greeting", data)
	if c.Kind == Digest {
		paras := []string{greeting, cat.T(lang, "mail.deadline.digest.body", map[string]any{"Count": len(group)})}
		for _, g := range group {
			paras = append(paras, cat.T(lang, "mail.deadline.digest.line", map[string]any{
				"Student": g.StudentName, "Subject": g.SubjectName, "What": what(lang, g), "Due": dateIn(lang, g.Due)}))
		}
		m, err := mail.NoticeMessage(lang, c.Email, mail.Notice{
			Subject:    cat.T(lang, "mail.deadline.digest.subject", map[string]any{"Count": len(group), "AppName": appName}),
			Paragraphs: paras, LinkText: cat.T(lang, "mail.deadline.digest.link", nil), Link: base + "/teacher", AppName: appName})
		if err != nil {
			return mail.Message{}, fmt.Errorf("render the deadline digest of user %d: %w", c.Person, err)
		}
		return m, nil
	}
	left := int(c.Due.Sub(today).Hours() / 24)
	data["What"], data["Due"], data["Days"], data["Student"] = what(lang, c), dateIn(lang, c.Due), left, c.StudentName
	variant := "Advisor"
	if c.Role == deadlines.Student {
		variant = "Student"
	}
	id := "mail.deadline." + string(c.Kind) + "."
	m, err := mail.NoticeMessage(lang, c.Email, mail.Notice{
		Subject:    cat.T(lang, id+"subject", data),
		Paragraphs: []string{greeting, cat.T(lang, id+"body"+variant, data)},
		LinkText:   cat.T(lang, "mail.deadline.link", nil),
		Link:       link(base, c),
		AppName:    appName,
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("render the %s reminder of %s to user %d: %w", c.Kind, c.Deadline, c.Person, err)
	}
	return m, nil
}

// what names what is due in lang: a form's half with the role's part, the
// end section or a party's signature on the signing form.
func what(lang string, c candidate) string {
	cat := texts.Base()
	role := cat.T(lang, "mail.deadline.role."+string(c.Role), nil)
	switch c.Item {
	case deadlines.Answers:
		half := "end"
		if c.Mid {
			half = "mid"
		}
		name := ""
		if c.FormName != nil {
			name = *c.FormName
		}
		return cat.T(lang, "mail.deadline.what.answers."+half, map[string]any{"Form": name, "Role": role})
	case deadlines.SigningEnd:
		return cat.T(lang, "mail.deadline.what.signingEnd", nil)
	default:
		return cat.T(lang, "mail.deadline.what.signature", map[string]any{"Role": role})
	}
}

// link is the page where the candidate delivers: the form page of the
// assignment or the signing form, as the candidate's role opens it.
func link(base string, c candidate) string {
	if c.Item == deadlines.Answers && c.Assignment != nil {
		if c.Role == deadlines.Student {
			return fmt.Sprintf("%s/student/%d/form/%d/class/%d/assignment/%d", base, c.Student, c.FormID, c.ClassID, *c.Assignment)
		}
		return fmt.Sprintf("%s/advisor/class/%d/student/%d/form/%d/assignment/%d", base, c.ClassID, c.Student, c.FormID, *c.Assignment)
	}
	return fmt.Sprintf("%s/%s/class/%d/student/%d/signingform", base, c.Role, c.ClassID, c.Student)
}

// months are the short month names of the due dates by language.
var months = map[string][]string{
	"nb": {"jan.", "feb.", "mars", "apr.", "mai", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "des."},
	"nn": {"jan.", "feb.", "mars", "apr.", "mai", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "des."},
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
}

// dateIn writes a due date as people read it in lang: "7. okt. 2026",
// "7 Oct 2026".
func dateIn(lang string, d time.Time) string {
	m := months[lang]
	if m == nil {
		m = months[texts.Default]
	}
	if lang == "en" {
		return fmt.Sprintf("%d %s %d", d.Day(), m[d.Month()-1], d.Year())
	}
	return fmt.Sprintf("%d. %s %d", d.Day(), m[d.Month()-1], d.Year())
}
