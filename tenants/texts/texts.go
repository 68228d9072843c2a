// Package texts holds the server's text catalogues and a school's overrides.
//
// Base catalogues (go-i18n message files, nb, nn and en) carry every server-made
// text: error messages, e-mail and PDF texts, and the defaults of the texts a
// school may override (app name, privacy policy, signing-form texts...). A
// school's overrides live per language in its own schema (catalogue_entries).
// Lookups fall back from the school's text in the asked language, to the base
// text in that language, to Norwegian Bokmål, and never to a raw key; for
// Nynorsk the school's own Bokmål text comes before the base Nynorsk text.
package texts

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.json
var localeFS embed.FS

// Languages the service speaks, in the order a language switch lists them:
// Norwegian Bokmål (the default), Norwegian Nynorsk, English.
var Languages = []string{"nb", "nn", "en"}

// Default is the language used when nothing else decides.
const Default = "nb"

// Kind says how a school text is edited and rendered.
type Kind string

// The kinds of school text.
const (
	Plain    Kind = "text"
	Markdown Kind = "markdown"
	URL      Kind = "url"
	Email    Kind = "email"
)

// Key is one text a school may override.
type Key struct {
	ID   string
	Kind Kind
	// Max is the longest value accepted, in characters.
	Max int
}

// TenantKeys are the texts a school may set, per language.
var TenantKeys = []Key{
	{ID: "appName", Kind: Plain, Max: 100},
	{ID: "orgNumber", Kind: Plain, Max: 40},
	{ID: "privacyPolicy", Kind: Markdown, Max: 50000},
	{ID: "aboutUrl", Kind: URL, Max: 500},
	{ID: "contactEmail", Kind: Email, Max: 320},
	{ID: "accessibilityStatement", Kind: URL, Max: 500},
	{ID: "supervisorInvitation.subtitle", Kind: Plain, Max: 500},
	{ID: "signingForm.intro", Kind: Markdown, Max: 5000},
	{ID: "signingForm.teacherDeclaration", Kind: Plain, Max: 2000},
	{ID: "signingForm.studentDeclaration", Kind: Plain, Max: 2000},
	{ID: "signingForm.advisorDeclaration", Kind: Plain, Max: 2000},
}

// TenantKey returns the description of a school text key.
func TenantKey(id string) (Key, bool) {
	for _, k := range TenantKeys {
		if k.ID == id {
			return k, true
		}
	}
	return Key{}, false
}

// Catalogue is the set of base messages.
type Catalogue struct {
	bundle *i18n.Bundle
	// raw keeps the flat messages per language for fallbacks and tests.
	raw map[string]map[string]string
	mu  sync.Mutex
	loc map[string]*i18n.Localizer
}

var (
	baseOnce sync.Once
	base     *Catalogue
)

// Base returns the embedded base catalogue.
func Base() *Catalogue {
	baseOnce.Do(func() {
		c, err := load(localeFS)
		if err != nil {
			panic(fmt.Sprintf("embedded catalogues are broken: %v", err))
		}
		base = c
	})
	return base
}

func load(fsys fs.FS) (*Catalogue, error) {
	b := i18n.NewBundle(language.MustParse(Default))
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	c := &Catalogue{bundle: b, raw: map[string]map[string]string{}, loc: map[string]*i18n.Localizer{}}
	for _, lang := range Languages {
		name := "locales/" + lang + ".json"
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		if _, err := b.ParseMessageFileBytes(data, name); err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		flat := map[string]string{}
		if err := json.Unmarshal(data, &flat); err != nil {
			return nil, fmt.Errorf("%s must be a flat object of strings: %w", name, err)
		}
		c.raw[lang] = flat
	}
	return c, nil
}

