package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// A visitor whose browser asks for Nynorsk, in any of the ways browsers and
// systems spell it, gets the school's public info in Nynorsk: the base texts
// in Nynorsk, the school's own texts in Nynorsk where it has them and its
// Bokmål texts where it has not.
func TestTenantInfoInNynorsk(t *testing.T) {
	f := newFixture(t)
	f.db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nn', 'appName', 'Skule A')")
	nn := texts.Base()
	cases := []struct {
		host, header, wantName string
	}{
		{"a.localhost", "nn", "Skule A"},
		{"a.localhost", "nn-NO,nn;q=0.9,en;q=0.5", "Skule A"},
		{"a.localhost", "no-NN", "Skule A"},
		// B has no Nynorsk name: its Bokmål one, never the registry's or a key.
		{"b.localhost", "nn-NO", "Skole B"},
	}
	for _, c := range cases {
		rec := f.do(t, http.MethodGet, c.host, "/api/tenant", map[string]string{"Accept-Language": c.header})
		if rec.Code != http.StatusOK {
			t.Fatalf("%s %s: status %d %s", c.host, c.header, rec.Code, rec.Body)
		}
		info := decode[tenants.PublicInfo](t, rec)
		if info.Language != "nn" || info.AppName != c.wantName {
			t.Errorf("%s Accept-Language %q: %q in %q, want %q in nn", c.host, c.header, info.AppName, info.Language, c.wantName)
		}
		if want := nn.T("nn", "privacyPolicy", nil); info.PrivacyPolicy != want || !strings.Contains(info.PrivacyPolicy, "Kva opplysningar") {
			t.Errorf("%s %q: privacy policy is not the Nynorsk one: %.80q", c.host, c.header, info.PrivacyPolicy)
		}
		if strings.Join(info.Languages, ",") != "nb,nn,en" {
			t.Errorf("languages offered: %v", info.Languages)
		}
	}
	// Errors speak Nynorsk too.
	rec := f.do(t, http.MethodGet, "nowhere.localhost", "/api/tenant", map[string]string{"Accept-Language": "nn"})
	if !strings.Contains(rec.Body.String(), "Fann ingen skule på adressa") {
		t.Errorf("unknown school in Nynorsk: %d %s", rec.Code, rec.Body)
	}
}

// A school whose default language is Nynorsk shows a new visitor, who asks
// for no language, its public info and its login page in Nynorsk; a visitor
// who asks for Bokmål or English still gets that.
func TestSchoolWithNynorskDefault(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	nn := "nn"
	if _, err := f.db.Service.Update(context.Background(), "skole-b", tenants.UpdateParams{DefaultLanguage: &nn}); err != nil {
		t.Fatal(err)
	}
	if err := f.reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nn', 'appName', 'Skule B')")

	info := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "b.localhost", "/api/tenant", nil))
	if info.DefaultLanguage != "nn" || info.Language != "nn" || info.AppName != "Skule B" {
		t.Errorf("new visitor: %q in %q (default %q), want Skule B in nn", info.AppName, info.Language, info.DefaultLanguage)
	}
	if !strings.Contains(info.PrivacyPolicy, "Kva opplysningar") {
		t.Errorf("privacy policy is not in Nynorsk: %.80q", info.PrivacyPolicy)
	}
	for _, lang := range []string{"nb", "en"} {
		if got := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "b.localhost", "/api/tenant", map[string]string{"Accept-Language": lang})); got.Language != lang {
			t.Errorf("Accept-Language %s on a Nynorsk school gave %q", lang, got.Language)
		}
	}

	// The login page carries the school's info in Nynorsk, so the app
	// starts in Nynorsk without asking again.
	page := f.do(t, http.MethodGet, "b.localhost", "/", nil).Body.String()
	for _, want := range []string{"<title>Skule B</title>", `"defaultLanguage":"nn"`, `"language":"nn"`} {
		if !strings.Contains(page, want) {
			t.Errorf("login page lacks %s", want)
		}
	}
	// School A keeps Bokmål.
	if got := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil)); got.Language != "nb" {
		t.Errorf("school A: %q", got.Language)
	}
}

