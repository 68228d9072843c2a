package answers

import (
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/forms"
)

// A save checks its answers against the form's questions, which change only
// when an administrator edits the form. Reading them on every save was the
// largest part of the save's read, so each replica keeps them here, per
// school and assignment, together with the form's structure version (drawn
// at random whenever the form editor changes the form: forms.NewStructureVersion).
// The save's read sends the questions only when the form or version it finds
// differs from the one kept, so a change is seen by the first save that
// commits after it, on every replica, without any message between them.

// structureCacheSize bounds the forms kept: a school has tens of forms, and
// an entry is a few kilobytes.
const structureCacheSize = 4096

// formKey names a form across schools by what a request names: an
// assignment (a save) or the form itself (a full read, assignmentID 0).
// Tenant ids are never reused, so a school deleted and created again cannot
// meet its predecessor's forms.
type formKey struct {
	tenantID     int64
	assignmentID int64
	formID       int64
}

// formStructure is the questions of one version of the assignment's form.
// It is never changed after it is kept, so requests share it without locks.
type formStructure struct {
	formID    int64
	version   int64
	questions map[int64]question
}

var structures = mustStructureCache()

func mustStructureCache() *lru.Cache[formKey, formStructure] {
	c, err := lru.New[formKey, formStructure](structureCacheSize)
	if err != nil {
		panic(fmt.Sprintf("form structure cache: %v", err)) // only for a size below 1
	}
	return c
}

// heldStructure is what this replica holds of the form; its form id is 0
// (no form has it) when it holds none.
// The caller keeps it for the whole request, so an eviction in between
// cannot take away what the read was told is held.
func heldStructure(key formKey) formStructure {
	s, _ := structures.Get(key)
	return s
}

// structureOf returns the questions of form formID at version: the ones
// held when the read left them out (it does only when both are held's),
// else the ones it sent, which are then kept.
func structureOf(key formKey, held formStructure, formID, version int64, raw []byte) (map[int64]question, error) {
	if raw == nil && formID == held.formID && version == held.version && held.questions != nil {
		return held.questions, nil
	}
	qs, err := decodeQuestions(raw)
	if err != nil {
		return nil, fmt.Errorf("decode questions of form %d: %w", formID, err)
	}
	structures.Add(key, formStructure{formID: formID, version: version, questions: qs})
	return qs, nil
}

// decodeQuestions reads the questions as questionsSQL builds them.
func decodeQuestions(raw []byte) (map[int64]question, error) {
	var rows []struct {
		ID      int64           `json:"id"`
		Text    string          `json:"text"`
		Type    forms.GroupType `json:"type"`
		Options int             `json:"options"`
		Order   order           `json:"o"`
	}
	if err := dbjson.Decode(raw, &rows); err != nil {
		return nil, err
	}
	out := make(map[int64]question, len(rows))
	for _, r := range rows {
		out[r.ID] = question{Text: r.Text, Type: r.Type, Options: r.Options, Order: r.Order}
	}
	return out, nil
}

// questionsSQL is the questions of the form f (a row of forms) as
// decodeQuestions reads them, or NULL when the form is @knownForm at
// structure version @known.
const questionsSQL = `CASE WHEN f.id = @knownForm AND f.structure_version = @known THEN NULL ELSE
			(SELECT coalesce(json_agg(json_build_object('id', q.id, 'text', q.text, 'type', g.type,
					'options', (SELECT count(*) FROM question_group_options o WHERE o.group_id = g.id),
					'o', json_build_array(g.sort_order, q.sort_order, q.id))), '[]')
				FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE g.form_id = f.id) END`
