package httpapi

import (
	"net/http"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/praksis/praksis/api/calendar"
	"github.com/praksis/praksis/api/clock"
)

// A person makes a private calendar address in their settings; the feed
// at it parses back as iCalendar with their own deadlines (in the role
// they have in the class, titled in their language) and the class's dates,
// and nothing personal beyond that. A client that has it gets 304; renewing
// makes the old address 404, as an unknown one, another school's host, or
// a deactivated person's.
func TestCalendarFeed(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = '2026-10-01', end_semester_date = '2026-12-10' WHERE id = ?", s.classID)
	f.db.Exec(t, "skole-a", "UPDATE users SET language = 'nn' WHERE id = ?", s.studentID)
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days) VALUES
		(?, 'answers', ?, true, 'student', 'midSemester', -3), (?, 'answers', ?, false, 'teacher', 'endSemester', 2)`,
		s.periodID, s.formID, s.periodID, s.formID)
	f.db.Exec(t, "skole-a", "INSERT INTO deadline_rules (period_id, item, role, anchor, offset_days) VALUES (?, 'signingEnd', 'teacher', 'endSemester', 7)", s.periodID)

	if rec := f.send(t, http.MethodPost, "a.localhost", "/api/users/me/calendar", "", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("anonymous makes an address: %d, want 401", rec.Code)
	}
	status := decode[calendar.Status](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/me/calendar", s.student, nil))
	if status.Active {
		t.Errorf("a feed before any was made: %+v", status)
	}
	newAddress := func(tok string) string {
		t.Helper()
		rec := f.send(t, http.MethodPost, "a.localhost", "/api/users/me/calendar", tok, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("make an address: %d %s", rec.Code, rec.Body)
		}
		return decode[calendar.Feed](t, rec).Path
	}
	path := newAddress(s.student)
	if !strings.HasPrefix(path, "/api/calendar/") || !strings.HasSuffix(path, ".ics") {
		t.Fatalf("address %q", path)
	}
	if status := decode[calendar.Status](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/me/calendar", s.student, nil)); !status.Active {
		t.Errorf("no feed after making one: %+v", status)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM calendar_feeds WHERE token_hash = convert_to(?, 'UTF8')",
		strings.TrimSuffix(strings.TrimPrefix(path, "/api/calendar/"), ".ics")); n != 0 {
		t.Errorf("the secret is stored as it is")
	}

	firstRead := time.Date(2026, time.September, 1, 8, 30, 15, 0, time.UTC)
	clock.Base = func() time.Time { return firstRead }
	defer func() { clock.Base = time.Now }()
	rec := f.send(t, http.MethodGet, "a.localhost", path, "", nil)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed: %d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	body := rec.Body.String()
	cal, err := ics.ParseCalendar(strings.NewReader(body))
	if err != nil {
		t.Fatalf("the feed does not parse: %v\n%s", err, body)
	}
	got := map[string]string{}
	for _, e := range cal.Events() {
		day, err := e.GetAllDayStartAt()
		if err != nil {
			t.Fatalf("event without an all-day start: %v", err)
		}
		got[e.GetProperty(ics.ComponentPropertySummary).Value] = day.Format(time.DateOnly)
	}
	want := map[string]string{
		"Midtvegs i praksis – SYKP2100":           "2026-10-01",
		"Praksis sluttar – SYKP2100":              "2026-12-10",
		"Frist: Hovedskjema, midtvegs – SYKP2100": "2026-09-28",
	}
	if len(got) != len(want) {
		t.Errorf("events %v, want %v", got, want)
	}
	for title, day := range want {
		if got[title] != day {
			t.Errorf("%q on %q, want %s (events %v)", title, got[title], day, got)
		}
	}
	for _, personal := range []string{"student@a.test", "teacher@a.test", "Medisinsk praksis"} {
		if strings.Contains(body, personal) {
			t.Errorf("the feed carries %q", personal)
		}
	}
	tag := rec.Header().Get("ETag")
	if tag == "" || !strings.Contains(rec.Header().Get("Cache-Control"), "max-age") {
		t.Errorf("caching headers: ETag %q, Cache-Control %q", tag, rec.Header().Get("Cache-Control"))
	}
	again := f.sendWith(t, http.MethodGet, "a.localhost", path, "", nil, func(r *http.Request) { r.Header.Set("If-None-Match", tag) })
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("with If-None-Match: %d (%d bytes), want 304", again.Code, again.Body.Len())
	}

	// Last-Modified is when the text was first served as it is: a client
	// that asks with that time (and no tag) gets 304, one with an earlier
	// time the feed; a tag that does not match wins over the time. A change
	// to the rules moves it to the first read after the change.
	modified := rec.Header().Get("Last-Modified")
	if at, err := http.ParseTime(modified); err != nil || !at.Equal(firstRead) {
		t.Errorf("Last-Modified %q (%v), want the first read's time %s", modified, err, firstRead.Format(http.TimeFormat))
	}
	conditional := func(header map[string]string) int {
		t.Helper()
		return f.sendWith(t, http.MethodGet, "a.localhost", path, "", nil, func(r *http.Request) {
			for k, v := range header {
				r.Header.Set(k, v)
			}
		}).Code
	}
	for _, c := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"since the last change", map[string]string{"If-Modified-Since": modified}, http.StatusNotModified},
		{"since later", map[string]string{"If-Modified-Since": firstRead.Add(time.Hour).Format(http.TimeFormat)}, http.StatusNotModified},
		{"since before the last change", map[string]string{"If-Modified-Since": firstRead.Add(-time.Second).Format(http.TimeFormat)}, http.StatusOK},
		{"a time that is not one", map[string]string{"If-Modified-Since": "yesterday"}, http.StatusOK},
		{"another tag, the same time", map[string]string{"If-None-Match": `"other"`, "If-Modified-Since": modified}, http.StatusOK},
	} {
		if got := conditional(c.header); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	changed := firstRead.Add(3 * time.Hour)
	clock.Base = func() time.Time { return changed }
	f.db.Exec(t, "skole-a", "DELETE FROM deadline_rules WHERE period_id = ? AND role = 'student'", s.periodID)
	after := f.send(t, http.MethodGet, "a.localhost", path, "", nil)
	if at, err := http.ParseTime(after.Header().Get("Last-Modified")); err != nil || !at.Equal(changed) {
		t.Errorf("after a rule is removed: Last-Modified %q, want %s", after.Header().Get("Last-Modified"), changed.Format(http.TimeFormat))
	}
	if got := conditional(map[string]string{"If-Modified-Since": modified}); got != http.StatusOK {
		t.Errorf("since the change before: %d, want 200", got)
	}
	clock.Base = func() time.Time { return changed.Add(time.Hour) }
	if again := f.send(t, http.MethodGet, "a.localhost", path, "", nil); again.Header().Get("Last-Modified") != after.Header().Get("Last-Modified") {
		t.Errorf("an unchanged feed read later: Last-Modified %q, want %q", again.Header().Get("Last-Modified"), after.Header().Get("Last-Modified"))
	}

	// The teacher's feed has the teacher's deadlines, in Bokmål.
	teacherCal, err := ics.ParseCalendar(strings.NewReader(f.send(t, http.MethodGet, "a.localhost", newAddress(s.teacher), "", nil).Body.String()))
	if err != nil {
		t.Fatalf("teacher's feed: %v", err)
	}
	var titles []string
	for _, e := range teacherCal.Events() {
		titles = append(titles, e.GetProperty(ics.ComponentPropertySummary).Value)
	}
	if strings.Join(titles, "|") != "Midtveis i praksis – SYKP2100|Praksis slutter – SYKP2100|Frist: Hovedskjema, slutt – SYKP2100|Frist: sluttvurdering i signeringsskjemaet – SYKP2100" {
		t.Errorf("teacher's events: %q", titles)
	}

	renewed := newAddress(s.student)
	for _, c := range []struct {
		name, host, path string
		want             int
	}{
		{"renewed address", "a.localhost", path, http.StatusNotFound},
		{"new address", "a.localhost", renewed, http.StatusOK},
		{"on another school's host", "b.localhost", renewed, http.StatusNotFound},
		{"unknown secret", "a.localhost", "/api/calendar/" + strings.Repeat("A", 43) + ".ics", http.StatusNotFound},
		{"not a secret", "a.localhost", "/api/calendar/abc.ics", http.StatusNotFound},
		{"without .ics", "a.localhost", strings.TrimSuffix(renewed, ".ics"), http.StatusNotFound},
	} {
		rec := f.send(t, http.MethodGet, c.host, c.path, "", nil)
		if rec.Code != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.want)
		}
		if c.want == http.StatusNotFound && !strings.Contains(rec.Body.String(), `"statusCode"`) {
			t.Errorf("%s: %s is not in the error shape", c.name, rec.Body)
		}
	}
	f.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?", s.studentID)
	if rec := f.send(t, http.MethodGet, "a.localhost", renewed, "", nil); rec.Code != http.StatusNotFound {
		t.Errorf("a deactivated person's feed: %d, want 404", rec.Code)
	}
}
