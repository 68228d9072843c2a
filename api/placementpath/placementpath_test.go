package placementpath

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
)

// The ids come from the path (anything but a positive integer is no such
// placement), and the language from lang, else Accept-Language, else the
// default; a lang that names no language of ours leaves it to the header.
func TestDocumentBinding(t *testing.T) {
	cases := []struct {
		name, target, acceptLanguage string
		wantKind                     apperror.Kind // when binding fails
		want                         Document
		wantLang                     string
	}{
		{name: "ids and lang", target: "/classes/3/students/7/pdf?lang=en", want: Document{3, 7, "en"}, wantLang: "en"},
		{name: "lang wins over the header", target: "/classes/3/students/7/pdf?lang=nn", acceptLanguage: "en", want: Document{3, 7, "nn"}, wantLang: "nn"},
		{name: "the header without lang", target: "/classes/3/students/7/pdf", acceptLanguage: "en-GB,en;q=0.9", want: Document{3, 7, ""}, wantLang: "en"},
		{name: "the old Nynorsk tag", target: "/classes/3/students/7/pdf", acceptLanguage: "no-NN", want: Document{3, 7, ""}, wantLang: "nn"},
		{name: "a lang of no language of ours", target: "/classes/3/students/7/pdf?lang=de", acceptLanguage: "en", want: Document{3, 7, "de"}, wantLang: "en"},
		{name: "nothing: the default", target: "/classes/3/students/7/pdf", want: Document{3, 7, ""}, wantLang: "nb"},
		{name: "class id zero", target: "/classes/0/students/7/pdf", wantKind: apperror.NotFound},
		{name: "student id not a number", target: "/classes/3/students/x/pdf", wantKind: apperror.NotFound},
		{name: "negative class id", target: "/classes/-3/students/7/pdf", wantKind: apperror.NotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got Document
			var lang string
			var bindErr error
			e := echo.New()
			e.GET("/classes/:classId/students/:studentId/pdf", func(ec *echo.Context) error {
				if bindErr = edge.Bind(ec, &got); bindErr == nil {
					lang = got.Language(ec)
				}
				return ec.NoContent(http.StatusNoContent)
			})
			req := httptest.NewRequest(http.MethodGet, c.target, nil)
			if c.acceptLanguage != "" {
				req.Header.Set("Accept-Language", c.acceptLanguage)
			}
			e.ServeHTTP(httptest.NewRecorder(), req)
			if c.wantKind != apperror.Internal {
				if bindErr == nil || apperror.KindOf(bindErr) != c.wantKind {
					t.Fatalf("bind: %v, want kind %d", bindErr, c.wantKind)
				}
				return
			}
			if bindErr != nil {
				t.Fatalf("bind: %v", bindErr)
			}
			if got != c.want || lang != c.wantLang {
				t.Errorf("got %+v in %q, want %+v in %q", got, lang, c.want, c.wantLang)
			}
			if s := got.Student(); s.ClassID != c.want.ClassID || s.StudentID != c.want.StudentID {
				t.Errorf("Student() = %+v", s)
			}
		})
	}
}