// IDs returns the message ids of a language, sorted.
func (c *Catalogue) IDs(lang string) []string {
	ids := make([]string, 0, len(c.raw[lang]))
	for id := range c.raw[lang] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Has reports whether the base catalogue has id in lang.
func (c *Catalogue) Has(lang, id string) bool {
	_, ok := c.raw[lang][id]
	return ok
}

func (c *Catalogue) localizer(lang string) *i18n.Localizer {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.loc[lang]
	if !ok {
		l = i18n.NewLocalizer(c.bundle, lang, Default)
		c.loc[lang] = l
	}
	return l
}

// T translates a message id into lang with template data, falling back to
// Norwegian. A missing id gives the generic error text rather than the key.
func (c *Catalogue) T(lang, id string, data map[string]any) string {
	s, err := c.localizer(Normalize(lang)).Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data})
	if err == nil && s != "" {
		return s
	}
	if id != "error.internal" {
		return c.T(lang, "error.internal", nil)
	}
	return "En uventet feil oppsto"
}

// Normalize maps any language tag to one the service speaks.
func Normalize(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	switch {
	case lang == "en" || strings.HasPrefix(lang, "en-"):
		return "en"
	// Nynorsk: nn, nn-NO, and the older no-NN (Norwegian, Nynorsk variant).
	case lang == "nn" || strings.HasPrefix(lang, "nn-") || lang == "no-nn" || strings.HasPrefix(lang, "no-nn-"):
		return "nn"
	case lang == "nb" || lang == "no" || strings.HasPrefix(lang, "nb-") || strings.HasPrefix(lang, "no-"):
		return "nb"
	}
	return ""
}

var noNN = regexp.MustCompile(`(?i)\bno[-_]nn\b`)

var matcher = language.NewMatcher([]language.Tag{language.MustParse("nb"), language.English, language.MustParse("nn"), language.MustParse("no")})

// Negotiate picks the language of a request: an explicit ?lang= wins, then
// the Accept-Language header, then the school's default.
func Negotiate(query, acceptLanguage, fallback string) string {
	if l := Normalize(query); l != "" {
		return l
	}
	if acceptLanguage != "" {
		// no-NN (Norwegian with the Nynorsk "region") is an old way of
		// asking for Nynorsk that browsers and systems still send; NN is no
		// region, so the tag parser would drop it.
		acceptLanguage = noNN.ReplaceAllString(acceptLanguage, "nn")
		tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
		if err == nil && len(tags) > 0 {
			tag, _, conf := matcher.Match(tags...)
			if conf != language.No {
				base, _ := tag.Base()
				if l := Normalize(base.String()); l != "" {
					return l
				}
			}
		}
	}
	if l := Normalize(fallback); l != "" {
		return l
	}
	return Default
}

// Overrides are a school's own texts: language, then key, then value.
type Overrides map[string]map[string]string

// Set stores one override.
func (o Overrides) Set(lang, key, value string) {
	if o[lang] == nil {
		o[lang] = map[string]string{}
	}
	o[lang][key] = value
}

// Resolve returns a school text in lang: the school's own text, then the
// base text, then the school's Norwegian text, then the base Norwegian text.
// Nynorsk is the exception: a school that wrote its privacy policy only in
// Bokmål shows that text to Nynorsk readers rather than the generic base
// policy, so the school's Bokmål text comes before the base Nynorsk text.
// It returns "" only when no layer has the key, never the key itself.
func (c *Catalogue) Resolve(lang, key string, school Overrides) string {
	lang = Normalize(lang)
	if lang == "" {
		lang = Default
	}
	type layer struct {
		school bool
		lang   string
	}
	layers := []layer{{true, lang}, {false, lang}, {true, Default}, {false, Default}}
	if lang == "nn" {
		layers = []layer{{true, "nn"}, {true, Default}, {false, "nn"}, {false, Default}}
	}
	for _, l := range layers {
		if l.school {
			if v := strings.TrimSpace(school[l.lang][key]); v != "" {
				return school[l.lang][key]
			}
			continue
		}
		if v, ok := c.raw[l.lang][key]; ok && v != "" {
			return v
		}
	}
	return ""
}
