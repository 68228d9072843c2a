package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/reminders"
)

// The school's reminder schedule is for admins only, bad days are named,
// and the days are kept in descending order; each person's choices are
// their own: signed out is 401, and one person's choice does not change
// another's.
func TestReminderSettingsRoutes(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	for _, who := range []string{"teacher", "student", "advisor"} {
		for _, m := range []string{http.MethodGet, http.MethodPut} {
			if code := f.send(t, m, "a.localhost", "/api/tenant/reminders", p.tokens[who], map[string]any{"daysBefore": []int{1}}).Code; code != http.StatusForbidden {
				t.Errorf("%s %s: %d, want 403", who, m, code)
			}
		}
	}
	for _, path := range []string{"/api/tenant/reminders", "/api/users/me/reminders"} {
		if code := f.send(t, http.MethodGet, "a.localhost", path, "", nil).Code; code != http.StatusUnauthorized {
			t.Errorf("signed out %s: %d, want 401", path, code)
		}
	}
	got := decode[reminders.Schedule](t, f.send(t, http.MethodGet, "a.localhost", "/api/tenant/reminders", p.tokens["admin"], nil))
	if !slices.Equal(got.DaysBefore, []int{3, 1}) || !got.Overdue {
		t.Errorf("default schedule %+v", got)
	}
	for _, bad := range []map[string]any{{"daysBefore": []int{40}}, {"overdue": true}, {"daysBefore": []int{1, 2, 3, 4, 5, 6}}} {
		rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/reminders", p.tokens["admin"], bad)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "daysBefore") {
			t.Errorf("%v: %d %s, want 400 naming daysBefore", bad, rec.Code, rec.Body)
		}
	}
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/reminders", p.tokens["admin"], map[string]any{"daysBefore": []int{1, 7}, "overdue": false})
	if got := decode[reminders.Schedule](t, rec); rec.Code != http.StatusOK || !slices.Equal(got.DaysBefore, []int{7, 1}) || got.Overdue {
		t.Fatalf("save schedule: %d %s", rec.Code, rec.Body)
	}
	rec = f.send(t, http.MethodPut, "a.localhost", "/api/users/me/reminders", p.tokens["student"], reminders.Choices{Before: false, Overdue: true, Digest: true})
	if rec.Code != http.StatusOK {
		t.Fatalf("save choices: %d %s", rec.Code, rec.Body)
	}
	for who, want := range map[string]reminders.Choices{
		"student": {Before: false, Overdue: true, Digest: true},
		"teacher": {Before: true, Overdue: true, Digest: true},
	} {
		if got := decode[reminders.Choices](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/me/reminders", p.tokens[who], nil)); got != want {
			t.Errorf("%s: %+v, want %+v", who, got, want)
		}
	}
}
