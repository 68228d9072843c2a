package forms

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/tenants"
)

// formColumns never include guidance_pdf: the file is read only when it is
// served.
const formColumns = "id, name, is_main_form, guidance_pdf IS NOT NULL AS has_guidance_pdf, guidance_pdf_name"

// List returns every form, main forms first, then by name.
func List(ctx context.Context) ([]Summary, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := []Summary{}
	if err := tx.Raw("SELECT id, name, is_main_form FROM forms ORDER BY is_main_form DESC, name, id").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("list forms: %w", err)
	}
	return out, nil
}

// Get returns a form with its groups and questions in order. Returns a
// NotFound error when there is no such form.
func Get(ctx context.Context, id int64) (*Form, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		ID              int64
		Name            string
		IsMainForm      bool
		HasGuidancePDF  bool    `gorm:"column:has_guidance_pdf"`
		GuidancePDFName *string `gorm:"column:guidance_pdf_name"`
	}
	res := tx.Raw("SELECT "+formColumns+" FROM forms WHERE id = ?", id).Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("load form %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, apperror.NotFoundf("forms.notFound")
	}
	f := Form{ID: row.ID, Name: row.Name, IsMainForm: row.IsMainForm, HasGuidancePDF: row.HasGuidancePDF, GuidancePDFName: row.GuidancePDFName}
	var groups []struct {
		ID, FormID int64
		Name       string
		Type       GroupType
		Order      int `gorm:"column:order"`
	}
	if err := tx.Raw(`SELECT id, form_id, name, type, sort_order AS "order" FROM question_groups
		WHERE form_id = ? ORDER BY sort_order, id`, id).Scan(&groups).Error; err != nil {
		return nil, fmt.Errorf("load groups of form %d: %w", id, err)
	}
	f.Groups = make([]Group, len(groups))
	for i, g := range groups {
		f.Groups[i] = Group{ID: g.ID, FormID: g.FormID, Name: g.Name, Type: g.Type, Order: g.Order}
	}
	var opts []struct {
		GroupID int64
		Label   string
		Value   int
	}
	if err := tx.Raw(`SELECT o.group_id, o.label, o.value FROM question_group_options o
		JOIN question_groups g ON g.id = o.group_id WHERE g.form_id = ? ORDER BY o.group_id, o.sort_order`, id).Scan(&opts).Error; err != nil {
		return nil, fmt.Errorf("load grading labels of form %d: %w", id, err)
	}
	var qs []struct {
		ID, GroupID int64
		Text        string
		Order       int `gorm:"column:order"`
		HelpText    *string
	}
	if err := tx.Raw(`SELECT q.id, q.group_id, q.text, q.sort_order AS "order", q.help_text
		FROM questions q JOIN question_groups g ON g.id = q.group_id
		WHERE g.form_id = ? ORDER BY g.sort_order, q.sort_order, q.id`, id).Scan(&qs).Error; err != nil {
		return nil, fmt.Errorf("load questions of form %d: %w", id, err)
	}
	index := map[int64]int{}
	for i := range f.Groups {
		f.Groups[i].Options = []Option{}
		f.Groups[i].Questions = []Question{}
		index[f.Groups[i].ID] = i
	}
	for _, o := range opts {
		g := &f.Groups[index[o.GroupID]]
		if g.Type == Grading {
			g.Options = append(g.Options, Option{Label: o.Label, Value: o.Value})
		}
	}
	for _, q := range qs {
		g := &f.Groups[index[q.GroupID]]
		g.Questions = append(g.Questions, Question{ID: q.ID, FormQuestionGroupID: q.GroupID, Text: q.Text, Order: q.Order, HelpText: q.HelpText})
	}
	return &f, nil
}

