package mockidp

import (
	"html/template"
	"net/http"
)

var pickerTemplate = template.Must(template.New("picker").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with {{.Title}} (test)</title>
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
<h1>Sign in with {{.Title}}</h1>
<p>This is a test sign-in that exists only in development. Pick the person to sign in as.</p>
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
<legend>Test persons</legend>
<ul>
{{range .People}}<li><button type="submit" name="person" value="{{.Key}}"><span class="who">{{.Name}}</span> <span class="what">{{.Description}}</span><span class="details">{{.Details}}</span></button></li>
{{end}}{{if .NewStudent}}<li><button type="submit" name="person" value="new-student"><span class="who">New student</span> <span class="what">A student who has never signed in (realm demo.test, SYKP2100)</span></button></li>
{{end}}</ul>
</fieldset>
<p><button type="submit" name="action" value="cancel" class="cancel">Cancel sign-in</button></p>
</form>
</main>
</body>
</html>
`))

func renderPicker(w http.ResponseWriter, iss *issuer, a authRequest) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pickerTemplate.Execute(w, map[string]any{
		"Title": iss.title, "Req": a, "People": iss.people, "NewStudent": iss.name == "feide",
	})
}
