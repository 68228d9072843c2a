package mockidp

import (
	"html/template"
	"net/http"

	"github.com/praksis/praksis/tenants/texts"
)

// pickerText is the picker's own wording in one language. The test persons'
// descriptions stay in English: they are notes for developers, not texts a
// user of the service reads.
type pickerText struct {
	SignInWith, Test, Intro, Persons, NewStudent, NewStudentWhat, Cancel string
}

// pickerTexts holds the picker's wording per language of the service, so a
// journey in Nynorsk or English meets no Bokmål page on the way.
var pickerTexts = map[string]pickerText{
	"nb": {"Logg inn med", "test", "Dette er en testinnlogging som bare finnes under utvikling. Velg personen du vil logge inn som.",
		"Testpersoner", "Ny student", "En student som aldri har logget inn (realm demo.test, SYKP2100)", "Avbryt innloggingen"},
	"nn": {"Logg inn med", "test", "Dette er ei testinnlogging som berre finst under utvikling. Vel personen du vil logge inn som.",
		"Testpersonar", "Ny student", "Ein student som aldri har logga inn (realm demo.test, SYKP2100)", "Avbryt innlogginga"},
	"en": {"Sign in with", "test", "This is a test sign-in that exists only in development. Pick the person to sign in as.",
		"Test persons", "New student", "A student who has never signed in (realm demo.test, SYKP2100)", "Cancel sign-in"},
}

var pickerTemplate = template.Must(template.New("picker").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.SignInWith}} {{.Title}} ({{.T.Test}})</title>
<style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:1rem auto;padding:0 1rem;line-height:1.4}
fieldset{border:1px solid #888;border-radius:4px;margin:1rem 0;padding:.5rem 1rem}
ul{list-style:none;padding:0;margin:0}li{margin:.5rem 0}
button{display:block;width:100%;text-align:left;padding:.5rem .75rem;font:inherit;border:1px solid #555;border-radius:4px;background:#fff;cursor:pointer}
button:hover{background:#eef}button:focus-visible{outline:3px solid #1a5a8a;outline-offset:2px}
.who{font-weight:bold;display:block}.what{color:#333}.details{display:block;color:#333;font-size:.9em}
.cancel{width:auto;display:inline-block;background:#f4f4f4}
</style>
</head>
<body>
<main>
<h1>{{.T.SignInWith}} {{.Title}}</h1>
<p>{{.T.Intro}}</p>
<form method="post" action="authorize">
<input type="hidden" name="client_id" value="{{.Req.ClientID}}">
<input type="hidden" name="redirect_uri" value="{{.Req.RedirectURI}}">
<input type="hidden" name="response_type" value="code">
<input type="hidden" name="scope" value="{{.Req.Scope}}">
<input type="hidden" name="state" value="{{.Req.State}}">
<input type="hidden" name="nonce" value="{{.Req.Nonce}}">
<input type="hidden" name="code_challenge" value="{{.Req.Challenge}}">
<input type="hidden" name="code_challenge_method" value="{{.Req.Method}}">
<fieldset>
<legend>{{.T.Persons}}</legend>
<ul>
{{range .People}}<li><button type="submit" name="person" value="{{.Key}}"><span class="who">{{.Name}}</span> <span class="what">{{.Description}}</span><span class="details">{{.Details}}</span></button></li>
{{end}}{{if .NewStudent}}<li><button type="submit" name="person" value="new-student"><span class="who">{{.T.NewStudent}}</span> <span class="what">{{.T.NewStudentWhat}}</span></button></li>
{{end}}</ul>
</fieldset>
<p><button type="submit" name="action" value="cancel" class="cancel">{{.T.Cancel}}</button></p>
</form>
</main>
</body>
</html>
`))

// pickerLanguage is the language the picker speaks: the OpenID Connect
// ui_locales parameter when given, else the browser's Accept-Language, else
// English (the page is a developer's tool).
func pickerLanguage(r *http.Request) string {
	return texts.Negotiate(r.FormValue("ui_locales"), r.Header.Get("Accept-Language"), "en")
}

func renderPicker(w http.ResponseWriter, r *http.Request, iss *issuer, a authRequest) {
	lang := pickerLanguage(r)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pickerTemplate.Execute(w, map[string]any{
		"Title": iss.title, "Req": a, "People": iss.people, "NewStudent": iss.name == "feide",
		"Lang": lang, "T": pickerTexts[lang],
	})
}
