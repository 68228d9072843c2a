package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// authRoutes are the school's public info, signing in and out, and the
// signed-in user's own account.
func (s *Server) authRoutes(root, api *Group, g guards) {
	api.Handle(http.MethodGet, "/tenant", tenants.HandlePublicInfo, Op{
		Summary: "The school's public info: name, organisation number, languages, theme, privacy policy",
		Tag:     "tenant", Access: "public",
		In: tenants.InfoParams{}, Response: tenants.PublicInfo{},
		Responses: map[int]string{http.StatusOK: "The school's public info, with an ETag", http.StatusNotModified: "Unchanged since the ETag in If-None-Match"},
	})

	api.Handle(http.MethodGet, "/auth/refresh", s.auth.HandleRefresh(), Op{Summary: "A fresh token for the same session (30 minutes, never past the session's 12 hours)", Tag: "auth", Access: "signed in", SessionOnly: true}, g.signedIn)
	api.Handle(http.MethodPost, "/auth/sign-out", auth.HandleSignOut, Op{Summary: "Revoke the caller's session", Tag: "auth", Access: "signed in",
		Responses: map[int]string{http.StatusNoContent: "Signed out"}}, g.signedIn)

	// Signing in. A one-time code by e-mail works for every active account;
	// Feide for students and teachers, Vipps for supervisors. Each ends in
	// {token}, a bearer token for this school's host.
	codeRequest := Op{
		Summary: "e-mails a one-time code (6 digits, valid 10 minutes, burnt after 5 wrong tries) in the user's language when the address belongs to an active account. " +
			"The answer is the same 202 with no body whether or not it does; a new code replaces the address's older ones. At most 5 codes per address and 20 per client address in 15 minutes, then 429",
		Tag: "auth", Access: "public", Request: signin.CodeRequest{}, Status: http.StatusAccepted, NoBody: true,
		Responses: map[int]string{http.StatusAccepted: "Accepted: a code is on its way if the address has an active account", http.StatusTooManyRequests: "Too many codes asked for; wait 15 minutes"},
	}
	simple, external := codeRequest, codeRequest
	simple.Summary = "Ask for a sign-in code by e-mail (/login-simple): " + codeRequest.Summary
	external.Summary = "Ask for a sign-in code by e-mail (/login): " + codeRequest.Summary
	api.Handle(http.MethodPost, "/auth/simple/sign-in", s.signin.HandleRequestCode, simple)
	api.Handle(http.MethodPost, "/auth/external/sign-in", s.signin.HandleRequestCode, external)
	api.Handle(http.MethodPost, "/auth/external/signed-in", s.signin.HandleCodeSignIn(), Op{
		Summary: "Sign in with the e-mailed code (from /otp and /otp-simple). A wrong, expired, used, burnt or replaced code, or an address without an active account, all get the same 400 (reason code); each wrong code counts as one of the 5 tries",
		Tag:     "auth", Access: "public",
		Responses: map[int]string{http.StatusBadRequest: "Missing or malformed field, or the code does not work"},
	})
	api.Handle(http.MethodGet, "/auth/feide/start", s.signin.HandleFeideStart, Op{
		Summary: "Start signing in with Feide: navigate the browser here. 302 to Feide (authorization code flow with PKCE S256, state and nonce; scopes openid userid profile email groups). " +
			"The round trip's state is kept in an HttpOnly cookie on this host (10 minutes); Feide returns the browser to {school}/feide-success?code=&state=, which then calls POST /api/auth/signed-in. 503 when Feide is not set up",
		Tag: "auth", Access: "public", In: signin.StartParams{}, Status: http.StatusFound,
		Responses: map[int]string{http.StatusFound: "To Feide's authorization endpoint", http.StatusServiceUnavailable: "Feide is not set up or cannot be reached"},
	})
	api.Handle(http.MethodPost, "/auth/signed-in", s.signin.HandleFeideSignedIn(), Op{
		Summary: "Finish signing in with Feide (from /feide-success). Needs the cookie set by GET /api/auth/feide/start (400 when missing or expired: start again). " +
			"The user is found by Feide user id, then by e-mail, else made: with the Student role when Feide's affiliation says student, with no role otherwise. " +
			"403 when the Feide realm (after @ in the Feide user id) is not one the school accepts, or the account is deactivated; 409 when the e-mail's account is linked to another Feide user; 400 when Feide does not confirm the code",
		Tag: "auth", Access: "public",
		Responses: map[int]string{http.StatusForbidden: "Realm not accepted, or account deactivated"},
	})
	api.Handle(http.MethodGet, "/auth/vipps/start", s.signin.HandleVippsStart, Op{
		Summary: "Start signing in with Vipps: navigate the browser here with a state the front end made and kept in sessionStorage. 302 to Vipps Login (scopes openid name email phoneNumber, never the national id; PKCE and nonce added), " +
			"with the redirect URI {school}/vipps-success, where the front end checks code, state and error before calling POST /api/auth/vipps/signed-in. 503 when Vipps is not set up",
		Tag: "auth", Access: "public", In: signin.VippsStartParams{}, Status: http.StatusFound,
		Responses: map[int]string{http.StatusFound: "To Vipps Login's authorization endpoint", http.StatusServiceUnavailable: "Vipps is not set up or cannot be reached"},
	})
	api.Handle(http.MethodPost, "/auth/vipps/signed-in", s.signin.HandleVippsSignedIn(), Op{
		Summary: "Finish signing in with Vipps (from /vipps-success). The account is the one linked to the Vipps subject; else the one with the e-mail when Vipps says it is verified (then linked); " +
			"else, when a supervisor invitation to that verified e-mail is open, a new Advisor account. Otherwise 403: no supervisor account for this Vipps user, ask for an invitation. " +
			"400 when Vipps does not confirm the code or redirectUri is not this school's /vipps-success; 403 for a deactivated account; 409 when the e-mail's account is linked to another Vipps user",
		Tag: "auth", Access: "public",
		Responses: map[int]string{http.StatusForbidden: "No account for this Vipps user, or deactivated"},
	})
	api.Handle(http.MethodGet, "/auth/feide-info", signin.HandleFeideInfo, Op{Summary: "The caller's Feide userinfo claims as seen at their last Feide sign-in (404 when they never signed in with Feide)", Tag: "auth", Access: "signed in",
		Response: signin.FeideClaims{}}, g.signedIn)
	api.Handle(http.MethodGet, "/auth/feide-group-memberships", signin.HandleFeideGroups, Op{Summary: "The caller's groups as the Feide groups API (me/groups) listed them at their last Feide sign-in; [] when none", Tag: "auth", Access: "signed in",
		Response: signin.FeideGroups{}}, g.signedIn)
	api.Handle(http.MethodGet, "/memberships", signin.HandleMemberships, Op{Summary: "The caller's course memberships from the Feide groups fc:fs:fs:emne:<realm>:<subject code>:<version> of their last Feide sign-in, by subject code; [] when none", Tag: "auth", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodGet, "/users/me", users.HandleMe, Op{Summary: "The signed-in user with roles and class relations", Tag: "users", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/users/me/privacy-policy", users.HandleAcceptPrivacyPolicy, Op{Summary: "Record that the caller accepted the privacy policy", Tag: "users", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPut, "/users/me/language", users.HandleSetLanguage, Op{Summary: "Store the caller's chosen language; their e-mails are written in it", Tag: "users", Access: "signed in",
		Responses: map[int]string{http.StatusNoContent: "Stored"}}, g.signedIn)
	api.Handle(http.MethodGet, "/roles", users.HandleRoles, Op{Summary: "The roles: Admin, Student, Teacher, Advisor", Tag: "users", Access: "signed in"}, g.signedIn)
}
