package httpapi

import (
	"encoding/json"
	"html"
	"io/fs"
	"strings"
)

// buildManifestPath is where the build writes its manifest: every chunk with
// the source it comes from, its file and what it imports.
const buildManifestPath = ".vite/manifest.json"

// The sources of the chunks a signed-in page needs before it draws: the
// signed-in app (router, store, RTK Query, the layout) and the language's
// whole catalogue (src/i18n/<lang>.json).
const (
	signedInSource  = "src/app/signedInApp.tsx"
	catalogueSource = "src/i18n/%s.json"
)

// The sources of the pages whose code the server announces.
const (
	formPageSource     = "src/features/answering/components/AnswerFormPage.tsx"
	formViewSource     = "src/features/answering/components/FormViewPage.tsx"
	studentFormsSource = "src/features/student/components/StudentFormsPage.tsx"
	teacherClassSource = "src/features/teacher/components/TeacherClassPage.tsx"
)

// The API reads of the form page (spec §2): the form, and every set of
// answers of the student; a student's page also checks the address
// against the student's own classes (StudentFormGuard).
var (
	formPageReads        = []string{"forms/:formId", "classes/:classId/students/:studentUserId/forms/:formId/full"}
	studentFormPageReads = append(append([]string{}, formPageReads...), "classes/me/student")
)

// signedInPage is a page of the signed-in app the server knows the needs
// of: the sources of its chunks and the API reads it draws from, beyond
// the user's (an id in a read is the path's segment of that name).
type signedInPage struct {
	pattern string
	sources []string
	reads   []string
}

// signedInPages are the signed-in pages the server announces the code and
// starts the reads of, as the web app routes and asks for them
// (src/app/signedInRoutes.tsx, the role areas and each page's queries): a
// segment starting with ":" matches any one segment. A path of a role area
// is only ever opened signed in in practice (a link in an e-mail, a
// returning nurse), so its page announces the signed-in app and the page's
// chunk; every other path is the login page, which the built index.html
// already announces. The first pattern that matches wins.
var signedInPages = []signedInPage{
	{"/student/:studentUserId/form/:formId/class/:classId/assignment/:assignmentId", []string{formPageSource}, studentFormPageReads},
	{"/teacher/class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId", []string{formPageSource}, formPageReads},
	{"/advisor/class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId", []string{formPageSource}, formPageReads},
	{"/teacher/form/:formId", []string{formViewSource}, []string{"forms/:formId"}},
	{"/advisor/form/:formId", []string{formViewSource}, []string{"forms/:formId"}},
	{"/student/forms", []string{studentFormsSource}, nil},
	// The class, then its people, students and signing, which the page asks for once the class has come.
	{"/teacher/class/:classId", []string{teacherClassSource},
		[]string{"classes/:classId", "classes/:classId/users", "classes/:classId/students", "classes/:classId/signing-status"}},
	{"/student", nil, nil},
	{"/teacher", nil, nil},
	{"/advisor", nil, nil},
	{"/admin", nil, nil},
}

// manifestChunk is one entry of the build manifest.
type manifestChunk struct {
	File    string   `json:"file"`
	IsEntry bool     `json:"isEntry"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
}

// preloads knows, from the build manifest, which files each page needs
// before it can draw, so the page the server sends names them at once
// rather than the browser finding them one import after another.
type preloads struct {
	manifest map[string]manifestChunk
	// entry is what the built index.html already announces.
	entry map[string]bool
}

// loadPreloads reads the build manifest of dist. Without one (a build
// without a manifest, or none yet) nothing is announced.
func loadPreloads(dist fs.FS) *preloads {
	p := &preloads{entry: map[string]bool{}}
	raw, err := fs.ReadFile(dist, buildManifestPath)
	if err != nil || json.Unmarshal(raw, &p.manifest) != nil {
		return p
	}
	for key, chunk := range p.manifest {
		if chunk.IsEntry {
			p.closure(key, p.entry, map[string]bool{}, nil)
		}
	}
	return p
}

// closure adds the file of the chunk key, its stylesheets and those of its
// static imports, depth first, to files (in the order a browser needs
// them: the chunk's imports run first, but all are fetched at once) and to
// order.
func (p *preloads) closure(key string, files, seen map[string]bool, order *[]string) {
	if seen[key] {
		return
	}
	seen[key] = true
	chunk, ok := p.manifest[key]
	if !ok {
		return
	}
	for _, f := range append([]string{chunk.File}, chunk.CSS...) {
		if !files[f] {
			files[f] = true
			if order != nil {
				*order = append(*order, f)
			}
		}
	}
	for _, imp := range chunk.Imports {
		p.closure(imp, files, seen, order)
	}
}

// forPath lists the scripts and stylesheets a page at urlPath loads before
// it draws, in language lang, beyond what index.html already names; nil
// for a page that is not a signed-in route. The stylesheets are those the
// page's chunks import (the shell's, the form page's): named in the page,
// they load with the scripts instead of once the script asks for them.
func (p *preloads) forPath(urlPath, lang string) []string {
	if len(p.manifest) == 0 {
		return nil
	}
	page, _, ok := matchRoute(urlPath)
	if !ok {
		return nil
	}
	keys := append([]string{signedInSource, strings.Replace(catalogueSource, "%s", lang, 1)}, page.sources...)
	files := map[string]bool{}
	for f := range p.entry {
		files[f] = true
	}
	var order []string
	for _, key := range keys {
		p.closure(key, files, map[string]bool{}, &order)
	}
	needed := order[:0]
	for _, f := range order {
		if strings.HasSuffix(f, ".js") || strings.HasSuffix(f, ".css") {
			needed = append(needed, f)
		}
	}
	return needed
}

// matchRoute finds the first signed-in page urlPath matches, with the
// path's segment for each ":name" of its pattern.
func matchRoute(urlPath string) (signedInPage, map[string]string, bool) {
	segs := splitPath(urlPath)
	for _, page := range signedInPages {
		pat := splitPath(page.pattern)
		if len(pat) != len(segs) {
			continue
		}
		params := map[string]string{}
		match := true
		for i, s := range pat {
			if segs[i] == "" || !strings.HasPrefix(s, ":") && !strings.EqualFold(s, segs[i]) {
				match = false
				break
			}
			if strings.HasPrefix(s, ":") {
				params[s] = segs[i]
			}
		}
		if match {
			return page, params, true
		}
	}
	return signedInPage{}, nil, false
}

// splitPath splits a path into its segments, ignoring a trailing slash.
func splitPath(p string) []string {
	return strings.Split(strings.Trim(p, "/"), "/")
}

// preloadLinks are the head's <link rel="modulepreload"> elements for the
// scripts among files and <link rel="stylesheet"> for the stylesheets (the
// app's loader finds those in place and does not fetch them again).
func preloadLinks(files []string) string {
	var b strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, ".css") {
			b.WriteString(`<link rel="stylesheet" href="/` + html.EscapeString(f) + `">`)
			continue
		}
		b.WriteString(`<link rel="modulepreload" crossorigin href="/` + html.EscapeString(f) + `">`)
	}
	return b.String()
}
