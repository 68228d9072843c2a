package texts

import (
	"strings"
	"testing"
)

// Both languages have exactly the same messages, so no user ever meets a
// missing text, and none of them is empty unless it is meant to be.
func TestCataloguesMatch(t *testing.T) {
	c := Base()
	for _, a := range Languages {
		for _, b := range Languages {
			for _, id := range c.IDs(a) {
				if !c.Has(b, id) {
					t.Errorf("%q is in %s but not in %s", id, a, b)
				}
			}
		}
	}
	for _, k := range TenantKeys {
		for _, lang := range Languages {
			if !c.Has(lang, k.ID) {
				t.Errorf("school text %q has no base text in %s", k.ID, lang)
			}
		}
	}
}

func TestT(t *testing.T) {
	c := Base()
	if got := c.T("en", "tenant.unknownHost", map[string]any{"Host": "x.no"}); got != "There is no school at the address x.no." {
		t.Errorf("en: %q", got)
	}
	if got := c.T("nb", "tenant.unknownHost", map[string]any{"Host": "x.no"}); !strings.Contains(got, "x.no") || !strings.HasPrefix(got, "Fant") {
		t.Errorf("nb: %q", got)
	}
	if got := c.T("sv", "error.forbidden", nil); got != c.T("nb", "error.forbidden", nil) {
		t.Errorf("unknown language does not fall back to nb: %q", got)
	}
	if got := c.T("en", "no.such.key", nil); got == "no.such.key" || got == "" {
		t.Errorf("missing key gave %q", got)
	}
}

func TestResolveFallsBack(t *testing.T) {
	c := Base()
	school := Overrides{}
	school.Set("nb", "privacyPolicy", "Skolens erklæring")
	school.Set("en", "aboutUrl", "https://school.example")
	cases := []struct{ lang, key, want string }{
		{"nb", "privacyPolicy", "Skolens erklæring"},
		{"en", "aboutUrl", "https://school.example"},
		{"nb", "aboutUrl", c.raw["nb"]["aboutUrl"]},
		{"en", "signingForm.intro", c.raw["en"]["signingForm.intro"]},
		{"", "signingForm.intro", c.raw["nb"]["signingForm.intro"]},
		{"en", "unknownKey", ""},
	}
	for _, tc := range cases {
		if got := c.Resolve(tc.lang, tc.key, school); got != tc.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
}

func TestNegotiate(t *testing.T) {
	cases := []struct{ query, header, fallback, want string }{
		{"en", "nb", "nb", "en"},
		{"", "en-US,en;q=0.8", "nb", "en"},
		{"", "nn-NO", "en", "nb"},
		{"", "no", "en", "nb"},
		{"", "de-DE", "en", "en"},
		{"", "", "en", "en"},
		{"sv", "", "", "nb"},
		{"", "garbage;;;", "nb", "nb"},
	}
	for _, c := range cases {
		if got := Negotiate(c.query, c.header, c.fallback); got != c.want {
			t.Errorf("Negotiate(%q, %q, %q) = %q, want %q", c.query, c.header, c.fallback, got, c.want)
		}
	}
}
