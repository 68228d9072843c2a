package signin

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFeidePerson(t *testing.T) {
	org := func(aff ...any) map[string]any {
		return map[string]any{"id": "fc:org:hvl.no", "type": "fc:org", "membership": map[string]any{"affiliation": aff}}
	}
	cases := []struct {
		name     string
		claims   map[string]any
		groups   []map[string]any
		wantID   string
		wantRelm string
		student  bool
	}{
		{"principal name and affiliation claim",
			map[string]any{"https://n.feide.no/claims/eduPersonPrincipalName": "Ola@HVL.no", "https://n.feide.no/claims/eduPersonAffiliation": []any{"student", "member"}},
			nil, "ola@hvl.no", "hvl.no", true},
		{"userid_sec and affiliation from the org group",
			map[string]any{"https://n.feide.no/claims/userid_sec": []any{"nin:010101", "feide:kari@uia.no"}},
			[]map[string]any{org("Student")}, "kari@uia.no", "uia.no", true},
		{"employee",
			map[string]any{"eduPersonPrincipalName": "per@hvl.no"},
			[]map[string]any{org("employee", "faculty")}, "per@hvl.no", "hvl.no", false},
		{"malformed e-mail and a long name are not taken",
			map[string]any{"eduPersonPrincipalName": "lang@hvl.no", "email": "not an address", "name": strings.Repeat("Å", 250)},
			nil, "lang@hvl.no", "hvl.no", false},
		{"no Feide user id",
			map[string]any{"sub": "x", "https://n.feide.no/claims/userid_sec": []any{"nin:010101"}},
			nil, "", "", false},
	}
	for _, c := range cases {
		p := feidePerson(c.claims, c.groups)
		if p.FeideID != c.wantID || p.Realm != c.wantRelm || slices.Contains(p.Affiliations, "student") != c.student ||
			strings.Contains(p.Email, " ") || len([]rune(p.Name)) > 200 {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
}

func TestParseMemberships(t *testing.T) {
	groups := []map[string]any{
		{"id": "fc:org:hvl.no", "type": "fc:org"},
		{"id": "fc:fs:fs:emne:hvl.no:SYKP2100:1", "displayName": "Medisinsk praksis", "membership": map[string]any{"fsroles": []any{"STUDENT"}, "active": true}},
		{"id": "fc:fs:fs:emne:hvl.no:SYKP1200:2", "membership": map[string]any{"fsroles": []any{"STUDENT"}, "active": false}},
		{"id": "fc:fs:fs:emne:hvl.no::1"},
		{"id": "fc:fs:fs:kull:hvl.no:SYKP:2024"},
		{"id": "fc:fs:fs:emne:uia.no:SYKP2100:1"},
		{"displayName": "no id"},
	}
	got := ParseMemberships(groups)
	want := []Membership{
		{GroupID: "fc:fs:fs:emne:hvl.no:SYKP1200:2", Realm: "hvl.no", SubjectCode: "SYKP1200", Version: "2", Roles: []string{"STUDENT"}, Active: false},
		{GroupID: "fc:fs:fs:emne:hvl.no:SYKP2100:1", Realm: "hvl.no", SubjectCode: "SYKP2100", Version: "1", DisplayName: "Medisinsk praksis", Roles: []string{"STUDENT"}, Active: true},
		{GroupID: "fc:fs:fs:emne:uia.no:SYKP2100:1", Realm: "uia.no", SubjectCode: "SYKP2100", Version: "1", Roles: []string{}, Active: true},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.GroupID != w.GroupID || g.Realm != w.Realm || g.SubjectCode != w.SubjectCode || g.Version != w.Version ||
			g.DisplayName != w.DisplayName || !slices.Equal(g.Roles, w.Roles) || g.Active != w.Active {
			t.Errorf("%d: got %+v, want %+v", i, g, w)
		}
	}
	if ParseMemberships(nil) == nil {
		t.Error("no groups must give an empty list, not null")
	}
}

func TestLocalPath(t *testing.T) {
	cases := map[string]bool{
		"/supervisor/accept-invitation?x=1": true,
		"/":                                 true,
		"//evil.example/":                   false,
		"/\\evil.example":                   false,
		"https://evil.example/":             false,
		"relative":                          false,
		"/a\nb":                             false,
		"/" + strings.Repeat("a", 600):      false,
	}
	for p, want := range cases {
		if got := localPath(p); got != want {
			t.Errorf("localPath(%q) = %v", p, got)
		}
	}
}

// The start parameters keep what is of its form and leave the rest behind
// rather than refusing the sign-in.
func TestStartParamsKept(t *testing.T) {
	cases := []struct {
		name                   string
		in                     StartParams
		wantGUID, wantRedirect string
	}{
		{"both kept", StartParams{VerificationGUID: "3f2a-77", RedirectURI: "/supervisor/accept-invitation"}, "3f2a-77", "/supervisor/accept-invitation"},
		{"trimmed", StartParams{VerificationGUID: " abc ", RedirectURI: " /student "}, "abc", "/student"},
		{"none", StartParams{}, "", ""},
		{"guid with other characters", StartParams{VerificationGUID: "abc;drop"}, "", ""},
		{"guid too long", StartParams{VerificationGUID: strings.Repeat("a", 65)}, "", ""},
		{"redirect to another site", StartParams{VerificationGUID: "ok", RedirectURI: "https://evil.example/"}, "ok", ""},
		{"protocol-relative redirect", StartParams{RedirectURI: "//evil.example/"}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			guid, redirect := kept(c.in)
			if guid != c.wantGUID || redirect != c.wantRedirect {
				t.Errorf("kept(%+v) = %q, %q; want %q, %q", c.in, guid, redirect, c.wantGUID, c.wantRedirect)
			}
		})
	}
}

func TestSignInStateCookie(t *testing.T) {
	s := New(nil)
	now := time.Now()
	s.SetClock(func() time.Time { return now })
	ls := loginState{Provider: "feide", Tenant: "skole", Host: "a.localhost", State: "st", Nonce: "n", Verifier: "v", Expires: now.Add(time.Minute).Unix()}
	value, err := s.signState(ls)
	if err != nil {
		t.Fatal(err)
	}
	other := New(nil)
	enc, sig, _ := strings.Cut(value, ".")
	cases := []struct {
		name, value, provider, tenant, host string
		at                                  time.Time
		svc                                 *Service
		ok                                  bool
	}{
		{"as issued", value, "feide", "skole", "a.localhost", now, s, true},
		{"other provider", value, "vipps", "skole", "a.localhost", now, s, false},
		{"other school", value, "feide", "annen", "a.localhost", now, s, false},
		{"other host", value, "feide", "skole", "b.localhost", now, s, false},
		{"expired", value, "feide", "skole", "a.localhost", now.Add(2 * time.Minute), s, false},
		{"other secret", value, "feide", "skole", "a.localhost", now, other, false},
		{"payload changed", enc + "x." + sig, "feide", "skole", "a.localhost", now, s, false},
		{"no signature", enc, "feide", "skole", "a.localhost", now, s, false},
		{"garbage", "...", "feide", "skole", "a.localhost", now, s, false},
	}
	for _, c := range cases {
		at := c.at
		c.svc.SetClock(func() time.Time { return at })
		got, err := c.svc.openState(c.value, c.provider, c.tenant, c.host)
		if (err == nil) != c.ok || (c.ok && *got != ls) {
			t.Errorf("%s: %+v %v", c.name, got, err)
		}
	}
}

func TestCodeHash(t *testing.T) {
	s := New(nil)
	salt := []byte("0123456789abcdef")
	stored := s.hashCode(salt, "Kari@Example.no", "123456")
	if strings.Contains(stored, "123456") {
		t.Fatal("the code is readable in its hash")
	}
	cases := []struct {
		email, code string
		svc         *Service
		want        bool
	}{
		{"kari@example.no", "123456", s, true},
		{"KARI@example.no", "123456", s, true},
		{"kari@example.no", "123457", s, false},
		{"ola@example.no", "123456", s, false},
		{"kari@example.no", "123456", New(nil), false},
	}
	for _, c := range cases {
		if got := c.svc.codeMatches(stored, c.email, c.code); got != c.want {
			t.Errorf("codeMatches(%q, %q) = %v", c.email, c.code, got)
		}
	}
	if s.codeMatches("plain:123456", "kari@example.no", "123456") {
		t.Error("an unknown hash format matched")
	}
	seen := map[string]bool{}
	for range 200 {
		c, err := newCode()
		if err != nil || !codePattern.MatchString(c) {
			t.Fatalf("code %q %v", c, err)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Errorf("only %d different codes in 200", len(seen))
	}
}
