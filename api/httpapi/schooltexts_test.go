package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/schooltexts"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

func TestSchoolTextsEditor(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	ed := decode[schooltexts.Editor](t, f.send(t, http.MethodGet, "a.localhost", "/api/tenant/texts", s.admin, nil))
	if len(ed.Texts) != len(texts.TenantKeys) || len(ed.Languages) != len(texts.Languages) {
		t.Fatalf("editor %+v", ed)
	}
	byKey := map[string]schooltexts.Text{}
	for _, tx := range ed.Texts {
		byKey[tx.Key] = tx
	}
	app := byKey["appName"]
	if app.Values["nb"].Value != "Skole A" || app.Values["en"].Value != "School A" || app.Values["nb"].Default != "Felles navn" {
		t.Errorf("appName %+v", app)
	}
	if pp := byKey["privacyPolicy"]; pp.Kind != texts.Markdown || pp.Values["en"].Value != "" || !strings.HasPrefix(pp.Values["en"].Default, "# Privacy policy") {
		t.Errorf("privacyPolicy %+v", pp)
	}

	// One bad entry refuses the whole change, naming each bad entry.
	bad := map[string]map[string]string{
		"nb": {"appName": "Ny skole", "aboutUrl": "ftp://skole.no", "contactEmail": "ikke en adresse", "noSuchKey": "x"},
		"en": {"appName": strings.Repeat("x", 101)},
		"sv": {"appName": "Skola"},
	}
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/texts", s.admin, bad)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("bad texts: %d %s", rec.Code, rec.Body)
	}
	var reasons []string
	for _, e := range decode[Problem](t, rec).Errors {
		reasons = append(reasons, e.Reason)
	}
	if strings.Join(reasons, " ") != "en.appName nb.aboutUrl nb.contactEmail nb.noSuchKey sv.appName" {
		t.Errorf("reasons %v", reasons)
	}
	if info := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil)); info.AppName != "Skole A" {
		t.Errorf("a refused change was saved: %q", info.AppName)
	}

	good := map[string]map[string]string{
		"nb": {"appName": "Sykepleieskolen", "privacyPolicy": "# Personvern\n\n*Vi* tar vare på dataene dine.", "aboutUrl": "https://skole.no/om"},
		"en": {"appName": "  "},
	}
	rec = f.send(t, http.MethodPut, "a.localhost", "/api/tenant/texts", s.admin, good)
	if rec.Code != http.StatusOK {
		t.Fatalf("good texts: %d %s", rec.Code, rec.Body)
	}
	nb := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant?lang=nb", nil))
	if nb.AppName != "Sykepleieskolen" || nb.PrivacyPolicy != "# Personvern\n\n*Vi* tar vare på dataene dine." || nb.AboutURL != "https://skole.no/om" {
		t.Errorf("GET /api/tenant after the change: %+v", nb)
	}
	// The English name was removed, so English falls back to the Norwegian one.
	if en := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant?lang=en", nil)); en.AppName != "Sykepleieskolen" {
		t.Errorf("English name after removal: %q", en.AppName)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM catalogue_entries WHERE language = 'en' AND key = 'appName'"); n != 0 {
		t.Error("a blank value was stored")
	}
	if b := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "b.localhost", "/api/tenant", nil)); b.AppName != "Skole B" {
		t.Errorf("school B changed: %q", b.AppName)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'school.textsChanged' AND actor_user_id = ?", s.adminID); n != 1 {
		t.Errorf("text changes audited %d times", n)
	}
}

func TestSchoolTheme(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	cases := []struct {
		name   string
		body   map[string]any
		status int
		reason string
	}{
		{"colour name", map[string]any{"primaryColor": "red"}, 400, "primaryColor"},
		{"short colour", map[string]any{"primaryColor": "#123456", "secondaryColor": "#fff"}, 400, "secondaryColor"},
		{"plain http logo", map[string]any{"logoUrl": "http://skole.no/logo.png"}, 400, "logoUrl"},
		{"unknown field", map[string]any{"tertiaryColor": "#123456"}, 400, "tertiaryColor"},
		{"favicon address too long", map[string]any{"faviconUrl": "https://skole.no/" + strings.Repeat("f", tenants.MaxThemeURLLen)}, 400, "faviconUrl"},
	}
	for _, c := range cases {
		rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/theme", s.admin, c.body)
		if rec.Code != c.status {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
			continue
		}
		if p := decode[Problem](t, rec); len(p.Errors) == 0 || p.Errors[0].Reason != c.reason {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
	before := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil))
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/theme", s.admin, map[string]any{"primaryColor": "#0a7d3b", "secondaryColor": "", "logoUrl": "https://skole.no/logo.svg"})
	if rec.Code != http.StatusOK {
		t.Fatalf("theme: %d %s", rec.Code, rec.Body)
	}
	if ed := decode[schooltexts.Editor](t, rec); ed.Theme.PrimaryColor != "#0a7d3b" || ed.ThemeDefault.PrimaryColor == "" {
		t.Errorf("editor theme %+v", ed)
	}
	info := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil))
	if info.Theme.PrimaryColor != "#0a7d3b" || info.Theme.LogoURL != "https://skole.no/logo.svg" || info.Theme.SecondaryColor != before.Theme.SecondaryColor {
		t.Errorf("GET /api/tenant theme %+v (before %+v)", info.Theme, before.Theme)
	}
	page := f.do(t, http.MethodGet, "a.localhost", "/admin", nil)
	if page.Code == http.StatusOK && !strings.Contains(page.Body.String(), "#0a7d3b") {
		t.Errorf("the page does not carry the new theme")
	}
}
