package loginpage

import (
	"strings"
	"testing"

	"github.com/praksis/praksis/frontend"
	"github.com/praksis/praksis/tenants"
)

// The colours match what the web app's theme computes for the same school
// colours (MUI's getContrastRatio and darken, as buildTheme uses them).
func TestPaletteFollowsTheWebAppsTheme(t *testing.T) {
	tests := []struct {
		primary, secondary string
		want               palette
	}{
		{"#00509E", "#E0A800", palette{"#00509E", "#ffffff", "#E0A800", "#00509E"}},
		{"#E0A800", "#00509E", palette{"#E0A800", "#000000", "#00509E", "rgb(134, 100, 0)"}},
		{"#ffcc00", "#fff", palette{"#ffcc00", "#000000", "#fff", "rgb(127, 102, 0)"}},
		{"#7fffd4", "#000", palette{"#7fffd4", "#000000", "#000", "rgb(57, 114, 95)"}},
		{"#fff", "#fff", palette{"#fff", "#000000", "#fff", "rgb(101, 101, 101)"}},
		{"red; background: url(x)", "", palette{"#00509E", "#ffffff", "#E0A800", "#00509E"}},
	}
	for _, tt := range tests {
		if got := paletteOf(tt.primary, tt.secondary); got != tt.want {
			t.Errorf("paletteOf(%q, %q) = %+v, want %+v", tt.primary, tt.secondary, got, tt.want)
		}
	}
}

// The login page is in the language the web app shows a visitor without a
// stored choice: Nynorsk when the browser asks for it first, else the
// school's default.
func TestLanguage(t *testing.T) {
	all := []string{"nb", "nn", "en"}
	tests := []struct {
		def, accept string
		offered     []string
		want        string
	}{
		{"nb", "", all, "nb"},
		{"nn", "en-US,en;q=0.9", all, "nn"},
		{"en", "nb-NO,nb;q=0.9", all, "en"},
		{"nb", "nn-NO,nn;q=0.9,nb;q=0.8", all, "nn"},
		{"nb", "no-NN", all, "nn"},
		{"nb", "en,nn", all, "nb"},
		{"nb", "sv,nn", all, "nn"},
		{"en", "nn", []string{"nb", "en"}, "en"},
		{"xx", "", all, "nb"},
	}
	for _, tt := range tests {
		if got := Language(tt.def, tt.accept, tt.offered); got != tt.want {
			t.Errorf("Language(%q, %q, %v) = %q, want %q", tt.def, tt.accept, tt.offered, got, tt.want)
		}
	}
}

// The page carries the school's texts and the messages of its language,
// escaped, and leaves out links that are not safe.
func TestBodyPerLanguage(t *testing.T) {
	pages, err := New(frontend.Catalogues())
	if err != nil {
		t.Fatal(err)
	}
	info := tenants.PublicInfo{
		AppName: "Skole <A>", OrgNumber: "999 888 777", Languages: []string{"nb", "nn", "en"},
		AboutURL: "javascript:alert(1)", ContactEmail: " post@skole.test ", AccessibilityStatement: "https://uu.example/skole",
	}
	tests := []struct {
		lang      string
		want, not []string
	}{
		{"nb", []string{`data-lang="nb"`, "Skole &lt;A&gt;", "Org.nr. 999 888 777", "Logg inn med Feide", "Her følger studenter",
			`<span lang="nb">Bokmål</span>`, `href="mailto:post@skole.test"`, "Kontakt: post@skole.test", `href="https://uu.example/skole"`},
			[]string{"Skole <A>", "javascript:", "Om tjenesten", "Her følgjer"}},
		{"nn", []string{`data-lang="nn"`, "Her følgjer studentar", `<span lang="nn">Nynorsk</span>`}, []string{"Her følger studenter"}},
		{"en", []string{`data-lang="en"`, "Log in with Feide", "Students, practice supervisors"}, []string{"Logg inn med Feide"}},
	}
	for _, tt := range tests {
		body, err := pages.Body(info, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(body, Start) || !strings.HasSuffix(body, End) {
			t.Errorf("%s: not between the marks: %.60q", tt.lang, body)
		}
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: missing %q in\n%s", tt.lang, w, body)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(body, n) {
				t.Errorf("%s: has %q", tt.lang, n)
			}
		}
	}
}

// The style element carries the nonce and the school's colours, and
// nothing of a colour that is not one.
func TestHead(t *testing.T) {
	head := Head(tenants.PublicInfo{Theme: tenants.Theme{PrimaryColor: "#E0A800", SecondaryColor: "</style><script>"}}, "bm9uY2U=")
	if !strings.HasPrefix(head, `<style nonce="bm9uY2U=">`) || strings.Count(head, "</style>") != 1 {
		t.Fatalf("head %.80q", head)
	}
	for _, w := range []string{"background-color:#E0A800", "color:#000000", "border-bottom:4px solid #E0A800", "color:rgb(134, 100, 0)"} {
		if !strings.Contains(head, w) {
			t.Errorf("missing %q", w)
		}
	}
}
