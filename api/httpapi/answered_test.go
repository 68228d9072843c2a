package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/classes"
)

// freshAnswered is, per answer set, the questions answered as counted from
// the answers themselves: in a group that takes answers, value not blank.
const freshAnswered = `SELECT s.id,
		coalesce((SELECT array_agg(a.question_id ORDER BY a.question_id) FROM answers a
			JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
			WHERE a.answer_set_id = s.id AND g.type IN (1, 2) AND a.value IS NOT NULL AND btrim(a.value) <> ''), '{}')::text AS fresh,
		(SELECT coalesce(array_agg(x ORDER BY x), '{}')::text FROM unnest(s.answered_questions) x) AS stored
	FROM answer_sets s ORDER BY s.id`

// checkAnswered fails when any set's stored answered questions differ from
// a fresh count, or when the class page's answered numbers differ from a
// fresh count of the questions each role answered.
func checkAnswered(t *testing.T, f *fixture, p *placement, roles map[int64]answers.Role, when string) {
	t.Helper()
	var sets []struct {
		ID            int64
		Fresh, Stored string
	}
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(freshAnswered).Scan(&sets).Error
	}); err != nil {
		t.Fatal(err)
	}
	if len(sets) == 0 {
		t.Fatalf("%s: no answer sets", when)
	}
	for _, s := range sets {
		if s.Fresh != s.Stored {
			t.Errorf("%s: set %d stores %s answered, a fresh count gives %s", when, s.ID, s.Stored, s.Fresh)
		}
	}
	// The class page against a fresh count per student, half and role.
	type key struct {
		student, assignment int64
		role                answers.Role
	}
	var rows []struct {
		StudentUserID, AssignmentID, UserID int64
		Question                            *int64
	}
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(`SELECT s.student_user_id, s.assignment_id, s.user_id, a.question_id AS question
			FROM answer_sets s LEFT JOIN answers a ON a.answer_set_id = s.id AND a.value IS NOT NULL AND btrim(a.value) <> ''
			WHERE s.class_id = ?`, p.classID).Scan(&rows).Error
	}); err != nil {
		t.Fatal(err)
	}
	answered := map[key]map[int64]bool{}
	for _, r := range rows {
		k := key{r.StudentUserID, r.AssignmentID, roles[r.UserID]}
		if answered[k] == nil {
			answered[k] = map[int64]bool{}
		}
		if r.Question != nil {
			answered[k][*r.Question] = true
		}
	}
	rec := f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/classes/%d/students", p.classID), p.tokens["teacher"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: class page %d %s", when, rec.Code, rec.Body)
	}
	for _, s := range decode[[]classes.StudentOverview](t, rec) {
		for _, form := range s.Forms {
			for _, h := range form.Halves {
				for role, got := range map[answers.Role]int{answers.RoleStudent: h.Student.Answered,
					answers.RoleAdvisor: h.Advisor.Answered, answers.RoleTeacher: h.Teacher.Answered} {
					if want := len(answered[key{s.ID, h.AssignmentID, role}]); got != want {
						t.Errorf("%s: class page gives %s of student %d %d answered in assignment %d, a fresh count %d",
							when, role, s.ID, got, h.AssignmentID, want)
					}
				}
			}
		}
	}
}

// recountAnswered counts skole-a's answer sets' answered questions afresh,
// as a writer of answers outside the save must.
func (f *fixture) recountAnswered(t *testing.T) {
	t.Helper()
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return answers.RecountAnswered(tx)
	}); err != nil {
		t.Fatal(err)
	}
}

