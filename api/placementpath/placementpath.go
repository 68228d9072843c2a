// Package placementpath names one student's placement in a class as the
// routes under /classes/{classId}/students/{studentId} address it, and the
// language a document about it is written in. The warning, signing-form,
// full-PDF and audit-trail routes share these params, so the ids are read,
// documented and checked the same way everywhere.
package placementpath

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Student names a student in a class.
type Student struct {
	ClassID   int64 `path:"classId" description:"The class's id"`
	StudentID int64 `path:"studentId" description:"The student's user id"`
}

// Relation is what the caller is to the student in the class; a student
// who is not in the class is 404.
func (s Student) Relation(ctx context.Context) (policy.Relation, error) {
	return policy.Of(ctx, s.ClassID, s.StudentID)
}

// Check asks rule whether the caller may do what the route does to the
// student in the class.
func (s Student) Check(ctx context.Context, rule func(policy.Relation) error) error {
	rel, err := s.Relation(ctx)
	if err != nil {
		return err
	}
	return rule(rel)
}

// Lang is the language a document or label is asked for in.
type Lang string

// Enum lists the languages for the API document.
func (Lang) Enum() []any { return []any{"nb", "nn", "en"} }

// Document names a student in a class and the language of a document
// about them.
type Document struct {
	ClassID   int64 `path:"classId" description:"The class's id"`
	StudentID int64 `path:"studentId" description:"The student's user id"`
	Lang      Lang  `query:"lang" description:"Language of the texts; without it the Accept-Language header decides, then the school's default language"`
}

// Student is the placement the document is about.
func (d Document) Student() Student { return Student{ClassID: d.ClassID, StudentID: d.StudentID} }

// Language is the language to write in: the lang parameter, else the
// request's Accept-Language, else the school's default.
func (d Document) Language(c *echo.Context) string {
	fallback := texts.Default
	if t := tenants.Current(c.Request().Context()); t != nil {
		fallback = t.DefaultLanguage
	}
	return texts.Negotiate(string(d.Lang), c.Request().Header.Get("Accept-Language"), fallback)
}

// Writer is what a PDF about the placement is written with: the language
// and the school's own texts.
type Writer struct {
	Lang   string
	School *tenants.SchoolTexts
}

// Writer loads the language and the school's texts for a PDF.
func (d Document) Writer(c *echo.Context) (*Writer, error) {
	ctx := c.Request().Context()
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	st, err := tenants.LoadSchoolTexts(ctx, tx, tenants.Current(ctx))
	if err != nil {
		return nil, err
	}
	return &Writer{Lang: d.Language(c), School: st}, nil
}

// Meta is the PDF's metadata: the school's name and organisation number,
// and the title of titleKey, in the writer's language.
func (w *Writer) Meta(titleKey string, created time.Time) pdf.Meta {
	return pdf.Meta{School: w.School.Text(w.Lang, "appName"), OrgNumber: w.School.Text(w.Lang, "orgNumber"), Language: w.Lang,
		Title: texts.Base().T(w.Lang, titleKey, nil), Created: created}
}

// SendPDF answers with a PDF to be shown in the browser, named filename
// when saved.
func SendPDF(c *echo.Context, filename string, b []byte) error {
	c.Response().Header().Set("Content-Disposition", `inline; filename="`+filename+`"`)
	return c.Blob(http.StatusOK, "application/pdf", b)
}
