package datacopy

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/tenants/texts"
)

// label is a column's readable name in lang: the catalogue's
// dataCopy.field.<column>, else the column name in words.
func label(lang, column string) string {
	if id := "dataCopy.field." + column; texts.Base().Has(lang, id) || texts.Base().Has(texts.Default, id) {
		return texts.Base().T(lang, id, nil)
	}
	s := strings.ReplaceAll(column, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// PDF renders the copy as a readable document in lang: one heading per
// table that holds anything, and each row's fields under it.
func PDF(c *Copy, lang, school, orgNumber string) ([]byte, error) {
	tr := func(id string, data map[string]any) string { return texts.Base().T(lang, id, data) }
	d, err := pdf.New(pdf.Meta{School: school, OrgNumber: orgNumber, Language: lang,
		Title: tr("dataCopy.pdf.title", nil), Created: c.GeneratedAt})
	if err != nil {
		return nil, err
	}
	if err := d.Paragraph(tr("dataCopy.pdf.intro", map[string]any{"School": school,
		"Date": c.GeneratedAt.Format(time.DateOnly)})); err != nil {
		return nil, err
	}
	for _, s := range Sections {
		var rows []map[string]any
		if err := json.Unmarshal(c.Tables[s.Table], &rows); err != nil {
			return nil, fmt.Errorf("read section %s: %w", s.Table, err)
		}
		if len(rows) == 0 {
			continue
		}
		if err := d.Heading(tr("dataCopy.section."+s.Table, nil)); err != nil {
			return nil, err
		}
		for i, row := range rows {
			if i > 0 {
				d.Rule()
			}
			if err := fields(d, lang, row); err != nil {
				return nil, err
			}
		}
	}
	return d.Bytes()
}

// fields writes one row, its keys sorted so the document is stable.
func fields(d *pdf.Doc, lang string, row map[string]any) error {
	keys := make([]string, 0, len(row))
	for k := range row {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := d.Field(label(lang, k), text(lang, row[k])); err != nil {
			return err
		}
	}
	return nil
}

// text writes a value as a person reads it: lists and objects one entry per
// line, "name: value".
func text(lang string, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return texts.Base().T(lang, "dataCopy.yes", nil)
		}
		return texts.Base().T(lang, "dataCopy.no", nil)
	case float64:
		return fmt.Sprint(x)
	case []any:
		lines := make([]string, 0, len(x))
		for _, e := range x {
			lines = append(lines, text(lang, e))
		}
		return strings.Join(lines, "\n")
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			parts = append(parts, k+": "+text(lang, x[k]))
		}
		return strings.Join(parts, "; ")
	default:
		return fmt.Sprint(x)
	}
}
