package signin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/netip"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// The rules of one-time codes.
const (
	// CodeLifetime is how long a code can be used.
	CodeLifetime = 10 * time.Minute
	// CodeMaxAttempts wrong tries burn a code for good.
	CodeMaxAttempts = 5
	// CodeWindow is the window the request limits count in.
	CodeWindow = 15 * time.Minute
	// CodeLimitPerEmail is how many codes one address may be sent per window.
	CodeLimitPerEmail = 5
	// CodeLimitPerClient is how many codes one client address may ask for
	// per window, whatever the e-mail addresses.
	CodeLimitPerClient = 20
)

var codePattern = regexp.MustCompile(`^[0-9]{6}$`)

// errCodeInvalid is the one answer to every failed code sign-in: wrong,
// expired, burnt, superseded, used, or an address without an active account.
func errCodeInvalid() *apperror.Error {
	return apperror.Invalidf("auth.codeInvalid").Field("code", "auth.codeInvalid", nil)
}

// newCode draws six uniformly random digits.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("draw code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashCode is the keyed hash stored for a code: HMAC-SHA256 under a key
// derived from the replicas' shared secret, over a random salt, the address
// and the code. Without the key (which tenant roles cannot read) a stored
// hash cannot be tested against the million possible codes.
func (s *Service) hashCode(salt []byte, email, code string) string {
	m := hmac.New(sha256.New, s.subkey("one-time-code"))
	m.Write(salt)
	m.Write([]byte{0})
	m.Write([]byte(strings.ToLower(email)))
	m.Write([]byte{0})
	m.Write([]byte(code))
	return "hmac-sha256:" + hex.EncodeToString(salt) + ":" + hex.EncodeToString(m.Sum(nil))
}

// codeMatches checks a code against a stored hash in constant time.
func (s *Service) codeMatches(stored, email, code string) bool {
	parts := strings.Split(stored, ":")
	if len(parts) != 3 || parts[0] != "hmac-sha256" {
		return false
	}
	salt, err := hex.DecodeString(parts[1])
	if err != nil {
		return false
	}
	return hmac.Equal([]byte(s.hashCode(salt, email, code)), []byte(stored))
}

// lockAddress serialises code requests and attempts for one address in one
// school until the transaction ends, so limits and attempt counts hold
// under concurrent requests on any replica.
func lockAddress(ctx context.Context, email string) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("SELECT pg_advisory_xact_lock(hashtextextended('praksis-code:' || current_schema() || ':' || lower(?), 0))",
		email).Error; err != nil {
		return fmt.Errorf("lock code address: %w", err)
	}
	return nil
}

