// Package expectations owns the levels a school expects of its students:
// per class, form and half (mid-semester or end), one grading value per
// question. Answer pages show them next to the answers; admins set them.
package expectations

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/tenants"
)

// Answer is the expected value of one question: the grading value as text,
// "0" (the first label) to the number of labels ("5"), which means not
// relevant.
type Answer struct {
	FormQuestionID int64   `json:"formQuestionId"`
	Value          *string `json:"value" enum:"[\"0\",\"1\",\"2\",\"3\",\"4\",\"5\",null]" description:"\"0\" (Selvstendig) to \"4\" (Uselvstendig); \"5\" means not relevant"`
}

// Set is the expectations of one class, form and half.
type Set struct {
	ClassID       int64    `json:"classId"`
	FormID        int64    `json:"formId"`
	IsMidSemester bool     `json:"isMidSemester" description:"The half: true for mid-semester, false for the end"`
	Answers       []Answer `json:"answers" description:"In question order"`
}

// Get returns the expectations of a class for a form and half, in the
// form's question order. NotFound when none are set (or the class does not
// exist).
func Get(ctx context.Context, classID, formID int64, mid bool) (*Set, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		QuestionID int64
		Value      *string
	}
	if err := tx.Raw(`SELECT e.question_id, e.value FROM expectations e
		JOIN questions q ON q.id = e.question_id JOIN question_groups g ON g.id = q.group_id
		WHERE e.class_id = ? AND e.form_id = ? AND e.is_mid_semester = ?
		ORDER BY g.sort_order, q.sort_order, q.id`, classID, formID, mid).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load expectations of class %d form %d: %w", classID, formID, err)
	}
	if len(rows) == 0 {
		return nil, apperror.NotFoundf("expectations.none")
	}
	s := &Set{ClassID: classID, FormID: formID, IsMidSemester: mid, Answers: make([]Answer, len(rows))}
	for i, r := range rows {
		s.Answers[i] = Answer{FormQuestionID: r.QuestionID, Value: r.Value}
	}
	return s, nil
}