// A user's choice of Nynorsk is stored and used for the e-mails the service
// sends them, starting with the next one-time code.
func TestChosenLanguageIsUsedForEmails(t *testing.T) {
	sf := newSignInFixture(t)
	id := sf.user(t, "Synnøve", "synnove@a.test", nil, nil, users.RoleAdvisor)
	if rec := sf.requestCode(t, "a.localhost", "synnove@a.test", "192.0.2.7"); rec.Code != http.StatusAccepted {
		t.Fatalf("request code: %d %s", rec.Code, rec.Body)
	}
	if body := sf.text(t, "skole-a", "SELECT text_body FROM mail_outbox WHERE to_address = 'synnove@a.test' ORDER BY id DESC LIMIT 1"); !strings.Contains(body, "Her er engangskoden din") {
		t.Errorf("before choosing, the code comes in Bokmål:\n%s", body)
	}
	rec := sf.useCode(t, "a.localhost", "synnove@a.test", sf.queuedCode(t, "skole-a", "synnove@a.test"))
	if rec.Code != http.StatusOK {
		t.Fatalf("sign in: %d %s", rec.Code, rec.Body)
	}
	tok := decode[auth.TokenResponse](t, rec).Token
	withToken := func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+tok) }

	wantProblem(t, "unknown language", sf.call(t, http.MethodPut, "a.localhost", "/api/users/me/language", map[string]string{"language": "sv"}, withToken), http.StatusBadRequest, "language")
	if rec := sf.call(t, http.MethodPut, "a.localhost", "/api/users/me/language", map[string]string{"language": "nn"}, nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("signed out: %d", rec.Code)
	}
	if rec := sf.call(t, http.MethodPut, "a.localhost", "/api/users/me/language", map[string]string{"language": "nn"}, withToken); rec.Code != http.StatusNoContent {
		t.Fatalf("choose nn: %d %s", rec.Code, rec.Body)
	}
	if me := sf.me(t, "a.localhost", tok); me.ID != id || me.Language != "nn" {
		t.Errorf("stored language %q", me.Language)
	}

	if rec := sf.requestCode(t, "a.localhost", "synnove@a.test", "192.0.2.7"); rec.Code != http.StatusAccepted {
		t.Fatalf("request code again: %d %s", rec.Code, rec.Body)
	}
	subject := sf.text(t, "skole-a", "SELECT subject FROM mail_outbox WHERE to_address = 'synnove@a.test' ORDER BY id DESC LIMIT 1")
	body := sf.text(t, "skole-a", "SELECT text_body FROM mail_outbox WHERE to_address = 'synnove@a.test' ORDER BY id DESC LIMIT 1")
	// School A has no Nynorsk name: its Bokmål one.
	if subject != "Eingongskode til Skole A" || !strings.Contains(body, "Her er eingongskoden din") || !strings.Contains(body, "Helsing Skole A") {
		t.Errorf("the code after choosing Nynorsk: %q\n%s", subject, body)
	}
}

// An admin can make Nynorsk the school's default language from the browser;
// a new visitor meets the school in it at once.
func TestAdminSetsNynorskAsDefault(t *testing.T) {
	f := newFixture(t)
	admin, _ := f.signIn(t, "skole-a", "a.localhost", "admin@a.test", users.RoleAdmin)
	wantProblem(t, "unknown language", f.send(t, http.MethodPut, "a.localhost", "/api/tenant/default-language", admin, map[string]string{"language": "sv"}), http.StatusBadRequest, "language")
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/default-language", admin, map[string]string{"language": "nn"})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"defaultLanguage":"nn"`) {
		t.Fatalf("set nn: %d %s", rec.Code, rec.Body)
	}
	info := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil))
	if info.DefaultLanguage != "nn" || info.Language != "nn" {
		t.Errorf("after setting nn: default %q, language %q", info.DefaultLanguage, info.Language)
	}
	// The other school is untouched.
	if other := decode[tenants.PublicInfo](t, f.do(t, http.MethodGet, "b.localhost", "/api/tenant", nil)); other.DefaultLanguage != "nb" {
		t.Errorf("school B's default became %q", other.DefaultLanguage)
	}
}
