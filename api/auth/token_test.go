package auth

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
	"time"
)

// A token verified once is answered from memory afterwards, and memory
// never changes an answer: another host, a changed token, a time past the
// expiry or before the issue are refused exactly as without it.
func TestVerifyRemembersOnlyWhatFullVerificationAccepts(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := NewKeysForTest(priv)
	if err != nil {
		t.Fatal(err)
	}
	issued := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	claims := Claims{UserID: 7, TenantID: "demo", Audience: "demo.localhost", SessionID: "5b0c3f0e-8a57-4d3a-9a43-6f7c1d1c1d1c",
		IssuedAt: issued, Expires: issued.Add(TokenLifetime)}
	raw, err := keys.Issue(claims)
	if err != nil {
		t.Fatal(err)
	}
	// The first verification fills the memory.
	if _, err := keys.Verify(raw, "demo.localhost", issued.Add(time.Minute)); err != nil {
		t.Fatalf("first verification: %v", err)
	}
	if keys.seen.Len() != 1 {
		t.Fatalf("remembered %d tokens after one verification, want 1", keys.seen.Len())
	}
	tampered := []byte(raw)
	tampered[len(tampered)-3] ^= 1
	tests := []struct {
		name    string
		raw     string
		host    string
		now     time.Time
		wantErr error // nil: accepted; errAny: any refusal
	}{
		{"again, within the lifetime", raw, "demo.localhost", issued.Add(10 * time.Minute), nil},
		{"on another school's host", raw, "other.localhost", issued.Add(10 * time.Minute), errAny},
		{"with a changed signature", string(tampered), "demo.localhost", issued.Add(10 * time.Minute), errAny},
		{"after the expiry and its leeway", raw, "demo.localhost", issued.Add(TokenLifetime + 10*time.Second), ErrExpired},
		{"just before the expiry (verified in full)", raw, "demo.localhost", issued.Add(TokenLifetime - 500*time.Millisecond), nil},
		{"long before it was issued", raw, "demo.localhost", issued.Add(-time.Hour), errAny},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := keys.Verify(tc.raw, tc.host, tc.now)
			switch {
			case tc.wantErr == nil && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.wantErr == nil && *got != (Claims{UserID: 7, TenantID: "demo", Audience: "demo.localhost", SessionID: claims.SessionID,
				IssuedAt: issued, Expires: claims.Expires}):
				t.Fatalf("claims %+v", *got)
			case tc.wantErr == errAny && err == nil:
				t.Fatal("accepted")
			case tc.wantErr != nil && tc.wantErr != errAny && !errors.Is(err, tc.wantErr):
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
		})
	}
}

// errAny stands for any refusal in the table above.
var errAny = errors.New("any refusal")
