// Package subjects owns the school's subjects (emner): a code such as
// SYKP2100 and a name. A class is a subject taught in a semester.
package subjects

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/tenants"
)

// The longest code and name a subject may have, in characters. The table
// holds codes of at most 32 characters (its check) and names of at most 300.
const (
	MaxCodeLen = 32
	MaxNameLen = 200
)

// Subject is one subject.
type Subject struct {
	ID          int64  `json:"id" description:"Ignored on create; on change, the subject to change"`
	SubjectCode string `json:"subjectCode" required:"true" maxLength:"32" example:"SYKP2100" description:"Unique; stored trimmed and upper-cased"`
	Name        string `json:"name" required:"true" maxLength:"200" example:"Praksis i sykehjem"`
}

// Validate checks that code and name are given and within bounds. Codes
// are kept as typed but trimmed and upper-cased, as in the study catalogue.
func (s *Subject) Validate() error {
	s.SubjectCode = strings.ToUpper(strings.TrimSpace(s.SubjectCode))
	s.Name = strings.TrimSpace(s.Name)
	e := apperror.Invalidf("error.invalid")
	if s.SubjectCode == "" {
		e.Field("subjectCode", "subjects.codeRequired", nil)
	} else if utf8.RuneCountInString(s.SubjectCode) > MaxCodeLen {
		e.Field("subjectCode", "subjects.codeTooLong", nil)
	}
	if s.Name == "" {
		e.Field("name", "subjects.nameRequired", nil)
	} else if utf8.RuneCountInString(s.Name) > MaxNameLen {
		e.Field("name", "subjects.nameTooLong", nil)
	}
	if len(e.Fields) > 0 {
		return e
	}
	return nil
}

// List returns every subject ordered by code.
func List(ctx context.Context) ([]Subject, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := []Subject{}
	if err := tx.Raw("SELECT id, subject_code, name FROM subjects ORDER BY subject_code").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("list subjects: %w", err)
	}
	return out, nil
}

func duplicate(err error) error {
	if pgerr.IsUnique(err) {
		return apperror.Conflictf("subjects.codeTaken").Field("subjectCode", "subjects.codeTaken", nil)
	}
	return err
}

// Create stores a new subject. A code already in use gives a conflict.
func Create(ctx context.Context, s Subject) (*Subject, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if err := tx.Raw("INSERT INTO subjects (subject_code, name) VALUES (?, ?) RETURNING id", s.SubjectCode, s.Name).Scan(&s.ID).Error; err != nil {
		return nil, duplicate(fmt.Errorf("create subject: %w", err))
	}
	return &s, nil
}

// Update changes a subject's code and name.
func Update(ctx context.Context, s Subject) (*Subject, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	res := tx.Exec("UPDATE subjects SET subject_code = ?, name = ? WHERE id = ?", s.SubjectCode, s.Name, s.ID)
	if res.Error != nil {
		return nil, duplicate(fmt.Errorf("update subject %d: %w", s.ID, res.Error))
	}
	if res.RowsAffected == 0 {
		return nil, apperror.NotFoundf("error.notFound")
	}
	return &s, nil
}

// Routes of the subjects. Everyone signed in reads them; creating and
// changing them is for admins (the route table checks the role).
var (
	// HandleList serves GET /api/subjects.
	HandleList = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Subject, error) { return List(ctx) })
	// HandleCreate serves POST /api/subjects: 201 with the new subject.
	HandleCreate = edge.Write(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, s Subject) (*Subject, error) {
		return Create(ctx, s)
	})
	// HandleUpdate serves PUT /api/subjects (the body carries the id).
	HandleUpdate = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, s Subject) (*Subject, error) {
		if s.ID <= 0 {
			return nil, apperror.Invalidf("error.invalid").Field("id", "error.idRequired", nil)
		}
		return Update(ctx, s)
	})
)
