package auth

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
)

// TokenLifetime is how long one token is valid; the app refreshes it on
// every navigation while the session lives.
const TokenLifetime = 30 * time.Minute

// SessionLifetime is the longest a session lives, however often refreshed.
const SessionLifetime = 12 * time.Hour

// Claims are what a token says.
type Claims struct {
	UserID    int64
	TenantID  string
	Audience  string
	SessionID string
	IssuedAt  time.Time
	Expires   time.Time
}

// ErrExpired is returned for a token past its expiry.
var ErrExpired = errors.New("token has expired")

// Issue signs a token for a session on one school's host.
func (k *Keys) Issue(c Claims) (string, error) {
	tok, err := jwt.NewBuilder().
		Subject(strconv.FormatInt(c.UserID, 10)).
		Audience([]string{c.Audience}).
		IssuedAt(c.IssuedAt).
		Expiration(c.Expires).
		Claim("tid", c.TenantID).
		Claim("sid", c.SessionID).
		Build()
	if err != nil {
		return "", fmt.Errorf("build token: %w", err)
	}
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, k.currentID)
	signed, err := jwt.Sign(tok, jwt.WithKey(jwa.EdDSA(), k.current, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return string(signed), nil
}

// Verify checks a token's signature, expiry and audience (the host it was
// used on) and returns its claims. An expired token gives ErrExpired.
//
// Every request carries its token, and checking the signature and parsing
// the claims was a tenth of the server's work per request. A token that
// verified before on the same host is taken from memory while it is clearly
// in its lifetime (issued before now, more than a second before expiry);
// anything nearer the edges is verified in full, so the answer is always
// the one full verification would give. The session behind the token is
// still read on every request, so revoking it takes effect at once.
func (k *Keys) Verify(raw, host string, now time.Time) (*Claims, error) {
	key := host + "\x00" + raw
	if c, ok := k.seen.Get(key); ok && !now.Before(c.IssuedAt) && now.Add(time.Second).Before(c.Expires) {
		return &c, nil
	}
	c, err := k.verifyFull(raw, host, now)
	if err != nil {
		return nil, err
	}
	k.seen.Add(key, *c)
	return c, nil
}

// verifyFull is Verify without memory: the signature, expiry and audience
// checked by the JWT library.
func (k *Keys) verifyFull(raw, host string, now time.Time) (*Claims, error) {
	tok, err := jwt.Parse([]byte(raw),
		jwt.WithKeySet(k.verify, jws.WithInferAlgorithmFromKey(true)),
		jwt.WithAudience(host),
		jwt.WithClock(jwt.ClockFunc(func() time.Time { return now })),
		jwt.WithAcceptableSkew(5*time.Second),
	)
	if err != nil {
		if errors.Is(err, jwt.TokenExpiredError()) {
			return nil, ErrExpired
		}
		return nil, fmt.Errorf("verify token: %w", err)
	}
	sub, ok := tok.Subject()
	if !ok {
		return nil, errors.New("token has no subject")
	}
	uid, err := strconv.ParseInt(sub, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("token subject: %w", err)
	}
	var tid, sid string
	if err := tok.Get("tid", &tid); err != nil {
		return nil, errors.New("token has no tenant")
	}
	if err := tok.Get("sid", &sid); err != nil {
		return nil, errors.New("token has no session")
	}
	iat, _ := tok.IssuedAt()
	exp, _ := tok.Expiration()
	return &Claims{UserID: uid, TenantID: tid, Audience: host, SessionID: sid, IssuedAt: iat, Expires: exp}, nil
}