// Create stores a new form with its groups and questions, numbered in the
// order given.
func Create(ctx context.Context, in Input) (*Form, error) {
	if err := in.normalize(); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var id int64
	if err := tx.Raw("INSERT INTO forms (name, is_main_form) VALUES (?, ?) RETURNING id", in.Name, in.IsMainForm).Scan(&id).Error; err != nil {
		return nil, fmt.Errorf("create form: %w", err)
	}
	questions := 0
	for i, g := range in.Groups {
		gid, err := insertGroup(tx, id, g, i+1)
		if err != nil {
			return nil, err
		}
		for j, q := range g.Questions {
			if _, err := insertQuestion(tx, gid, q, j+1); err != nil {
				return nil, err
			}
			questions++
		}
	}
	if err := audit.Record(ctx, audit.Entry{Action: "form.created", Entity: "form", EntityID: id,
		Details: map[string]any{"name": in.Name, "isMainForm": in.IsMainForm, "groups": len(in.Groups), "questions": questions}}); err != nil {
		return nil, err
	}
	return Get(ctx, id)
}

func insertGroup(tx *gorm.DB, formID int64, g GroupInput, order int) (int64, error) {
	var id int64
	if err := tx.Raw("INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, ?, ?, ?) RETURNING id",
		formID, *g.Name, *g.Type, order).Scan(&id).Error; err != nil {
		return 0, fmt.Errorf("create group of form %d: %w", formID, err)
	}
	if *g.Type == Grading {
		if err := insertLabels(tx, id); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// insertLabels gives a grading group the five labels of the scale.
func insertLabels(tx *gorm.DB, groupID int64) error {
	rows := make([]string, len(GradingLabels))
	args := make([]any, 0, 4*len(GradingLabels))
	for i, l := range GradingLabels {
		rows[i] = "(?, ?, ?, ?)"
		args = append(args, groupID, l, i, i+1)
	}
	if err := tx.Exec("INSERT INTO question_group_options (group_id, label, value, sort_order) VALUES "+strings.Join(rows, ", "), args...).Error; err != nil {
		return fmt.Errorf("create grading labels of group %d: %w", groupID, err)
	}
	return nil
}

func insertQuestion(tx *gorm.DB, groupID int64, q QuestionInput, order int) (int64, error) {
	var id int64
	if err := tx.Raw("INSERT INTO questions (group_id, text, help_text, sort_order) VALUES (?, ?, ?, ?) RETURNING id",
		groupID, *q.Text, q.HelpText, order).Scan(&id).Error; err != nil {
		return 0, fmt.Errorf("create question of group %d: %w", groupID, err)
	}
	return id, nil
}

// existing is what the database holds of a form before an update.
type existing struct {
	groups    map[int64]GroupType
	questions map[int64]int64 // question id to group id
}

func loadExisting(tx *gorm.DB, formID int64) (*existing, error) {
	var groups []struct {
		ID   int64
		Type GroupType
	}
	if err := tx.Raw("SELECT id, type FROM question_groups WHERE form_id = ?", formID).Scan(&groups).Error; err != nil {
		return nil, fmt.Errorf("load groups of form %d: %w", formID, err)
	}
	var questions []struct{ ID, GroupID int64 }
	if err := tx.Raw(`SELECT q.id, q.group_id FROM questions q JOIN question_groups g ON g.id = q.group_id
		WHERE g.form_id = ?`, formID).Scan(&questions).Error; err != nil {
		return nil, fmt.Errorf("load questions of form %d: %w", formID, err)
	}
	ex := &existing{groups: map[int64]GroupType{}, questions: map[int64]int64{}}
	for _, g := range groups {
		ex.groups[g.ID] = g.Type
	}
	for _, q := range questions {
		ex.questions[q.ID] = q.GroupID
	}
	return ex, nil
}

// answered returns, of the given questions of a form, those that have
// answers or comments, with their text.
func answered(tx *gorm.DB, formID int64, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64
		Text string
	}
	if err := tx.Raw(`SELECT q.id, q.text FROM questions q JOIN question_groups g ON g.id = q.group_id
		WHERE g.form_id = ? AND q.id IN ?
		  AND (EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id)
		    OR EXISTS (SELECT 1 FROM comments c WHERE c.question_id = q.id))
		ORDER BY q.id`, formID, ids).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("find answered questions of form %d: %w", formID, err)
	}
	for _, r := range rows {
		out[r.ID] = r.Text
	}
	return out, nil
}

