// Package schooltexts lets a school's admins edit the school's own texts
// (app name, privacy policy, signing-form texts...) and theme in the
// browser. The public tenant info and the web app's page read both on
// every request, so a change shows on the next page load.
package schooltexts

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Value is one text in one language: the school's own value ("" when it
// has none) and the text that applies without it.
type Value struct {
	Value   string `json:"value" description:"The school's own text; empty when it has none"`
	Default string `json:"default" description:"The text that applies without the school's own"`
}

// Text is one school text key with its values per language.
type Text struct {
	Key       string           `json:"key"`
	Kind      texts.Kind       `json:"kind" enum:"text,markdown,url,email"`
	MaxLength int              `json:"maxLength" description:"Longest value accepted, in characters"`
	Values    map[string]Value `json:"values" description:"By language: nb, nn and en"`
}

// Editor is what the admin screen shows: every school text and the theme,
// the school's own values next to the defaults.
type Editor struct {
	Languages    []string      `json:"languages" items.enum:"nb,nn,en"`
	Texts        []Text        `json:"texts"`
	Theme        tenants.Theme `json:"theme" description:"The school's own theme; empty fields fall back to themeDefault"`
	ThemeDefault tenants.Theme `json:"themeDefault" description:"The theme without the school's own"`
}

// Changes is the body of PUT /api/tenant/texts: language, then key, then
// value. A blank value removes the school's own text.
type Changes map[string]map[string]string

// defaultText is what applies when the school has set nothing: the
// registry's name and number for those keys, else the base text.
func defaultText(t *tenants.Tenant, lang, key string) string {
	switch key {
	case "appName":
		return t.DisplayName
	case "orgNumber":
		return t.OrgNumber
	}
	return texts.Base().Resolve(lang, key, nil)
}

func scope(ctx context.Context) (*tenants.Tenant, *gorm.DB, error) {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return nil, nil, tenants.ErrNoScope
	}
	return t, tx, nil
}

func savedTheme(tx *gorm.DB) (tenants.Theme, error) {
	var raw []string
	var th tenants.Theme
	if err := tx.Raw("SELECT value::text FROM settings WHERE key = 'theme'").Scan(&raw).Error; err != nil {
		return th, fmt.Errorf("read theme: %w", err)
	}
	if len(raw) > 0 {
		if err := json.Unmarshal([]byte(raw[0]), &th); err != nil {
			return th, fmt.Errorf("decode theme: %w", err)
		}
	}
	return th, nil
}

// Load returns the editor view of the current school.
func Load(ctx context.Context) (*Editor, error) {
	t, tx, err := scope(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct{ Language, Key, Value string }
	if err := tx.Raw("SELECT language, key, value FROM catalogue_entries").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("read texts of %s: %w", t.Slug, err)
	}
	own := texts.Overrides{}
	for _, r := range rows {
		own.Set(r.Language, r.Key, r.Value)
	}
	ed := &Editor{Languages: texts.Languages, Texts: make([]Text, len(texts.TenantKeys))}
	for i, k := range texts.TenantKeys {
		vals := map[string]Value{}
		for _, lang := range texts.Languages {
			vals[lang] = Value{Value: own[lang][k.ID], Default: defaultText(t, lang, k.ID)}
		}
		ed.Texts[i] = Text{Key: k.ID, Kind: k.Kind, MaxLength: k.Max, Values: vals}
	}
	if ed.Theme, err = savedTheme(tx); err != nil {
		return nil, err
	}
	ed.ThemeDefault = t.Theme.Merge(tenants.DefaultTheme)
	return ed, nil
}

// check validates one entry with tenants.ValidateText and names what is
// wrong in the caller's language.
func check(lang, key, value string) (string, map[string]any, bool) {
	if err := tenants.ValidateText(lang, key, value); err == nil {
		return "", nil, true
	}
	k, ok := texts.TenantKey(key)
	switch {
	case !slices.Contains(texts.Languages, lang):
		return "schoolTexts.unknownLanguage", map[string]any{"Language": lang}, false
	case !ok:
		return "schoolTexts.unknownKey", map[string]any{"Key": key}, false
	case utf8.RuneCountInString(value) > k.Max:
		return "schoolTexts.tooLong", map[string]any{"Max": k.Max}, false
	case k.Kind == texts.URL:
		return "schoolTexts.mustBeUrl", nil, false
	case k.Kind == texts.Email:
		return "schoolTexts.mustBeEmail", nil, false
	}
	return "error.invalid", nil, false
}

