package httpapi

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// testManifest is a build manifest in miniature: the entry and its shared
// chunk, the signed-in app importing the same shared chunk and a store
// chunk, two catalogues, and the form page importing a chunk of its own.
const testManifest = `{
  "index.html": {"file": "assets/index-a.js", "isEntry": true, "imports": ["_first-load.js", "_react.js"]},
  "_first-load.js": {"file": "assets/first-load-b.js"},
  "_react.js": {"file": "assets/react-c.js"},
  "_store.js": {"file": "assets/store-d.js", "imports": ["_react.js"]},
  "src/app/signedInApp.tsx": {"file": "assets/signedInApp-e.js", "imports": ["_first-load.js", "_store.js"]},
  "src/i18n/nb.json": {"file": "assets/nb-f.js"},
  "src/i18n/en.json": {"file": "assets/en-g.js"},
  "_pager.js": {"file": "assets/pager-h.js", "css": ["assets/pager.css"], "imports": ["_store.js"]},
  "src/features/answering/components/AnswerFormPage.tsx": {"file": "assets/AnswerFormPage-i.js", "imports": ["_pager.js", "_store.js"]},
  "src/features/answering/components/FormViewPage.tsx": {"file": "assets/FormViewPage-j.js", "imports": ["_pager.js"]},
  "src/features/teacher/components/TeacherClassPage.tsx": {"file": "assets/TeacherClassPage-k.js"}
}`

func TestPreloadsPerPath(t *testing.T) {
	pre := loadPreloads(fstest.MapFS{buildManifestPath: {Data: []byte(testManifest)}})
	signedIn := []string{"assets/signedInApp-e.js", "assets/store-d.js"}
	form := []string{"assets/AnswerFormPage-i.js", "assets/pager-h.js", "assets/pager.css"}
	tests := []struct {
		name, path, lang string
		want             []string
	}{
		{"student's form page", "/student/7/form/3/class/2/assignment/9", "nb", append(append(signedIn, "assets/nb-f.js"), form...)},
		{"the catalogue of the page's language", "/student/7/form/3/class/2/assignment/9", "en", append(append(signedIn, "assets/en-g.js"), form...)},
		{"teacher's form page", "/teacher/class/2/student/7/form/3/assignment/9", "nb", append(append(signedIn, "assets/nb-f.js"), form...)},
		{"supervisor's form page, trailing slash", "/advisor/class/2/student/7/form/3/assignment/9/", "nb", append(append(signedIn, "assets/nb-f.js"), form...)},
		{"form view", "/teacher/form/3", "nb", append(signedIn, "assets/nb-f.js", "assets/FormViewPage-j.js", "assets/pager-h.js", "assets/pager.css")},
		{"teacher's class page", "/teacher/class/2", "nb", append(signedIn, "assets/nb-f.js", "assets/TeacherClassPage-k.js")},
		{"a role's home: the signed-in app only", "/student", "nb", append(signedIn, "assets/nb-f.js")},
		{"a page whose chunk the build lacks: what it has", "/student/forms", "nb", append(signedIn, "assets/nb-f.js")},
		{"the login page: index.html names its scripts", "/", "nb", nil},
		{"a sign-in page", "/login", "nb", nil},
		{"an empty segment is no id", "/student//form/3/class/2/assignment/9", "nb", nil},
		{"an unknown path", "/student/7/form", "nb", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pre.forPath(tt.path, tt.lang); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("forPath(%q) = %q, want %q", tt.path, got, tt.want)
			}
		})
	}
}

func TestPreloadsWithoutManifest(t *testing.T) {
	pre := loadPreloads(fstest.MapFS{"index.html": {Data: []byte("<html>")}})
	if got := pre.forPath("/student/7/form/3/class/2/assignment/9", "nb"); got != nil {
		t.Errorf("without a manifest: %q, want nothing", got)
	}
}

func TestInjectHeadAnnouncesPreloads(t *testing.T) {
	page := []byte(`<html><head><title>Praksis</title><!--praksis:head--></head><body></body></html>`)
	out := string(injectHead(page, "bm9uY2U=", nil, "", []string{"assets/a-1.js", "assets/b-2.js", "assets/c-3.css"}))
	for _, want := range []string{
		`<link rel="modulepreload" crossorigin href="/assets/a-1.js">`,
		`<link rel="modulepreload" crossorigin href="/assets/b-2.js">`,
		`<link rel="stylesheet" href="/assets/c-3.css">`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if strings.Contains(string(injectHead(page, "bm9uY2U=", nil, "", nil)), "modulepreload") {
		t.Error("a page without preloads announces some")
	}
}
