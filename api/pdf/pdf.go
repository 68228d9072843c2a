// Package pdf writes Praksis's documents (assessments, signing forms,
// warnings) as PDFs with real, searchable text: an embedded font that covers
// Norwegian letters, the school's name and organisation number in every page
// header, page numbers in the footer, and long texts wrapped line by line so
// that nothing is cut off at a page break.
package pdf

import (
	"fmt"
	"strings"
	"time"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Page geometry in points (A4).
const (
	pageW        = 595.28
	pageH        = 841.89
	marginX      = 56.0
	contentTop   = 92.0
	contentBotom = pageH - 64.0
	textWidth    = pageW - 2*marginX
)

const (
	regular = "regular"
	bold    = "bold"
)

// Meta is what every page says about the document.
type Meta struct {
	// School is the school's app name; OrgNumber its organisation number.
	School    string
	OrgNumber string
	// Title is the document's title, shown on the first page and in the
	// PDF's properties.
	Title string
	// Language is nb, nn or en; it decides the footer's wording.
	Language string
	// Created is when the document was made (in its footer).
	Created time.Time
}

// Doc is a document being written, top to bottom.
type Doc struct {
	pdf  *gopdf.GoPdf
	meta Meta
	y    float64
}

// New starts a document with its first page.
func New(meta Meta) (*Doc, error) {
	p := &gopdf.GoPdf{}
	p.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	if err := p.AddTTFFontData(regular, goregular.TTF); err != nil {
		return nil, fmt.Errorf("load font: %w", err)
	}
	if err := p.AddTTFFontData(bold, gobold.TTF); err != nil {
		return nil, fmt.Errorf("load bold font: %w", err)
	}
	p.SetInfo(gopdf.PdfInfo{Title: meta.Title, Author: meta.School, Creator: meta.School, Producer: "Praksis", CreationDate: meta.Created})
	d := &Doc{pdf: p, meta: meta}
	d.newPage()
	if err := d.text(bold, 18, meta.Title, 8); err != nil {
		return nil, err
	}
	d.y += 6
	return d, nil
}

func (d *Doc) newPage() {
	d.pdf.AddPage()
	d.y = contentTop
}

// ensure starts a new page when h more points do not fit on this one.
func (d *Doc) ensure(h float64) {
	if d.y+h > contentBotom {
		d.newPage()
	}
}

// text writes s in the given font and size, wrapped to the text width,
// starting new pages as needed; gap is added after the last line.
func (d *Doc) text(font string, size float64, s string, gap float64) error {
	return d.textAt(font, size, s, gap, marginX, textWidth)
}

func (d *Doc) textAt(font string, size float64, s string, gap, x, width float64) error {
	if err := d.pdf.SetFont(font, "", size); err != nil {
		return fmt.Errorf("set font: %w", err)
	}
	s, err := drawable(s)
	if err != nil {
		return err
	}
	lineH := size * 1.35
	for _, para := range strings.Split(s, "\n") {
		lines := []string{""}
		if strings.TrimSpace(para) != "" {
			var err error
			lines, err = d.pdf.SplitTextWithWordWrap(para, width)
			if err != nil {
				return fmt.Errorf("wrap text: %w", err)
			}
		}
		for _, line := range lines {
			d.ensure(lineH)
			if err := d.pdf.SetFont(font, "", size); err != nil {
				return err
			}
			d.pdf.SetTextColor(0x1f, 0x1f, 0x1f)
			d.pdf.SetXY(x, d.y)
			if err := d.pdf.Cell(&gopdf.Rect{W: width, H: lineH}, line); err != nil {
				return fmt.Errorf("write line: %w", err)
			}
			d.y += lineH
		}
	}
	d.y += gap
	return nil
}

// Heading writes a section heading, kept together with at least two lines
// of what follows it.
func (d *Doc) Heading(s string) error {
	d.ensure(14*1.35 + 2*11*1.35 + 10)
	d.y += 6
	return d.text(bold, 14, s, 4)
}

// Subheading writes a smaller heading.
func (d *Doc) Subheading(s string) error {
	d.ensure(12*1.35 + 11*1.35)
	d.y += 2
	return d.text(bold, 11.5, s, 2)
}

// Paragraph writes running text.
func (d *Doc) Paragraph(s string) error { return d.text(regular, 10.5, s, 6) }

// Field writes a label and its value; a long value wraps under the label.
func (d *Doc) Field(label, value string) error {
	if value == "" {
		value = "–"
	}
	d.ensure(10.5 * 1.35 * 2)
	if err := d.text(bold, 9.5, label, 0); err != nil {
		return err
	}
	return d.text(regular, 10.5, value, 5)
}

// Rule draws a thin line across the page.
func (d *Doc) Rule() {
	d.ensure(10)
	d.pdf.SetStrokeColor(0xb0, 0xb0, 0xb0)
	d.pdf.SetLineWidth(0.5)
	d.pdf.Line(marginX, d.y+3, pageW-marginX, d.y+3)
	d.y += 10
}

// Table writes rows under a header row; widths are fractions of the text
// width. Cells wrap; a row never splits across pages, and the header is
// repeated at the top of each new page.
func (d *Doc) Table(header []string, widths []float64, rows [][]string) error {
	const size, pad = 9.5, 3.0
	lineH := size * 1.3
	cols := make([]float64, len(widths))
	for i, w := range widths {
		cols[i] = w * textWidth
	}
	layout := func(font string, cells []string) ([][]string, float64, error) {
		if err := d.pdf.SetFont(font, "", size); err != nil {
			return nil, 0, err
		}
		out := make([][]string, len(cells))
		maxLines := 1
		for i, c := range cells {
			c, err := drawable(c)
			if err != nil {
				return nil, 0, err
			}
			lines := []string{""}
			if strings.TrimSpace(c) != "" {
				var err error
				if lines, err = d.pdf.SplitTextWithWordWrap(c, cols[i]-2*pad); err != nil {
					return nil, 0, fmt.Errorf("wrap cell: %w", err)
				}
			}
			out[i] = lines
			maxLines = max(maxLines, len(lines))
		}
		return out, float64(maxLines)*lineH + 2*pad, nil
	}
	draw := func(font string, cells [][]string, h float64) error {
		if err := d.pdf.SetFont(font, "", size); err != nil {
			return err
		}
		x := marginX
		for i, lines := range cells {
			for j, line := range lines {
				d.pdf.SetXY(x+pad, d.y+pad+float64(j)*lineH)
				if err := d.pdf.Cell(&gopdf.Rect{W: cols[i] - 2*pad, H: lineH}, line); err != nil {
					return err
				}
			}
			x += cols[i]
		}
		d.pdf.SetStrokeColor(0xd0, 0xd0, 0xd0)
		d.pdf.SetLineWidth(0.4)
		d.pdf.Line(marginX, d.y+h, pageW-marginX, d.y+h)
		d.y += h
		return nil
	}
	head, headH, err := layout(bold, header)
	if err != nil {
		return err
	}
	d.ensure(headH + lineH + 2*pad)
	if err := draw(bold, head, headH); err != nil {
		return err
	}
	for _, r := range rows {
		cells, h, err := layout(regular, r)
		if err != nil {
			return err
		}
		if d.y+h > contentBotom {
			d.newPage()
			if err := draw(bold, head, headH); err != nil {
				return err
			}
		}
		if err := draw(regular, cells, h); err != nil {
			return err
		}
	}
	d.y += 6
	return nil
}

var footerText = map[string]string{"nb": "Side %d av %d", "nn": "Side %d av %d", "en": "Page %d of %d"}

// Bytes finishes the document: every page gets the header and the footer
// with its number, then the PDF is returned.
func (d *Doc) Bytes() ([]byte, error) {
	n := d.pdf.GetNumberOfPages()
	footer, ok := footerText[d.meta.Language]
	if !ok {
		footer = footerText["nb"]
	}
	header := d.meta.School
	if d.meta.OrgNumber != "" {
		header += " · Org.nr. " + d.meta.OrgNumber
	}
	header, err := drawable(header)
	if err != nil {
		return nil, err
	}
	title, err := drawable(d.meta.Title)
	if err != nil {
		return nil, err
	}
	for i := 1; i <= n; i++ {
		if err := d.pdf.SetPage(i); err != nil {
			return nil, fmt.Errorf("go to page %d: %w", i, err)
		}
		if err := d.pdf.SetFont(regular, "", 9); err != nil {
			return nil, err
		}
		d.pdf.SetTextColor(0x55, 0x55, 0x55)
		d.pdf.SetXY(marginX, 36)
		if err := d.pdf.Cell(&gopdf.Rect{W: textWidth, H: 12}, header); err != nil {
			return nil, err
		}
		d.pdf.SetStrokeColor(0xb0, 0xb0, 0xb0)
		d.pdf.SetLineWidth(0.5)
		d.pdf.Line(marginX, 54, pageW-marginX, 54)
		d.pdf.SetXY(marginX, pageH-44)
		left := title
		if !d.meta.Created.IsZero() {
			left += " · " + d.meta.Created.Format("02.01.2006")
		}
		if err := d.pdf.Cell(&gopdf.Rect{W: textWidth / 2, H: 12}, left); err != nil {
			return nil, err
		}
		num := fmt.Sprintf(footer, i, n)
		w, err := d.pdf.MeasureTextWidth(num)
		if err != nil {
			return nil, err
		}
		d.pdf.SetXY(pageW-marginX-w, pageH-44)
		if err := d.pdf.Cell(&gopdf.Rect{W: w + 1, H: 12}, num); err != nil {
			return nil, err
		}
	}
	b, err := d.pdf.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("write PDF: %w", err)
	}
	return b, nil
}
