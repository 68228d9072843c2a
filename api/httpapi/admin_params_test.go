package httpapi

import (
	"net/http"
	"testing"
)

// TestAdminRouteParameters checks how the administration routes read their
// path ids and query parameters: ids that are not positive integers are
// 404, query values that do not parse or are out of range are 400 naming
// the parameter, and absent ones take their defaults.
func TestAdminRouteParameters(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	class, period, form := itoa(s.classID), itoa(s.periodID), itoa(s.formID)
	cases := []struct {
		name, path string
		status     int
		reason     string
	}{
		{"page size not a number", "/api/users?pagesize=tjue", http.StatusBadRequest, "pagesize"},
		{"page size out of range", "/api/users?pagesize=0", http.StatusBadRequest, "pagesize"},
		{"role not a number", "/api/users?roleid=admin", http.StatusBadRequest, "roleid"},
		{"role out of range", "/api/users?roleid=5", http.StatusBadRequest, "roleid"},
		{"offset negative", "/api/users?offset=-5", http.StatusBadRequest, "offset"},
		{"includeInactive spelled otherwise", "/api/users?includeInactive=ja", http.StatusBadRequest, "includeInactive"},
		{"includeInactive true", "/api/users?includeInactive=true&roleid=0&pagesize=5&offset=1&search=a", http.StatusOK, ""},
		{"semester 0", "/api/classes?periodId=0", http.StatusBadRequest, "periodId"},
		{"semester not a number", "/api/classes?periodId=h26", http.StatusBadRequest, "periodId"},
		{"one semester", "/api/classes?periodId=" + period, http.StatusOK, ""},
		{"half not a boolean", "/api/classes/" + class + "/forms/" + form + "/expectations?isMidSemester=kanskje", http.StatusBadRequest, "isMidSemester"},
		{"class id not a number", "/api/classes/abc/users", http.StatusNotFound, ""},
		{"class id 0", "/api/classes/0", http.StatusNotFound, ""},
		{"form id negative", "/api/forms/-1", http.StatusNotFound, ""},
		{"supervisor id not a number", "/api/classes/" + class + "/advisor/x/students", http.StatusNotFound, ""},
		{"user id not a number", "/api/users/x", http.StatusNotFound, ""},
		{"report in English", "/api/periods/" + period + "/students-csv?lang=en", http.StatusOK, ""},
		{"report in an unknown language", "/api/periods/" + period + "/students-csv?lang=sv", http.StatusOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.send(t, http.MethodGet, "a.localhost", c.path, s.admin, nil)
			if rec.Code != c.status {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, c.status)
			}
			if c.reason == "" {
				return
			}
			if p := decode[Problem](t, rec); len(p.Errors) == 0 || p.Errors[0].Reason != c.reason {
				t.Errorf("problem %+v does not name %s", p, c.reason)
			}
		})
	}
	for lang, want := range map[string]string{"en": "en", "sv": "nb"} {
		rec := f.send(t, http.MethodGet, "a.localhost", "/api/periods/"+period+"/students-csv?lang="+lang, s.admin, nil)
		if got := rec.Header().Get("Content-Language"); got != want {
			t.Errorf("report with lang=%s is in %q, want %q", lang, got, want)
		}
	}
}