// Each answer set keeps which questions it has answered, and the class page
// counts from that: after saves, clears, blank values, comments alone,
// writes outside the save that count afresh, a deleted set and concurrent saves by everyone
// answering about the student (and by one person twice at once), the stored
// questions are those a fresh count of the answers finds, and so are the
// class page's numbers (two supervisors counting the questions either one
// answered).
func TestStoredAnsweredCountsMatchAFreshCount(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.takeAsSecondSupervisor(t, p)
	roles := map[int64]answers.Role{p.studentID: answers.RoleStudent, f.userID(t, "teacher@a.test"): answers.RoleTeacher,
		f.userID(t, "advisor@a.test"): answers.RoleAdvisor, f.userID(t, "otherAdvisor@a.test"): answers.RoleAdvisor}
	versions := map[string]int{}
	save := func(who string, assignment int64, as ...answers.Answer) {
		t.Helper()
		key := fmt.Sprintf("%s/%d", who, assignment)
		set := f.mustSave(t, p, who, answers.Input{AssignmentID: assignment, StudentUserID: p.studentID, Version: versions[key], Answers: as})
		versions[key] = set.Version
	}
	value := func(q int64, v string) answers.Answer { return answers.Answer{FormQuestionID: q, Value: sp(v)} }
	clear := func(q int64) answers.Answer { return answers.Answer{FormQuestionID: q} }

	save("student", m.midID, value(m.graded1, "1"), value(m.text, "Jeg har lært mye"))
	save("advisor", m.midID, value(m.graded1, "2"))
	save("otherAdvisor", m.midID, value(m.graded2, "5"), value(m.text, "Ok"))
	save("teacher", m.endID, value(m.text, "Bra"))
	checkAnswered(t, f, p, roles, "after first saves")

	save("student", m.midID, clear(m.graded1), value(m.text, "   "), value(m.graded2, "0"))
	save("advisor", m.midID, answers.Answer{FormQuestionID: m.graded1, Value: sp("2"), Comment: sp("Bare en kommentar")})
	save("otherAdvisor", m.midID, clear(m.graded2))
	save("teacher", m.endID, value(m.text, "Endret tekst"), value(m.graded1, "4"))
	checkAnswered(t, f, p, roles, "after clears and changes")

	// Writers other than the save count afresh (answers.RecountAnswered):
	// a blank value written directly, an answer moved out of the answered
	// state and back. A set deleted with its answers needs nothing (below).
	f.db.Exec(t, "skole-a", "UPDATE answers SET value = '  ' WHERE question_id = ? AND answer_set_id IN (SELECT id FROM answer_sets WHERE user_id = ?)", m.text, f.userID(t, "teacher@a.test"))
	f.db.Exec(t, "skole-a", "UPDATE answers SET value = NULL WHERE question_id = ?", m.graded2)
	f.recountAnswered(t)
	checkAnswered(t, f, p, roles, "after direct writes and a count")
	f.db.Exec(t, "skole-a", "UPDATE answers SET value = '1' WHERE question_id = ?", m.graded2)
	f.recountAnswered(t)
	checkAnswered(t, f, p, roles, "after an answer is back and a count")

	// Everyone saves at once, several rounds each, each on their own set;
	// and the student twice at once from the same version (one wins, the
	// other is told to reload).
	var wg sync.WaitGroup
	var mu sync.Mutex
	questions := []int64{m.graded1, m.graded2, m.text}
	for _, who := range []string{"student", "advisor", "otherAdvisor", "teacher"} {
		for _, assignment := range []int64{m.midID, m.endID} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				mu.Lock()
				version := versions[fmt.Sprintf("%s/%d", who, assignment)]
				mu.Unlock()
				for i := range 12 {
					var as []answers.Answer
					for j, q := range questions {
						switch (i + j) % 3 {
						case 0:
							as = append(as, clear(q))
						case 1:
							as = append(as, value(q, fmt.Sprint((i+j)%5)))
						}
					}
					rec := f.save(t, p, who, answers.Input{AssignmentID: assignment, StudentUserID: p.studentID, Version: version, Answers: as})
					if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
						t.Errorf("concurrent save as %s: %d %s", who, rec.Code, rec.Body)
						return
					}
					version = decode[answers.Set](t, rec).Version
				}
				mu.Lock()
				versions[fmt.Sprintf("%s/%d", who, assignment)] = version
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	checkAnswered(t, f, p, roles, "after concurrent saves")

	key := fmt.Sprintf("student/%d", m.midID)
	codes := make([]int, 2)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			as := []answers.Answer{value(m.graded1, "3"), clear(m.graded2)}
			if i == 1 {
				as = []answers.Answer{clear(m.graded1), value(m.graded2, "2"), value(m.text, "Samtidig")}
			}
			codes[i] = f.save(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: versions[key], Answers: as}).Code
		}()
	}
	wg.Wait()
	slices.Sort(codes)
	if codes[0] != http.StatusOK || codes[1] != http.StatusConflict {
		t.Errorf("two saves from one version: %v, want one 200 and one 409", codes)
	}
	checkAnswered(t, f, p, roles, "after two saves from one version")

	f.db.Exec(t, "skole-a", "DELETE FROM answer_sets WHERE user_id = ?", f.userID(t, "otherAdvisor@a.test"))
	checkAnswered(t, f, p, roles, "after a set is deleted")
}