// RequestCode makes a new one-time code for email and, when the address
// belongs to an active user of the current school, queues an e-mail with it
// in the user's language. Every request that passes the limits stores a
// code, with or without an account, so the answer, the limits and the
// timing are the same either way; a new code supersedes (burns) the older
// ones of the address.
//
// It returns an apperror of kind RateLimited when the address has been sent
// CodeLimitPerEmail codes, or the client (clientIP, may be empty) asked for
// CodeLimitPerClient, within CodeWindow.
func (s *Service) RequestCode(ctx context.Context, email, clientIP string) error {
	tx, err := tenants.DB(ctx)
	t := tenants.Current(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	if err := lockAddress(ctx, email); err != nil {
		return err
	}
	now := s.now()
	since := now.Add(-CodeWindow)
	var n int64
	if err := tx.Raw("SELECT count(*) FROM one_time_codes WHERE lower(email) = lower(?) AND created_at > ?", email, since).
		Scan(&n).Error; err != nil {
		return fmt.Errorf("count codes of address: %w", err)
	}
	if n >= CodeLimitPerEmail {
		return apperror.New(apperror.RateLimited, "auth.tooManyCodes")
	}
	var ip *string
	if a, err := netip.ParseAddr(clientIP); err == nil {
		v := a.Unmap().String()
		ip = &v
		if err := tx.Raw("SELECT count(*) FROM one_time_codes WHERE requested_from = ?::inet AND created_at > ?", v, since).
			Scan(&n).Error; err != nil {
			return fmt.Errorf("count codes of client: %w", err)
		}
		if n >= CodeLimitPerClient {
			return apperror.New(apperror.RateLimited, "auth.tooManyCodes")
		}
	}
	if err := tx.Exec("UPDATE one_time_codes SET burnt_at = ? WHERE lower(email) = lower(?) AND used_at IS NULL AND burnt_at IS NULL",
		now, email).Error; err != nil {
		return fmt.Errorf("supersede older codes: %w", err)
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	if err := tx.Exec(`INSERT INTO one_time_codes (email, code_hash, requested_from, created_at, expires_at)
		VALUES (?, ?, ?::inet, ?, ?)`, email, s.hashCode(salt, email, code), ip, now, now.Add(CodeLifetime)).Error; err != nil {
		return fmt.Errorf("store code: %w", err)
	}

	u, err := users.ByEmail(ctx, email)
	if errors.Is(err, users.ErrNotFound) {
		// A supervisor invited by a student may have no account yet; the
		// code proves they hold the invited address, and signing in with
		// it creates the account (see SignInWithCode).
		open, oerr := s.openInvitation(ctx, email)
		if oerr != nil {
			return oerr
		}
		if !open {
			return nil
		}
		u = &users.User{Email: email, Language: t.DefaultLanguage, IsActive: true}
	} else if err != nil {
		return err
	}
	if !u.IsActive {
		return nil
	}
	if s.mail == nil {
		return errors.New("send code: no mail queue configured")
	}
	st, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return err
	}
	msg, err := mail.CodeMessage(u.Language, u.Email, st.Text(u.Language, "appName"), code, CodeLifetime)
	if err != nil {
		return err
	}
	if err := s.mail.Queue(ctx, msg); err != nil {
		return fmt.Errorf("queue code (user %d): %w", u.ID, err)
	}
	return nil
}

// SignInWithCode checks a code for email and, when it is the address's live
// code and the address belongs to an active user, uses it up and starts a
// session. A wrong code counts as a try; the CodeMaxAttempts-th burns the
// code. Every failure is the same Invalid error (see errCodeInvalid), marked
// to keep the transaction's changes so the counted try is not rolled back.
func (s *Service) SignInWithCode(ctx context.Context, email, code, userAgent, host string) (string, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return "", err
	}
	if err := lockAddress(ctx, email); err != nil {
		return "", err
	}
	now := s.now()
	var live struct {
		ID       int64
		CodeHash string
	}
	res := tx.Raw(`SELECT id, code_hash FROM one_time_codes
		WHERE lower(email) = lower(?) AND used_at IS NULL AND burnt_at IS NULL AND expires_at > ?
		ORDER BY created_at DESC, id DESC LIMIT 1`, email, now).Scan(&live)
	if res.Error != nil {
		return "", fmt.Errorf("load code: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return "", errCodeInvalid()
	}
	if !s.codeMatches(live.CodeHash, email, code) {
		if err := tx.Exec(`UPDATE one_time_codes SET failed_attempts = failed_attempts + 1,
			burnt_at = CASE WHEN failed_attempts + 1 >= ? THEN ?::timestamptz ELSE burnt_at END WHERE id = ?`,
			CodeMaxAttempts, now, live.ID).Error; err != nil {
			return "", fmt.Errorf("count failed code attempt: %w", err)
		}
		return "", errCodeInvalid().Keep()
	}
	if err := tx.Exec("UPDATE one_time_codes SET used_at = ? WHERE id = ?", now, live.ID).Error; err != nil {
		return "", fmt.Errorf("use code: %w", err)
	}
	u, err := users.ByEmail(ctx, email)
	if errors.Is(err, users.ErrNotFound) {
		if u, err = s.invitedAdvisor(ctx, email); err != nil {
			return "", err
		}
	}
	if err != nil {
		return "", err
	}
	if u == nil || !u.IsActive {
		return "", errCodeInvalid().Keep()
	}
	return s.sessions.StartSession(ctx, u.ID, auth.MethodCode, userAgent, host)
}

// CodeRequest is the body of a request for a one-time code.
type CodeRequest struct {
	Email string `json:"email" required:"true" maxLength:"320" example:"kari@example.no" description:"The address to send the code to; the answer does not tell whether it has an account"`
}

// HandleRequestCode serves POST /api/auth/simple/sign-in and
// POST /api/auth/external/sign-in: {email} → 202 with no body, whether or
// not the address has an account; 400 for a missing or malformed address;
// 429 when rate-limited. It stays a plain handler: its answer has no body.
func (s *Service) HandleRequestCode(c *echo.Context) error {
	var body CodeRequest
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	email, fail := emailField(nil, body.Email)
	if fail != nil {
		return fail
	}
	if err := s.RequestCode(c.Request().Context(), email, c.RealIP()); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

// CodeSignIn is the body of signing in with an e-mailed code.
type CodeSignIn struct {
	Email string `json:"email" required:"true" maxLength:"320" example:"kari@example.no"`
	Code  string `json:"code" required:"true" example:"042917" description:"The 6 digits of the e-mail"`
}

// HandleCodeSignIn serves POST /api/auth/external/signed-in:
// {email, code} → 200 {token}; 400 for a wrong, expired, burnt or superseded
// code (or an address without an active account: the same answer).
func (s *Service) HandleCodeSignIn() edge.Endpoint {
	return edge.WriteWithContext(http.StatusOK, func(c *echo.Context, _ edge.NoParams, body CodeSignIn) (auth.TokenResponse, error) {
		email, fail := emailField(nil, body.Email)
		code := strings.TrimSpace(body.Code)
		switch {
		case code == "":
			fail = invalid(fail).Field("code", "auth.codeRequired", nil)
		case !codePattern.MatchString(code):
			fail = invalid(fail).Field("code", "auth.codeFormat", nil)
		}
		if fail != nil {
			return auth.TokenResponse{}, fail
		}
		tok, err := s.SignInWithCode(c.Request().Context(), email, code, c.Request().UserAgent(), requestHost(c))
		return auth.TokenResponse{Token: tok}, err
	})
}

// invitedAdvisor creates the supervisor account of an address with an open
// invitation, once a code has proven the caller holds that address. It
// returns nil when there is no open invitation.
func (s *Service) invitedAdvisor(ctx context.Context, email string) (*users.User, error) {
	open, err := s.openInvitation(ctx, email)
	if err != nil || !open {
		return nil, err
	}
	t := tenants.Current(ctx)
	name := strings.TrimSpace(email[:strings.IndexByte(email, '@')])
	n := users.NewUser{DisplayName: name, Email: email, Language: t.DefaultLanguage, Roles: []int64{users.RoleAdvisor}}
	return createdAtSignIn(ctx, n, auth.MethodCode)
}
