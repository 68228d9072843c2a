package texts

import (
	"regexp"
	"slices"
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

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// placeholders lists the template fields a message uses, sorted and unique.
func placeholders(msg string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(msg, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Every message the Bokmål catalogue has is written in each other language:
// not missing, not empty where Bokmål has text, and with the same template
// fields, so no reader meets a raw key, a blank or a lost name or number.
func TestEveryLanguageTranslatesEveryMessage(t *testing.T) {
	c := Base()
	for _, lang := range Languages[1:] {
		for _, id := range c.IDs(Default) {
			want := c.raw[Default][id]
			got, ok := c.raw[lang][id]
			switch {
			case !ok:
				t.Errorf("%s: %q is missing", lang, id)
			case strings.TrimSpace(want) != "" && strings.TrimSpace(got) == "":
				t.Errorf("%s: %q is empty", lang, id)
			case !slices.Equal(placeholders(want), placeholders(got)):
				t.Errorf("%s: %q has placeholders %v, %s has %v", lang, id, placeholders(got), Default, placeholders(want))
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
	if got := c.T("nn", "tenant.unknownHost", map[string]any{"Host": "x.no"}); got != "Fann ingen skule på adressa x.no." {
		t.Errorf("nn: %q", got)
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
	school.Set("nn", "privacyPolicy", "Skulens erklæring på nynorsk")
	school.Set("nb", "supervisorInvitation.subtitle", "Skolens invitasjon")
	cases := []struct{ lang, key, want string }{
		{"nb", "privacyPolicy", "Skolens erklæring"},
		{"en", "aboutUrl", "https://school.example"},
		{"nb", "aboutUrl", c.raw["nb"]["aboutUrl"]},
		{"en", "signingForm.intro", c.raw["en"]["signingForm.intro"]},
		{"", "signingForm.intro", c.raw["nb"]["signingForm.intro"]},
		{"en", "unknownKey", ""},
		// Nynorsk: the school's Bokmål text before the base Nynorsk text.
		{"nn", "privacyPolicy", "Skulens erklæring på nynorsk"},
		{"nn", "supervisorInvitation.subtitle", "Skolens invitasjon"},
		{"en", "supervisorInvitation.subtitle", c.raw["en"]["supervisorInvitation.subtitle"]},
		{"nn", "signingForm.studentDeclaration", c.raw["nn"]["signingForm.studentDeclaration"]},
		{"nn-NO", "aboutUrl", c.raw["nn"]["aboutUrl"]},
		{"nn", "unknownKey", ""},
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
		{"", "nn-NO", "en", "nn"},
		{"", "nn", "nb", "nn"},
		{"", "no-NN", "en", "nn"},
		{"", "no-nn;q=0.9, en;q=0.5", "nb", "nn"},
		{"", "nb-NO, nn;q=0.9", "en", "nb"},
		{"", "nn-NO, nb;q=0.9, en;q=0.8", "en", "nn"},
		{"", "no-NO", "en", "nb"},
		{"nn", "en", "en", "nn"},
		{"", "", "nn", "nn"},
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
