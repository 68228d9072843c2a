package forms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/tenants"
)

// MaxGuidancePDF is the largest guidance PDF a form may carry (10 MiB).
const MaxGuidancePDF = 10 << 20

// UploadLimit is the request body limit of the upload route: the file plus
// room for a multipart envelope. The file itself is held to MaxGuidancePDF.
const UploadLimit = MaxGuidancePDF + 1<<20

const maxPDFName = 255

var pdfMagic = []byte("%PDF-")

// pdfName makes the stored name of an uploaded file: the name the browser
// sent, or the form's name, cleaned and ending in .pdf.
func pdfName(sent, formName string) string {
	name := download.Clean(sent)
	if name == "" {
		name = download.Clean(formName)
	}
	if !strings.HasSuffix(strings.ToLower(name), ".pdf") {
		name += ".pdf"
	}
	if utf8.RuneCountInString(name) > maxPDFName {
		r := []rune(strings.TrimSuffix(name, name[len(name)-4:]))
		name = string(r[:maxPDFName-4]) + ".pdf"
	}
	return name
}

// readUpload reads the guidance PDF from a request: the raw body
// (application/pdf), named sent, or the first file of a multipart/form-data
// body. It returns the file and the name the client gave it ("" when none). A body
// over the limit is TooLarge; anything that is not a PDF is Invalid.
func readUpload(r *http.Request, sent string) ([]byte, string, error) {
	var src io.Reader = r.Body
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); strings.HasPrefix(mt, "multipart/") {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, "", apperror.Invalidf("error.badRequest").Because(err)
		}
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil, "", apperror.Invalidf("error.invalid").Field("file", "forms.pdfMissing", nil)
			}
			if err != nil {
				return nil, "", uploadError(err)
			}
			if part.FileName() != "" || part.FormName() == "file" {
				src, sent = part, part.FileName()
				break
			}
		}
	}
	data, err := io.ReadAll(io.LimitReader(src, MaxGuidancePDF+1))
	if err != nil {
		return nil, "", uploadError(err)
	}
	if len(data) > MaxGuidancePDF {
		return nil, "", apperror.New(apperror.TooLarge, "forms.pdfTooLarge").With("MaxMiB", MaxGuidancePDF>>20)
	}
	if !bytes.HasPrefix(data, pdfMagic) {
		return nil, "", apperror.Invalidf("error.invalid").Field("file", "forms.pdfNotPdf", nil)
	}
	return data, sent, nil
}

func uploadError(err error) error {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return apperror.New(apperror.TooLarge, "forms.pdfTooLarge").With("MaxMiB", MaxGuidancePDF>>20)
	}
	return apperror.Invalidf("error.badRequest").Because(err)
}

// SetGuidancePDF stores (or replaces) the guidance PDF of a form. Returns
// NotFound when there is no such form.
func SetGuidancePDF(ctx context.Context, formID int64, sentName string, data []byte) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var names []string
	if err := tx.Raw("SELECT name FROM forms WHERE id = ?", formID).Scan(&names).Error; err != nil {
		return fmt.Errorf("load form %d: %w", formID, err)
	}
	if len(names) == 0 {
		return apperror.NotFoundf("forms.notFound")
	}
	name := pdfName(sentName, names[0])
	if err := tx.Exec("UPDATE forms SET guidance_pdf = ?, guidance_pdf_name = ?, updated_at = now() WHERE id = ?",
		data, name, formID).Error; err != nil {
		return fmt.Errorf("store guidance PDF of form %d: %w", formID, err)
	}
	return audit.Record(ctx, audit.Entry{Action: "form.guidancePdfSet", Entity: "form", EntityID: formID,
		Details: map[string]any{"fileName": name, "bytes": len(data)}})
}

// GuidancePDF returns a form's guidance PDF and its file name. NotFound
// when the form does not exist or has none.
func GuidancePDF(ctx context.Context, formID int64) ([]byte, string, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, "", err
	}
	var rows []struct {
		GuidancePDF     []byte  `gorm:"column:guidance_pdf"`
		GuidancePDFName *string `gorm:"column:guidance_pdf_name"`
	}
	if err := tx.Raw("SELECT guidance_pdf, guidance_pdf_name FROM forms WHERE id = ?", formID).Scan(&rows).Error; err != nil {
		return nil, "", fmt.Errorf("load guidance PDF of form %d: %w", formID, err)
	}
	if len(rows) == 0 {
		return nil, "", apperror.NotFoundf("forms.notFound")
	}
	if rows[0].GuidancePDFName == nil {
		return nil, "", apperror.NotFoundf("forms.noGuidancePdf")
	}
	return rows[0].GuidancePDF, *rows[0].GuidancePDFName, nil
}

// DeleteGuidancePDF removes a form's guidance PDF; removing one that is not
// there succeeds. NotFound when there is no such form.
func DeleteGuidancePDF(ctx context.Context, formID int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var had []bool
	if err := tx.Raw("SELECT guidance_pdf IS NOT NULL FROM forms WHERE id = ?", formID).Scan(&had).Error; err != nil {
		return fmt.Errorf("load form %d: %w", formID, err)
	}
	if len(had) == 0 {
		return apperror.NotFoundf("forms.notFound")
	}
	if !had[0] {
		return nil
	}
	if err := tx.Exec("UPDATE forms SET guidance_pdf = NULL, guidance_pdf_name = NULL, updated_at = now() WHERE id = ?", formID).Error; err != nil {
		return fmt.Errorf("remove guidance PDF of form %d: %w", formID, err)
	}
	return audit.Record(ctx, audit.Entry{Action: "form.guidancePdfRemoved", Entity: "form", EntityID: formID})
}
