// Package forms owns the assessment forms (respons schemes): a form holds
// ordered question groups, a group holds ordered questions. Admins edit a
// form as a whole; the editor sends the form back and the store makes the
// database match it in one transaction, keeping the ids of what survives so
// that answers given to a question stay attached to it.
package forms

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
)

// GroupType says how the questions of a group are answered.
type GroupType int

// The group types of spec §3. Unused exists in stored data only; the
// editor offers TextInput and Grading.
const (
	Unused    GroupType = 0
	TextInput GroupType = 1
	Grading   GroupType = 2
)

// Enum lists the group types for the API document: 1 free text, 2
// grading; 0 is found only in imported data.
func (GroupType) Enum() []any { return []any{Unused, TextInput, Grading} }

// GradingLabels are the levels of the independence scale, from most to
// least independent; an answer stores the label's index as text ("0".."4").
// The value one past the last label ("5") means "not relevant".
var GradingLabels = []string{"Selvstendig", "Delvis selvstendig", "Veiledet", "Assistert", "Uselvstendig"}

// NewStructureVersion is the SQL expression that draws a form's new
// structure version, as the column's default does for a new form: a random
// number, so that no two forms' numbers meet by chance (a school restored
// from a backup, one database in two copies). Whatever changes a form's
// groups, labels or questions sets it in the same transaction.
const NewStructureVersion = "floor(random() * 9e18)::bigint"

// Defaults the editor shows for a new group or question (spec §3).
const (
	DefaultGroupName    = "Ny gruppe"
	DefaultQuestionText = "Nytt spørsmål"
)

// Limits of the editor's fields, in characters.
const (
	MaxNameLen     = 200
	MaxGroupLen    = 200
	MaxQuestionLen = 2000
	MaxHelpLen     = 4000
)

// Option is one grading label and the value an answer stores for it.
type Option struct {
	Label string `json:"label" example:"Selvstendig"`
	Value int    `json:"value" minimum:"0" description:"What an answer stores for the label (as text): 0 (Selvstendig) to 4 (Uselvstendig); one past the last (5) means not relevant"`
}

// Question is one question of a group. HelpText guides the supervisor;
// nil means none.
type Question struct {
	ID                  int64   `json:"id"`
	FormQuestionGroupID int64   `json:"formQuestionGroupId" description:"The group's id"`
	Text                string  `json:"text"`
	Order               int     `json:"order" minimum:"1" description:"Position in the group, from 1"`
	HelpText            *string `json:"helpText" description:"Guidance for the supervisor; null when none"`
}

// Group is a question group. Options are the grading labels of a Grading
// group and empty otherwise.
type Group struct {
	ID        int64      `json:"id"`
	FormID    int64      `json:"formId"`
	Name      string     `json:"name"`
	Type      GroupType  `json:"type" description:"1 free text, 2 grading (0 only in imported data)"`
	Options   []Option   `json:"options" description:"The grading labels of a grading group, in order; empty otherwise"`
	Order     int        `json:"order" minimum:"1" description:"Position in the form, from 1"`
	Questions []Question `json:"questions"`
}

// Form is a whole form as the editor and the answering pages show it.
type Form struct {
	ID              int64   `json:"id"`
	Name            string  `json:"name"`
	IsMainForm      bool    `json:"isMainForm"`
	Groups          []Group `json:"groups" description:"In order"`
	HasGuidancePDF  bool    `json:"hasGuidancePdf"`
	GuidancePDFName *string `json:"guidancePdfName" description:"The guidance PDF's file name; null when there is none"`
}

// Summary is a form in lists.
type Summary struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	IsMainForm bool   `json:"isMainForm"`
}

// Input is the body of POST and PUT /api/forms: the form as the editor
// holds it. Order comes from the position in the lists; ids of groups and
// questions that already exist keep them. The read-only fields a client
// received (formId, options, order, hasGuidancePdf...) may be sent back
// and are ignored.
type Input struct {
	ID              int64        `json:"id" description:"The form to save (PUT); ignored by POST"`
	Name            string       `json:"name" required:"true" maxLength:"200"`
	IsMainForm      bool         `json:"isMainForm"`
	Groups          []GroupInput `json:"groups" description:"In the order to keep"`
	HasGuidancePDF  *bool        `json:"hasGuidancePdf,omitempty" description:"Read-only; ignored"`
	GuidancePDFName *string      `json:"guidancePdfName,omitempty" description:"Read-only; ignored"`
}