// Save validates every entry of c and, only when all are valid, writes
// them in one go: a blank value removes the school's own text, any other
// is stored as given (Markdown is rendered by the web app). Invalid names
// each bad entry as "lang.key".
func Save(ctx context.Context, c Changes) (*Editor, error) {
	t, tx, err := scope(ctx)
	if err != nil {
		return nil, err
	}
	e := apperror.Invalidf("error.invalid")
	type entry struct{ lang, key, value string }
	var entries []entry
	for lang, kv := range c {
		for key, value := range kv {
			if strings.TrimSpace(value) == "" {
				value = ""
			}
			if msg, data, ok := check(lang, key, value); !ok {
				e.Field(lang+"."+key, msg, data)
				continue
			}
			entries = append(entries, entry{lang, key, value})
		}
	}
	if len(e.Fields) > 0 {
		sort.Slice(e.Fields, func(i, j int) bool { return e.Fields[i].Reason < e.Fields[j].Reason })
		return nil, e
	}
	sort.Slice(entries, func(i, j int) bool {
		return entries[i].lang+"."+entries[i].key < entries[j].lang+"."+entries[j].key
	})
	var set, removed []string
	for _, en := range entries {
		if en.value == "" {
			if err := tx.Exec("DELETE FROM catalogue_entries WHERE language = ? AND key = ?", en.lang, en.key).Error; err != nil {
				return nil, fmt.Errorf("remove text %s.%s of %s: %w", en.lang, en.key, t.Slug, err)
			}
			removed = append(removed, en.lang+"."+en.key)
			continue
		}
		if err := tx.Exec(`INSERT INTO catalogue_entries (language, key, value, updated_at) VALUES (?, ?, ?, now())
			ON CONFLICT (language, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, en.lang, en.key, en.value).Error; err != nil {
			return nil, fmt.Errorf("store text %s.%s of %s: %w", en.lang, en.key, t.Slug, err)
		}
		set = append(set, en.lang+"."+en.key)
	}
	if len(entries) > 0 {
		if err := audit.Record(ctx, audit.Entry{Action: "school.textsChanged", Entity: "school",
			Details: map[string]any{"set": set, "removed": removed}}); err != nil {
			return nil, err
		}
	}
	return Load(ctx)
}

// SaveTheme stores the school's theme. Each colour must look like #1a5a8a
// and each URL start with https:// or / (Invalid names the field); an
// empty field falls back to the operators' theme, then the default.
func SaveTheme(ctx context.Context, th tenants.Theme) (*Editor, error) {
	_, tx, err := scope(ctx)
	if err != nil {
		return nil, err
	}
	th.PrimaryColor = strings.TrimSpace(th.PrimaryColor)
	th.SecondaryColor = strings.TrimSpace(th.SecondaryColor)
	th.LogoURL = strings.TrimSpace(th.LogoURL)
	th.FaviconURL = strings.TrimSpace(th.FaviconURL)
	e := apperror.Invalidf("error.invalid")
	for _, f := range []struct {
		field, msg string
		one        tenants.Theme
	}{
		{"primaryColor", "schoolTexts.colorInvalid", tenants.Theme{PrimaryColor: th.PrimaryColor}},
		{"secondaryColor", "schoolTexts.colorInvalid", tenants.Theme{SecondaryColor: th.SecondaryColor}},
		{"logoUrl", "schoolTexts.themeUrlInvalid", tenants.Theme{LogoURL: th.LogoURL}},
		{"faviconUrl", "schoolTexts.themeUrlInvalid", tenants.Theme{FaviconURL: th.FaviconURL}},
	} {
		switch { // each entry sets one field; the colours' entries have no address
		case utf8.RuneCountInString(f.one.LogoURL+f.one.FaviconURL) > tenants.MaxThemeURLLen:
			e.Field(f.field, "schoolTexts.themeUrlTooLong", map[string]any{"Max": tenants.MaxThemeURLLen})
		case f.one.Validate() != nil:
			e.Field(f.field, f.msg, nil)
		}
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	if err := th.Validate(); err != nil {
		return nil, e.Because(err)
	}
	value, err := json.Marshal(th)
	if err != nil {
		return nil, fmt.Errorf("encode theme: %w", err)
	}
	if err := tx.Exec(`INSERT INTO settings (key, value, updated_at) VALUES ('theme', ?::jsonb, now())
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, string(value)).Error; err != nil {
		return nil, fmt.Errorf("store theme: %w", err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "school.themeChanged", Entity: "school",
		Details: map[string]any{"theme": th}}); err != nil {
		return nil, err
	}
	return Load(ctx)
}

// Routes of the editor; admins only (the route table says so).
var (
	// HandleGet serves GET /api/tenant/texts.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Editor, error) { return Load(ctx) })
	// HandlePutTexts serves PUT /api/tenant/texts: the editor view
	// afterwards. A body without a language is refused.
	HandlePutTexts = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, ch Changes) (*Editor, error) {
		if len(ch) == 0 {
			return nil, apperror.Invalidf("error.bodyRequired")
		}
		return Save(ctx, ch)
	})
	// HandlePutTheme serves PUT /api/tenant/theme: the editor view
	// afterwards.
	HandlePutTheme = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, th tenants.Theme) (*Editor, error) {
		return SaveTheme(ctx, th)
	})
)
