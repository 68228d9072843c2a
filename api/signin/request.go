package signin

import (
	"crypto/rand"
	"encoding/base64"
	netmail "net/mail"
	"regexp"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/tenants"
)

// requestHost is the school host the browser asked for, as resolved by the
// HTTP layer (trusted proxies considered).
func requestHost(c *echo.Context) string {
	if h, ok := c.Get(auth.CtxHost).(string); ok && h != "" {
		return h
	}
	return tenants.NormalizeHost(c.Request().Host)
}

// normalEmail trims an e-mail address and reports whether it is a plain
// address (no display name, at most 320 characters).
func normalEmail(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 320 {
		return s, false
	}
	a, err := netmail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return s, false
	}
	return s, true
}

// emailField checks the email field of a request and adds its error to
// fail, which it returns (created when nil).
func emailField(fail *apperror.Error, raw string) (string, *apperror.Error) {
	email, ok := normalEmail(raw)
	switch {
	case email == "":
		fail = invalid(fail).Field("email", "auth.emailRequired", nil)
	case !ok:
		fail = invalid(fail).Field("email", "auth.emailInvalid", nil)
	}
	return email, fail
}

func invalid(e *apperror.Error) *apperror.Error {
	if e == nil {
		return apperror.Invalidf("error.invalid")
	}
	return e
}

// randomToken returns n random bytes as unpadded base64url.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

var (
	// An invitation id as the front end passes it on (the invitation call
	// checks it); a UUID in practice.
	guidPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)
	// A front-end state: the characters of RFC 7636's unreserved set.
	statePattern = regexp.MustCompile(`^[A-Za-z0-9._~-]{8,128}$`)
)

// localPath reports whether p is a path on the same site (so it can never
// send the browser elsewhere after sign-in).
func localPath(p string) bool {
	return len(p) <= 512 && strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") &&
		!strings.ContainsAny(p, "\\\r\n\t") && !strings.Contains(p, "://")
}
