package forms

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/api/request"
)

// HandleList serves GET /api/forms.
func HandleList(c *echo.Context) error {
	list, err := List(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// HandleGet serves GET /api/forms/{id}.
func HandleGet(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	f, err := Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// HandleCreate serves POST /api/forms: 201 with the new form.
func HandleCreate(c *echo.Context) error {
	var in Input
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	f, err := Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, f)
}

// HandleUpdate serves PUT /api/forms (the body carries the id).
func HandleUpdate(c *echo.Context) error {
	var in Input
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	f, err := Update(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// HandleDelete serves DELETE /api/forms/{id}: 204.
func HandleDelete(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	if err := Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// HandlePutPDF serves PUT /api/forms/{id}/pdf: the body is the PDF itself
// (application/pdf) or a multipart form with one file; it answers with the
// form.
func HandlePutPDF(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	data, name, err := readUpload(c.Request())
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := SetGuidancePDF(ctx, id, name, data); err != nil {
		return err
	}
	f, err := Get(ctx, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// HandleGetPDF serves GET /api/forms/{id}/pdf: the guidance PDF, shown in
// the browser under its file name; 404 in the error shape when there is
// none.
func HandleGetPDF(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	data, name, err := GuidancePDF(c.Request().Context(), id)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", download.Disposition("inline", name))
	h.Set("Cache-Control", "private, no-cache")
	return c.Blob(http.StatusOK, "application/pdf", data)
}

// HandleDeletePDF serves DELETE /api/forms/{id}/pdf: 204.
func HandleDeletePDF(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	if err := DeleteGuidancePDF(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