func short(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

// Update makes the stored form match in: name and main-form flag change,
// groups and questions are renumbered from 1 in the order given, those
// with an id keep it (a question may move to another group of the form),
// those without are created, and those left out are deleted.
//
// A question that has answers or comments is never deleted, nor moved to a
// group of another type, nor left in a group whose type changes: any of
// these is a Conflict and nothing is changed. An id that is not part of
// the form is Invalid, and so is a body without groups or an existing group
// without questions (send empty lists to delete them); a missing form is
// NotFound.
func Update(ctx context.Context, in Input) (*Form, error) {
	if in.ID <= 0 {
		return nil, apperror.Invalidf("error.invalid").Field("id", "error.idRequired", nil)
	}
	// The body is the whole form: a missing list would read as "delete
	// everything", so it must be sent, empty if that is what is meant.
	missing := apperror.Invalidf("error.invalid")
	if in.Groups == nil {
		missing.Field("groups", "forms.groupsRequired", nil)
	}
	for i, g := range in.Groups {
		if g.ID != 0 && g.Questions == nil {
			missing.Field(fmt.Sprintf("groups[%d].questions", i), "forms.questionsRequired", nil)
		}
	}
	if len(missing.Fields) > 0 {
		return nil, missing
	}
	if err := in.normalize(); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var wasMain []bool
	if err := tx.Raw("SELECT is_main_form FROM forms WHERE id = ? FOR UPDATE", in.ID).Scan(&wasMain).Error; err != nil {
		return nil, fmt.Errorf("lock form %d: %w", in.ID, err)
	}
	if len(wasMain) == 0 {
		return nil, apperror.NotFoundf("forms.notFound")
	}
	ex, err := loadExisting(tx, in.ID)
	if err != nil {
		return nil, err
	}

	// Ids must be the form's own, each used once.
	bad := apperror.Invalidf("error.invalid")
	seenGroups, seenQuestions := map[int64]bool{}, map[int64]bool{}
	for i, g := range in.Groups {
		if g.ID != 0 {
			if _, ok := ex.groups[g.ID]; !ok || seenGroups[g.ID] {
				bad.Field(fmt.Sprintf("groups[%d].id", i), "forms.groupNotInForm", nil)
			}
			seenGroups[g.ID] = true
		}
		for j, q := range g.Questions {
			if q.ID != 0 {
				if _, ok := ex.questions[q.ID]; !ok || seenQuestions[q.ID] {
					bad.Field(fmt.Sprintf("groups[%d].questions[%d].id", i, j), "forms.questionNotInForm", nil)
				}
				seenQuestions[q.ID] = true
			}
		}
	}
	if len(bad.Fields) > 0 {
		return nil, bad
	}

	// Answered questions must survive with their meaning intact.
	all := make([]int64, 0, len(ex.questions))
	for id := range ex.questions {
		all = append(all, id)
	}
	withAnswers, err := answered(tx, in.ID, all)
	if err != nil {
		return nil, err
	}
	for id, text := range withAnswers {
		if !seenQuestions[id] {
			return nil, apperror.Conflictf("forms.questionAnswered").With("Question", short(text))
		}
	}
	for i, g := range in.Groups {
		for j, q := range g.Questions {
			text, ok := withAnswers[q.ID]
			if ok && ex.groups[ex.questions[q.ID]] != *g.Type {
				return nil, apperror.Conflictf("forms.answeredTypeChange").With("Question", short(text)).
					Field(fmt.Sprintf("groups[%d].questions[%d]", i, j), "forms.answeredTypeChange", map[string]any{"Question": short(text)})
			}
		}
	}

	// Delete what was left out: questions first, then groups (whose
	// remaining questions have all moved or been deleted).
	var removedQuestions, removedGroups []int64
	for id := range ex.questions {
		if !seenQuestions[id] {
			removedQuestions = append(removedQuestions, id)
		}
	}
	for id := range ex.groups {
		if !seenGroups[id] {
			removedGroups = append(removedGroups, id)
		}
	}
	if len(removedQuestions) > 0 {
		if err := tx.Exec(`DELETE FROM questions WHERE id IN ?
			AND group_id IN (SELECT id FROM question_groups WHERE form_id = ?)`, removedQuestions, in.ID).Error; err != nil {
			if pgerr.IsForeignKey(err) {
				return nil, apperror.Conflictf("forms.questionAnswered").With("Question", "").Because(err)
			}
			return nil, fmt.Errorf("delete questions of form %d: %w", in.ID, err)
		}
	}

	// A new structure version, drawn at random as the column's default
	// draws a new form's: the groups, labels and questions change below in
	// this transaction, and every save that commits after it reads them
	// afresh (api/answers/structure.go).
	if err := tx.Exec("UPDATE forms SET name = ?, is_main_form = ?, structure_version = "+NewStructureVersion+", updated_at = now() WHERE id = ?",
		in.Name, in.IsMainForm, in.ID).Error; err != nil {
		return nil, fmt.Errorf("update form %d: %w", in.ID, err)
	}
	// Sort orders are unique per parent but checked at commit, so every row
	// can take its new number in turn.
	questions := 0
	for i, g := range in.Groups {
		gid := g.ID
		if gid == 0 {
			if gid, err = insertGroup(tx, in.ID, g, i+1); err != nil {
				return nil, err
			}
		} else {
			if err := tx.Exec("UPDATE question_groups SET name = ?, type = ?, sort_order = ?, updated_at = now() WHERE id = ? AND form_id = ?",
				*g.Name, *g.Type, i+1, gid, in.ID).Error; err != nil {
				return nil, fmt.Errorf("update group %d of form %d: %w", gid, in.ID, err)
			}
			if old := ex.groups[gid]; old != *g.Type {
				if err := tx.Exec("DELETE FROM question_group_options WHERE group_id = ?", gid).Error; err != nil {
					return nil, fmt.Errorf("clear grading labels of group %d: %w", gid, err)
				}
				if *g.Type == Grading {
					if err := insertLabels(tx, gid); err != nil {
						return nil, err
					}
				}
			}
		}
		for j, q := range g.Questions {
			questions++
			if q.ID == 0 {
				if _, err := insertQuestion(tx, gid, q, j+1); err != nil {
					return nil, err
				}
				continue
			}
			if err := tx.Exec(`UPDATE questions SET group_id = ?, text = ?, help_text = ?, sort_order = ?, updated_at = now()
				WHERE id = ? AND group_id IN (SELECT id FROM question_groups WHERE form_id = ?)`,
				gid, *q.Text, q.HelpText, j+1, q.ID, in.ID).Error; err != nil {
				return nil, fmt.Errorf("update question %d of form %d: %w", q.ID, in.ID, err)
			}
		}
	}
	if len(removedGroups) > 0 {
		if err := tx.Exec("DELETE FROM question_groups WHERE id IN ? AND form_id = ?", removedGroups, in.ID).Error; err != nil {
			return nil, fmt.Errorf("delete groups of form %d: %w", in.ID, err)
		}
	}
	if wasMain[0] != in.IsMainForm {
		if err := SyncFormAssignments(ctx, in.ID); err != nil {
			return nil, err
		}
	}
	if err := audit.Record(ctx, audit.Entry{Action: "form.updated", Entity: "form", EntityID: in.ID,
		Details: map[string]any{"name": in.Name, "isMainForm": in.IsMainForm, "groups": len(in.Groups), "questions": questions,
			"deletedQuestions": len(removedQuestions), "deletedGroups": len(removedGroups)}}); err != nil {
		return nil, err
	}
	return Get(ctx, in.ID)
}

// Delete removes a form, with its structure, its place in classes and the
// expectations set for it. A form that anyone has answered (in any class)
// is a Conflict: assessment records are never lost as a side effect.
func Delete(ctx context.Context, id int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var f []Summary
	if err := tx.Raw("SELECT id, name, is_main_form FROM forms WHERE id = ? FOR UPDATE", id).Scan(&f).Error; err != nil {
		return fmt.Errorf("lock form %d: %w", id, err)
	}
	if len(f) == 0 {
		return apperror.NotFoundf("forms.notFound")
	}
	var sets, classes int64
	if err := tx.Raw("SELECT count(*) FROM answer_sets WHERE form_id = ?", id).Scan(&sets).Error; err != nil {
		return fmt.Errorf("count answers to form %d: %w", id, err)
	}
	if sets > 0 {
		if err := tx.Raw("SELECT count(DISTINCT class_id) FROM answer_sets WHERE form_id = ?", id).Scan(&classes).Error; err != nil {
			return fmt.Errorf("count classes answering form %d: %w", id, err)
		}
		return apperror.Conflictf("forms.deleteAnswered").With("Name", f[0].Name).With("Classes", classes)
	}
	if err := tx.Exec("DELETE FROM forms WHERE id = ?", id).Error; err != nil {
		if pgerr.IsForeignKey(err) {
			return apperror.Conflictf("forms.deleteAnswered").With("Name", f[0].Name).With("Classes", 1).Because(err)
		}
		return fmt.Errorf("delete form %d: %w", id, err)
	}
	return audit.Record(ctx, audit.Entry{Action: "form.deleted", Entity: "form", EntityID: id,
		Details: map[string]any{"name": f[0].Name, "isMainForm": f[0].IsMainForm}})
}

// syncAssignments makes the assignments of the class forms matched by
// where follow Halves: missing ones are created, and a mid-semester one of
// a form that is no longer a main form is removed unless it has answers.
func syncAssignments(ctx context.Context, where string, arg int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec(`INSERT INTO assignments (class_id, form_id, is_mid_semester)
		SELECT cf.class_id, cf.form_id, h.mid FROM class_forms cf
		JOIN forms f ON f.id = cf.form_id
		CROSS JOIN (VALUES (true), (false)) AS h(mid)
		WHERE `+where+` AND (f.is_main_form OR NOT h.mid)
		ON CONFLICT DO NOTHING`, arg).Error; err != nil {
		return fmt.Errorf("create assignments: %w", err)
	}
	if err := tx.Exec(`DELETE FROM assignments a USING class_forms cf, forms f
		WHERE cf.class_id = a.class_id AND cf.form_id = a.form_id AND f.id = cf.form_id
		  AND `+where+` AND a.is_mid_semester AND NOT f.is_main_form
		  AND NOT EXISTS (SELECT 1 FROM answer_sets s WHERE s.assignment_id = a.id)`, arg).Error; err != nil {
		return fmt.Errorf("remove mid-semester assignments of forms that are not main forms: %w", err)
	}
	return nil
}

// SyncFormAssignments applies Halves to every class that uses a form, after
// its main-form flag changed.
func SyncFormAssignments(ctx context.Context, formID int64) error {
	if err := syncAssignments(ctx, "cf.form_id = ?", formID); err != nil {
		return fmt.Errorf("form %d: %w", formID, err)
	}
	return nil
}

// SyncClassAssignments applies Halves to every form a class uses, after its
// set of forms changed.
func SyncClassAssignments(ctx context.Context, classID int64) error {
	if err := syncAssignments(ctx, "cf.class_id = ?", classID); err != nil {
		return fmt.Errorf("class %d: %w", classID, err)
	}
	return nil
}
