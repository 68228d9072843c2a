package forms

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/api/edge"
)

// ByID names one form in the path.
type ByID struct {
	ID int64 `path:"id" description:"The form's id"`
}

// Routes of the forms. Everyone signed in reads them; changing them is for
// admins (the route table checks the role).
var (
	// HandleList serves GET /api/forms.
	HandleList = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Summary, error) { return List(ctx) })
	// HandleGet serves GET /api/forms/{id}.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p ByID) (*Form, error) { return Get(ctx, p.ID) })
	// HandleCreate serves POST /api/forms: 201 with the new form.
	HandleCreate = edge.Write(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, in Input) (*Form, error) {
		return Create(ctx, in)
	})
	// HandleUpdate serves PUT /api/forms (the body carries the id).
	HandleUpdate = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, in Input) (*Form, error) {
		return Update(ctx, in)
	})
	// HandleDelete serves DELETE /api/forms/{id}: 204.
	HandleDelete = edge.Read(http.StatusNoContent, func(ctx context.Context, p ByID) (edge.NoContent, error) {
		return edge.NoContent{}, Delete(ctx, p.ID)
	})
	// HandleDeletePDF serves DELETE /api/forms/{id}/pdf: 204.
	HandleDeletePDF = edge.Read(http.StatusNoContent, func(ctx context.Context, p ByID) (edge.NoContent, error) {
		return edge.NoContent{}, DeleteGuidancePDF(ctx, p.ID)
	})
)

// HandlePutPDF serves PUT /api/forms/{id}/pdf: the body is the PDF itself
// (application/pdf) or a multipart form with one file; it answers with the
// form. It reads the body itself, so it is a plain handler.
func HandlePutPDF(c *echo.Context) error {
	var p PDFUpload
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	data, name, err := readUpload(c.Request(), p.FileName)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := SetGuidancePDF(ctx, p.ID, name, data); err != nil {
		return err
	}
	f, err := Get(ctx, p.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// HandleGetPDF serves GET /api/forms/{id}/pdf: the guidance PDF, shown in
// the browser under its file name; 404 in the error shape when there is
// none.
func HandleGetPDF(c *echo.Context) error {
	var p ByID
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	data, name, err := GuidancePDF(c.Request().Context(), p.ID)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", download.Disposition("inline", name))
	h.Set("Cache-Control", "private, no-cache")
	return c.Blob(http.StatusOK, "application/pdf", data)
}

// PDFUpload is the path and query of PUT /api/forms/{id}/pdf.
type PDFUpload struct {
	ID       int64  `path:"id" description:"The form's id"`
	FileName string `query:"filename" description:"The file's name, for a raw body (default: the form's name); a multipart body names its file itself"`
}
