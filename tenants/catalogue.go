package tenants

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/texts"
)

// Catalogue is a school's own texts as exchanged with operators: language,
// then key, then value.
type Catalogue map[string]map[string]string

// ValidateText checks one school text: a known key in a known language,
// within its length, and of its kind (URL, e-mail). An empty value is
// allowed and means "use the default".
func ValidateText(lang, key, value string) error {
	if !slices.Contains(texts.Languages, lang) {
		return fmt.Errorf("language %q is not one of %s", lang, strings.Join(texts.Languages, ", "))
	}
	k, ok := texts.TenantKey(key)
	if !ok {
		return fmt.Errorf("%q is not a school text (known: %s)", key, strings.Join(tenantKeyIDs(), ", "))
	}
	if n := utf8.RuneCountInString(value); n > k.Max {
		return fmt.Errorf("%s.%s is %d characters; at most %d are allowed", lang, key, n, k.Max)
	}
	if value == "" {
		return nil
	}
	switch k.Kind {
	case texts.URL:
		u, err := url.Parse(value)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("%s.%s must be an http(s) URL", lang, key)
		}
	case texts.Email:
		if _, err := mail.ParseAddress(value); err != nil {
			return fmt.Errorf("%s.%s must be an e-mail address", lang, key)
		}
	}
	return nil
}

func tenantKeyIDs() []string {
	ids := make([]string, len(texts.TenantKeys))
	for i, k := range texts.TenantKeys {
		ids[i] = k.ID
	}
	return ids
}

// ImportCatalogue stores a school's texts. With replace, texts not in c are
// removed; otherwise they stay. Every entry is validated before anything is
// written, and all are written in one transaction.
func (s *Service) ImportCatalogue(ctx context.Context, slug string, c Catalogue, replace bool) (int, error) {
	var problems []string
	n := 0
	for lang, entries := range c {
		for key, value := range entries {
			if err := ValidateText(lang, key, value); err != nil {
				problems = append(problems, err.Error())
			}
			n++
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return 0, fmt.Errorf("catalogue not imported, nothing was changed:\n  %s", strings.Join(problems, "\n  "))
	}
	err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		if replace {
			if err := tx.Exec("DELETE FROM catalogue_entries").Error; err != nil {
				return fmt.Errorf("clear texts: %w", err)
			}
		}
		for lang, entries := range c {
			for key, value := range entries {
				if err := tx.Exec(`INSERT INTO catalogue_entries (language, key, value, updated_at) VALUES (?, ?, ?, now())
					ON CONFLICT (language, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, lang, key, value).Error; err != nil {
					return fmt.Errorf("store %s.%s: %w", lang, key, err)
				}
			}
		}
		return nil
	})
	return n, err
}

// ExportCatalogue reads a school's own texts (not the defaults).
func (s *Service) ExportCatalogue(ctx context.Context, slug string) (Catalogue, error) {
	out := Catalogue{}
	for _, lang := range texts.Languages {
		out[lang] = map[string]string{}
	}
	err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		var rows []struct{ Language, Key, Value string }
		if err := tx.Raw("SELECT language, key, value FROM catalogue_entries ORDER BY language, key").Scan(&rows).Error; err != nil {
			return fmt.Errorf("read texts: %w", err)
		}
		for _, r := range rows {
			out[r.Language][r.Key] = r.Value
		}
		return nil
	})
	return out, err
}
