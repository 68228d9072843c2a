package tenants

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/texts"
)

// PublicInfo is what anyone may know of a school before signing in: its
// name, organisation number, languages, theme and public texts. It is served
// by GET /api/tenant and injected into the web app's page so the theme is in
// place before the first paint.
type PublicInfo struct {
	Slug                   string   `json:"slug" example:"oslomet" description:"The school's short name in the registry"`
	AppName                string   `json:"appName" description:"The school's name for the app, in the language of the answer"`
	OrgNumber              string   `json:"orgNumber" example:"997058090"`
	DefaultLanguage        string   `json:"defaultLanguage" enum:"nb,nn,en"`
	Languages              []string `json:"languages" description:"The languages the service speaks: nb, nn, en"`
	Language               string   `json:"language" enum:"nb,nn,en" description:"The language of this answer's texts"`
	Theme                  Theme    `json:"theme"`
	PrivacyPolicy          string   `json:"privacyPolicy" description:"The privacy policy (Markdown)"`
	AboutURL               string   `json:"aboutUrl"`
	ContactEmail           string   `json:"contactEmail"`
	AccessibilityStatement string   `json:"accessibilityStatement" description:"The accessibility statement (Markdown)"`
}

// SchoolTexts are a school's texts with its overrides, resolved against the
// base catalogue.
type SchoolTexts struct {
	tenant    *Tenant
	overrides texts.Overrides
	theme     Theme
}

// LoadSchoolTexts reads a school's text overrides and theme inside its
// scope. The registry's name and organisation number count as the school's
// own texts in every language, below what its admins have set.
func LoadSchoolTexts(ctx context.Context, tx *gorm.DB, t *Tenant) (*SchoolTexts, error) {
	var rows []struct {
		Language string
		Key      string
		Value    string
	}
	if err := tx.WithContext(ctx).Raw("SELECT language, key, value FROM catalogue_entries").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("read texts of %s: %w", t.Slug, err)
	}
	o := texts.Overrides{}
	for _, r := range rows {
		if strings.TrimSpace(r.Value) != "" {
			o.Set(r.Language, r.Key, r.Value)
		}
	}
	// The registry's name and number stand in where the school's admins
	// have set none in any language; an admin's Norwegian name is still
	// preferred to the registry's in English.
	for key, registry := range map[string]string{"appName": t.DisplayName, "orgNumber": t.OrgNumber} {
		for _, lang := range texts.Languages {
			switch {
			case o[lang][key] != "":
			case o[texts.Default][key] != "":
				o.Set(lang, key, o[texts.Default][key])
			default:
				o.Set(lang, key, registry)
			}
		}
	}
	theme := t.Theme
	// A slice of rows: scanning into []byte would read one row as a list.
	var raw []string
	if err := tx.WithContext(ctx).Raw("SELECT value::text FROM settings WHERE key = 'theme'").Scan(&raw).Error; err != nil {
		return nil, fmt.Errorf("read theme of %s: %w", t.Slug, err)
	}
	if len(raw) > 0 {
		var admin Theme
		if err := json.Unmarshal([]byte(raw[0]), &admin); err == nil {
			theme = admin.Merge(theme)
		}
	}
	return &SchoolTexts{tenant: t, overrides: o, theme: theme.Merge(DefaultTheme)}, nil
}

// Text returns one school text in lang, with fallbacks (never a raw key).
func (s *SchoolTexts) Text(lang, key string) string {
	return texts.Base().Resolve(lang, key, s.overrides)
}

// Public returns the school's public info in lang.
func (s *SchoolTexts) Public(lang string) PublicInfo {
	t := s.tenant
	return PublicInfo{
		Slug:                   t.Slug,
		AppName:                s.Text(lang, "appName"),
		OrgNumber:              s.Text(lang, "orgNumber"),
		DefaultLanguage:        t.DefaultLanguage,
		Languages:              texts.Languages,
		Language:               lang,
		Theme:                  s.theme,
		PrivacyPolicy:          s.Text(lang, "privacyPolicy"),
		AboutURL:               s.Text(lang, "aboutUrl"),
		ContactEmail:           s.Text(lang, "contactEmail"),
		AccessibilityStatement: s.Text(lang, "accessibilityStatement"),
	}
}

// PublicInfoFor loads the public info of the current scope's school.
func PublicInfoFor(ctx context.Context, lang string) (PublicInfo, error) {
	t := Current(ctx)
	tx, err := DB(ctx)
	if err != nil || t == nil {
		return PublicInfo{}, ErrNoScope
	}
	st, err := LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return PublicInfo{}, err
	}
	return st.Public(lang), nil
}

// InfoParams are the query of GET /api/tenant (and of the web app
// manifest and icons).
type InfoParams struct {
	Lang string `query:"lang" enum:"nb,nn,en" description:"The language of the texts; otherwise Accept-Language decides, then the school's default"`
}

// HandlePublicInfo serves GET /api/tenant: the school's public info in the
// language asked for (?lang= or Accept-Language), with an ETag so a browser
// revalidates cheaply and sees an admin's change on its next page load. It
// stays a plain handler for the ETag and its 304.
func HandlePublicInfo(c *echo.Context) error {
	ctx := c.Request().Context()
	t := Current(ctx)
	if t == nil {
		return ErrNoScope
	}
	// InfoParams' one field is a string, which the query gives as it is.
	p := InfoParams{Lang: c.QueryParam("lang")}
	lang := texts.Negotiate(p.Lang, c.Request().Header.Get("Accept-Language"), t.DefaultLanguage)
	info, err := PublicInfoFor(ctx, lang)
	if err != nil {
		return err
	}
	body, err := json.Marshal(info)
	if err != nil {
		return fmt.Errorf("encode tenant info: %w", err)
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, "application/json", body)
}
