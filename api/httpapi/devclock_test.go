package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/dev/devclock"
)

// The development clock moves one school only: placing school A's clock
// moves what A's requests and jobs read as now, while school B keeps the
// machine's clock; resetting puts A back; a body that is not a time is a
// 400; and a server built without it (production) has no such route.
func TestDevClockPlacesOneSchool(t *testing.T) {
	machine := time.Date(2026, time.September, 1, 8, 0, 0, 0, time.UTC)
	clock.Base = func() time.Time { return machine }
	t.Cleanup(func() { clock.Base = time.Now; clock.Reset("skole-a"); clock.Reset("skole-b") })
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.DevClock = devclock.Routes{} })
	send := func(method, host, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "/dev/clock", bytes.NewReader([]byte(body)))
		req.Host = host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "en")
		rec := httptest.NewRecorder()
		f.srv.Handler().ServeHTTP(rec, req)
		return rec
	}
	nowIn := func(slug string) time.Time {
		var now time.Time
		if err := f.db.Service.InScope(context.Background(), slug, func(ctx context.Context, _ *gorm.DB) error {
			now = clock.Now(ctx)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return now
	}
	at := time.Date(2026, time.October, 5, 12, 0, 0, 0, time.FixedZone("", 2*3600))
	if rec := send(http.MethodPost, "a.localhost", `{"now": "2026-10-05T12:00:00+02:00"}`); rec.Code != http.StatusOK {
		t.Fatalf("place: %d %s", rec.Code, rec.Body)
	}
	cases := []struct {
		name, method, host, body string
		status                   int
		placed                   bool
		now                      time.Time
	}{
		{"A shows its placed clock", http.MethodGet, "a.localhost", "", http.StatusOK, true, at},
		{"B keeps the machine's", http.MethodGet, "b.localhost", "", http.StatusOK, false, machine},
		{"a body that is not a time", http.MethodPost, "a.localhost", `{"now": "monday"}`, http.StatusBadRequest, true, at},
		{"no time at all", http.MethodPost, "a.localhost", `{}`, http.StatusBadRequest, true, at},
		{"an unknown school", http.MethodGet, "c.localhost", "", http.StatusNotFound, false, machine},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := send(c.method, c.host, c.body)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body)
			}
			if c.status != http.StatusOK {
				return
			}
			got := decode[clock.Reading](t, rec)
			if got.Placed != c.placed || !got.Now.Equal(c.now) {
				t.Errorf("got %+v, want placed %v at %s", got, c.placed, c.now)
			}
		})
	}
	if a, b := nowIn("skole-a"), nowIn("skole-b"); !a.Equal(at) || !b.Equal(machine) {
		t.Errorf("in scope: A at %s, B at %s; want %s and %s", a, b, at, machine)
	}
	if rec := send(http.MethodDelete, "a.localhost", ""); rec.Code != http.StatusOK || decode[clock.Reading](t, rec).Placed {
		t.Fatalf("reset: %d %s", rec.Code, rec.Body)
	}
	if a := nowIn("skole-a"); !a.Equal(machine) {
		t.Errorf("after reset A is at %s, want %s", a, machine)
	}
	prod := newFixture(t)
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		if rec := prod.do(t, m, "a.localhost", "/dev/clock", nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s /dev/clock without the development clock: %d, want 404", m, rec.Code)
		}
	}
}
