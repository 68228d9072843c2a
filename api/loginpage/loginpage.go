// Package loginpage writes a school's login page into the page the server
// sends, so that a phone paints it before the web app's script has
// arrived. The markup and its style follow what the web app's login page
// (frontend/src/features/auth/components/LoginPage.tsx in its frame) draws
// at the same size, in the same colours and texts; the script then renders
// the same page over it.
package loginpage

import (
	"bytes"
	"crypto/rand"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"regexp"
	"strings"

	"github.com/praksis/praksis/tenants"
)

// Start and End mark the login page's markup in the page, so that a copy
// of the page kept for later (the service worker's) can leave it out.
const (
	Start = "<!--praksis:login-->"
	End   = "<!--/praksis:login-->"
)

// languages are the catalogues the web app has, default first.
var languages = []string{"nb", "nn", "en"}

// messageIDs are the web app's messages the login page and its frame show.
var messageIDs = []string{
	"language.buttonLabel", "language.short.nb", "language.short.nn", "language.short.en",
	"login.orgNumber", "login.intro",
	"login.feide.heading", "login.feide.description", "login.feide.button",
	"login.vipps.heading", "login.vipps.description", "login.vipps.button",
	"login.otp.lead", "login.otp.link",
	"footer.privacy", "footer.accessibility", "footer.about", "footer.contact",
	"common.opensInNewWindow",
}

//go:embed style.css
var styleSheet string

//go:embed page.html
var pageSource string

var pageTemplate = template.Must(template.New("login").Parse(pageSource))

// Pages writes login pages with the web app's messages.
type Pages struct {
	messages map[string]map[string]string
}

// New reads the messages the login page needs from the web app's
// catalogues (nb.json, nn.json, en.json at the root of catalogues).
func New(catalogues fs.FS) (*Pages, error) {
	p := &Pages{messages: map[string]map[string]string{}}
	for _, lang := range languages {
		raw, err := fs.ReadFile(catalogues, lang+".json")
		if err != nil {
			return nil, fmt.Errorf("login page: catalogue %s: %w", lang, err)
		}
		var all map[string]string
		if err := json.Unmarshal(raw, &all); err != nil {
			return nil, fmt.Errorf("login page: catalogue %s: %w", lang, err)
		}
		kept := map[string]string{}
		for _, id := range messageIDs {
			text, ok := all[id]
			if !ok {
				return nil, fmt.Errorf("login page: catalogue %s has no message %s", lang, id)
			}
			kept[id] = text
		}
		p.messages[lang] = kept
	}
	return p, nil
}

// The language tags that ask for Nynorsk, and those of the app's other
// languages.
var (
	nynorskTag = regexp.MustCompile(`(?i)^(nn|no-nn)(-|$)`)
	otherTag   = regexp.MustCompile(`(?i)^(nb|no|en)(-|$)`)
)

// nynorskFirst reports whether an Accept-Language header asks for Nynorsk
// before any other language the app speaks (the web app's
// browserAsksForNynorsk, with the header's order in place of
// navigator.languages).
func nynorskFirst(acceptLanguage string) bool {
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch {
		case nynorskTag.MatchString(tag):
			return true
		case otherTag.MatchString(tag):
			return false
		}
	}
	return false
}

// Language is the language the web app shows a visitor who has chosen
// none on this device: Nynorsk when the browser asks for it first and the
// school offers it, else the school's default. A visitor's own earlier
// choice lives on the device, where the server does not see it; the web
// app then draws its page in that language over this one.
func Language(defaultLanguage, acceptLanguage string, offered []string) string {
	if nynorskFirst(acceptLanguage) && (len(offered) == 0 || contains(offered, "nn")) {
		return "nn"
	}
	if contains(languages, defaultLanguage) {
		return defaultLanguage
	}
	return languages[0]
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// view is what page.html draws.
type view struct {
	Lang        string
	AppName     string
	OrgNumber   string
	LogoURL     string
	Languages   bool
	LanguageKey string
	M           map[string]string
	OrgLine     string
	ContactLine string
	VippsHref   string
	Statement   string
	AboutURL    string
	Mailto      string
}

// Head is the style element of the login page, carrying the request's
// Content-Security-Policy nonce, in the school's colours.
func Head(info tenants.PublicInfo, nonce string) string {
	pal := paletteOf(info.Theme.PrimaryColor, info.Theme.SecondaryColor)
	css := strings.NewReplacer(
		"PRIMARY_TEXT", pal.PrimaryText,
		"ON_PRIMARY", pal.OnPrimary,
		"SECONDARY", pal.Secondary,
		"PRIMARY", pal.Primary,
	).Replace(styleSheet)
	return `<style nonce="` + template.HTMLEscapeString(nonce) + `">` + css + `</style>`
}

// Body is the login page's markup for #root: the school's top bar, the
// sign-in choices in lang and the school's footer, between Start and End.
// The school's texts (name, organisation number, links) are those of info.
func (p *Pages) Body(info tenants.PublicInfo, lang string) (string, error) {
	m, ok := p.messages[lang]
	if !ok {
		m = p.messages[languages[0]]
		lang = languages[0]
	}
	v := view{
		Lang:        lang,
		AppName:     info.AppName,
		OrgNumber:   info.OrgNumber,
		LogoURL:     info.Theme.LogoURL,
		Languages:   len(info.Languages) >= 2,
		LanguageKey: "language.short." + lang,
		M:           m,
		OrgLine:     strings.Replace(m["login.orgNumber"], "{orgNumber}", info.OrgNumber, 1),
		ContactLine: strings.Replace(m["footer.contact"], "{email}", strings.TrimSpace(info.ContactEmail), 1),
		VippsHref:   "/api/auth/vipps/start?state=" + newState(),
		Statement:   safeExternalURL(strings.TrimSpace(info.AccessibilityStatement)),
		AboutURL:    safeExternalURL(info.AboutURL),
		Mailto:      mailto(info.ContactEmail),
	}
	var b bytes.Buffer
	b.WriteString(Start)
	if err := pageTemplate.Execute(&b, v); err != nil {
		return "", fmt.Errorf("login page: %w", err)
	}
	b.WriteString(End)
	return b.String(), nil
}

// newState is a fresh Vipps sign-in state for a press of the button before
// the script has taken the page over (the script makes its own).
func newState() string {
	return rand.Text()
}

// safeExternalURL is the URL when it is an absolute http(s) URL, else ""
// (the web app's safeExternalUrl).
func safeExternalURL(value string) string {
	u, err := url.Parse(strings.TrimSpace(value))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return u.String()
}

// emailPattern is the web app's loose check of an e-mail address.
var emailPattern = regexp.MustCompile(`^[^\s@<>()\[\]\\,;:"]+@[^\s@<>()\[\]\\,;:"]+\.[^\s@<>()\[\]\\,;:"]+$`)

// mailto is a mailto: link for a plausible address, else "".
func mailto(email string) string {
	address := strings.TrimSpace(email)
	if !emailPattern.MatchString(address) {
		return ""
	}
	return "mailto:" + address
}