// Save replaces the expectations of a class for a form and half with s.
// The form must be one the class uses, with an assignment for that half;
// every question must be a question of the form, each at most once, and
// every value a grading value of a graded question (Invalid otherwise). A
// blank value leaves the question without an expectation, so a page may
// send its free-text questions empty. NotFound when
// there is no such class.
func Save(ctx context.Context, s Set) (*Set, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var class []int64
	if err := tx.Raw("SELECT id FROM classes WHERE id = ?", s.ClassID).Scan(&class).Error; err != nil {
		return nil, fmt.Errorf("load class %d: %w", s.ClassID, err)
	}
	if len(class) == 0 {
		return nil, apperror.NotFoundf("classes.notFound")
	}
	var halves []bool
	if err := tx.Raw(`SELECT a.is_mid_semester FROM class_forms cf
		LEFT JOIN assignments a ON a.class_id = cf.class_id AND a.form_id = cf.form_id
		WHERE cf.class_id = ? AND cf.form_id = ?`, s.ClassID, s.FormID).Scan(&halves).Error; err != nil {
		return nil, fmt.Errorf("load assignments of form %d in class %d: %w", s.FormID, s.ClassID, err)
	}
	e := apperror.Invalidf("error.invalid")
	if len(halves) == 0 {
		return nil, e.Field("formId", "expectations.formNotInClass", nil)
	}
	hasHalf := false
	for _, h := range halves {
		hasHalf = hasHalf || h == s.IsMidSemester
	}
	if !hasHalf {
		return nil, e.Field("isMidSemester", "expectations.noSuchHalf", nil)
	}

	var qs []struct {
		ID      int64
		Type    forms.GroupType
		Options int
	}
	if err := tx.Raw(`SELECT q.id, g.type, (SELECT count(*) FROM question_group_options o WHERE o.group_id = g.id) AS options
		FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE g.form_id = ?`, s.FormID).Scan(&qs).Error; err != nil {
		return nil, fmt.Errorf("load questions of form %d: %w", s.FormID, err)
	}
	type question struct {
		graded  bool
		options int
	}
	byID := map[int64]question{}
	for _, q := range qs {
		byID[q.ID] = question{graded: q.Type == forms.Grading, options: q.Options}
	}
	seen := map[int64]bool{}
	saved := []Answer{}
	for i, a := range s.Answers {
		path := fmt.Sprintf("answers[%d]", i)
		q, ok := byID[a.FormQuestionID]
		switch {
		case !ok:
			e.Field(path+".formQuestionId", "expectations.questionNotInForm", nil)
			continue
		case seen[a.FormQuestionID]:
			e.Field(path+".formQuestionId", "expectations.questionTwice", nil)
			continue
		}
		seen[a.FormQuestionID] = true
		if a.Value == nil || strings.TrimSpace(*a.Value) == "" {
			continue
		}
		if !q.graded {
			e.Field(path+".formQuestionId", "expectations.questionNotGraded", nil)
			continue
		}
		v := strings.TrimSpace(*a.Value)
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > q.options || strconv.Itoa(n) != v {
			e.Field(path+".value", "expectations.valueInvalid", map[string]any{"Max": q.options})
			continue
		}
		saved = append(saved, Answer{FormQuestionID: a.FormQuestionID, Value: &v})
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	if err := tx.Exec("DELETE FROM expectations WHERE class_id = ? AND form_id = ? AND is_mid_semester = ?",
		s.ClassID, s.FormID, s.IsMidSemester).Error; err != nil {
		return nil, fmt.Errorf("clear expectations of class %d form %d: %w", s.ClassID, s.FormID, err)
	}
	for _, a := range saved {
		if err := tx.Exec(`INSERT INTO expectations (class_id, form_id, question_id, is_mid_semester, value) VALUES (?, ?, ?, ?, ?)`,
			s.ClassID, s.FormID, a.FormQuestionID, s.IsMidSemester, *a.Value).Error; err != nil {
			return nil, fmt.Errorf("store expectation of question %d in class %d: %w", a.FormQuestionID, s.ClassID, err)
		}
	}
	if err := audit.Record(ctx, audit.Entry{Action: "expectations.saved", Entity: "class", EntityID: s.ClassID, ClassID: s.ClassID,
		Details: map[string]any{"formId": s.FormID, "isMidSemester": s.IsMidSemester, "questions": len(saved)}}); err != nil {
		return nil, err
	}
	if len(saved) == 0 {
		return &Set{ClassID: s.ClassID, FormID: s.FormID, IsMidSemester: s.IsMidSemester, Answers: []Answer{}}, nil
	}
	return Get(ctx, s.ClassID, s.FormID, s.IsMidSemester)
}

// ForForm is the path and query of GET
// /api/classes/{classId}/forms/{formId}/expectations.
type ForForm struct {
	ClassID int64 `path:"classId" description:"The class's id"`
	FormID  int64 `path:"formId" description:"The form's id"`
	// IsMidSemester is read as text so that a missing or unreadable value
	// gets the message that asks for the half.
	IsMidSemester string `query:"isMidSemester" required:"true" enum:"true,false" description:"The half: true for mid-semester, false for the end"`
}

// InClass names the class in the path of POST /api/classes/{classId}/expectations.
type InClass struct {
	ClassID int64 `path:"classId" description:"The class's id"`
}

// SaveAnswer is an Answer as the admin sends it: a blank value (or null)
// means no expectation for the question.
type SaveAnswer struct {
	FormQuestionID int64   `json:"formQuestionId" required:"true"`
	Value          *string `json:"value" pattern:"^\\s*[0-5]?\\s*$" description:"\"0\" (Selvstendig) to \"4\" (Uselvstendig), \"5\" not relevant; null or blank for no expectation"`
}

// SaveBody is the body of POST /api/classes/{classId}/expectations.
type SaveBody struct {
	ClassID       int64        `json:"classId" description:"May be left out; when sent, the path's class"`
	FormID        int64        `json:"formId" required:"true"`
	IsMidSemester bool         `json:"isMidSemester" description:"The half: true for mid-semester, false for the end"`
	Answers       []SaveAnswer `json:"answers" description:"At most one per question of the form"`
}

// Routes of the expectations. Everyone signed in reads them (answer pages
// show them); saving is for admins (the route table checks the role).
var (
	// HandleGet serves GET /api/classes/{classId}/forms/{formId}/expectations?isMidSemester=true|false;
	// 404 in the error shape when none are set.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p ForForm) (*Set, error) {
		mid, err := strconv.ParseBool(p.IsMidSemester)
		if err != nil {
			return nil, apperror.Invalidf("error.invalid").Field("isMidSemester", "expectations.halfRequired", nil)
		}
		return Get(ctx, p.ClassID, p.FormID, mid)
	})
	// HandleSave serves POST /api/classes/{classId}/expectations: the saved
	// set. The body's classId may be left out; when sent it must be the
	// path's.
	HandleSave = edge.Write(http.StatusOK, func(ctx context.Context, p InClass, in SaveBody) (*Set, error) {
		if in.ClassID != 0 && in.ClassID != p.ClassID {
			return nil, apperror.Invalidf("error.invalid").Field("classId", "expectations.classMismatch", nil)
		}
		s := Set{ClassID: p.ClassID, FormID: in.FormID, IsMidSemester: in.IsMidSemester, Answers: make([]Answer, len(in.Answers))}
		for i, a := range in.Answers {
			s.Answers[i] = Answer(a)
		}
		return Save(ctx, s)
	})
)
