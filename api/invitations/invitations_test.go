package invitations

import (
	"testing"
	"time"
)

// An invitation reads as sent until its three days are over, expired from
// the moment they are, and accepted once taken up, even after expiry.
func TestInvitationStatus(t *testing.T) {
	created := time.Date(2026, time.October, 1, 8, 0, 0, 0, time.UTC)
	expires := created.Add(Validity)
	acceptedAt := created.Add(24 * time.Hour)
	cases := []struct {
		name     string
		accepted *time.Time
		now      time.Time
		status   string
		expired  bool
	}{
		{"just sent", nil, created, StatusSent, false},
		{"a second before expiry", nil, expires.Add(-time.Second), StatusSent, false},
		{"at expiry", nil, expires, StatusExpired, true},
		{"long after", nil, expires.Add(30 * 24 * time.Hour), StatusExpired, true},
		{"accepted", &acceptedAt, created.Add(48 * time.Hour), StatusAccepted, false},
		{"accepted, read after expiry", &acceptedAt, expires.Add(time.Hour), StatusAccepted, false},
	}
	for _, c := range cases {
		r := row{Email: "kari@sykehus.test", CreatedAt: created, ExpiresAt: expires, AcceptedAt: c.accepted}
		got := r.view(c.now)
		if got.Status != c.status || got.Expired != c.expired || got.Accepted != (c.accepted != nil) {
			t.Errorf("%s: %+v, want status %s expired %v", c.name, got, c.status, c.expired)
		}
	}
	if Validity != 72*time.Hour {
		t.Errorf("an invitation is valid %v, want three days", Validity)
	}
}

// The address must be a plain e-mail address: no display name, not empty.
func TestNormalEmail(t *testing.T) {
	cases := []struct {
		raw  string
		want string
		ok   bool
	}{
		{"  kari@sykehus.test ", "kari@sykehus.test", true},
		{"Kari@Sykehus.test", "Kari@Sykehus.test", true},
		{"", "", false},
		{"   ", "", false},
		{"Kari <kari@sykehus.test>", "", false},
		{"ikke-en-adresse", "", false},
	}
	for _, c := range cases {
		got, err := normalEmail("email", c.raw)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("%q: %q, %v", c.raw, got, err)
		}
	}
}