// GroupInput is a group of an Input. A missing name or type takes the
// defaults of a new group ('Ny gruppe', Grading).
type GroupInput struct {
	ID        int64           `json:"id" description:"An existing group's id; 0 or left out for a new group"`
	FormID    int64           `json:"formId,omitempty" description:"Read-only; ignored"`
	Name      *string         `json:"name" maxLength:"200" description:"Default 'Ny gruppe'"`
	Type      *GroupType      `json:"type" enum:"[1,2]" description:"1 free text, 2 grading (default)"`
	Options   []Option        `json:"options,omitempty" description:"Read-only; ignored"`
	Order     *int            `json:"order,omitempty" description:"Read-only; the position in the list decides"`
	Questions []QuestionInput `json:"questions" description:"In the order to keep"`
}

// QuestionInput is a question of a GroupInput. A missing text takes the
// default 'Nytt spørsmål'; a blank help text means none.
type QuestionInput struct {
	ID                  int64   `json:"id" description:"An existing question's id (it may move to another group); 0 or left out for a new question"`
	FormQuestionGroupID int64   `json:"formQuestionGroupId,omitempty" description:"Read-only; the group it is sent in decides"`
	Text                *string `json:"text" maxLength:"2000" description:"Default 'Nytt spørsmål'"`
	Order               *int    `json:"order,omitempty" description:"Read-only; the position in the list decides"`
	HelpText            *string `json:"helpText" maxLength:"4000" description:"Blank or null: none"`
}

// normalize trims and defaults the input in place and checks every field,
// naming each bad one by its path ("groups[1].questions[0].text").
func (in *Input) normalize() error {
	e := apperror.Invalidf("error.invalid")
	in.Name = strings.TrimSpace(in.Name)
	switch {
	case in.Name == "":
		e.Field("name", "forms.nameRequired", nil)
	case utf8.RuneCountInString(in.Name) > MaxNameLen:
		e.Field("name", "forms.nameTooLong", map[string]any{"Max": MaxNameLen})
	}
	for i := range in.Groups {
		g := &in.Groups[i]
		path := fmt.Sprintf("groups[%d]", i)
		name := ""
		if g.Name != nil {
			name = strings.TrimSpace(*g.Name)
		}
		if name == "" {
			name = DefaultGroupName
		}
		if utf8.RuneCountInString(name) > MaxGroupLen {
			e.Field(path+".name", "forms.groupNameTooLong", map[string]any{"Max": MaxGroupLen})
		}
		g.Name = &name
		if g.Type == nil {
			t := Grading
			g.Type = &t
		}
		if *g.Type != TextInput && *g.Type != Grading {
			e.Field(path+".type", "forms.groupTypeInvalid", nil)
		}
		for j := range g.Questions {
			q := &g.Questions[j]
			qpath := fmt.Sprintf("%s.questions[%d]", path, j)
			text := DefaultQuestionText
			if q.Text != nil {
				text = strings.TrimSpace(*q.Text)
			}
			switch {
			case text == "":
				e.Field(qpath+".text", "forms.questionTextRequired", nil)
			case utf8.RuneCountInString(text) > MaxQuestionLen:
				e.Field(qpath+".text", "forms.questionTextTooLong", map[string]any{"Max": MaxQuestionLen})
			}
			q.Text = &text
			if q.HelpText != nil {
				help := strings.TrimSpace(*q.HelpText)
				switch {
				case help == "":
					q.HelpText = nil
				case utf8.RuneCountInString(help) > MaxHelpLen:
					e.Field(qpath+".helpText", "forms.helpTextTooLong", map[string]any{"Max": MaxHelpLen})
				default:
					q.HelpText = &help
				}
			}
		}
	}
	if len(e.Fields) > 0 {
		return e
	}
	return nil
}

// Halves returns the assignments a class gets for a form: a main form is
// answered at mid-semester and at the end (true, false); any other form
// only at the end (false).
func Halves(isMainForm bool) []bool {
	if isMainForm {
		return []bool{true, false}
	}
	return []bool{false}
}
