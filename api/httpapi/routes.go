package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/erasure"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/fullpdf"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/reports"
	"github.com/praksis/praksis/api/retention"
	"github.com/praksis/praksis/api/schooltexts"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/trail"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// routes is the route table. Every route is registered through Handle with
// its documentation; a test fails when one is not in the OpenAPI document.
func (s *Server) routes() {
	root := s.router.Group("")
	root.Handle(http.MethodGet, "/healthz", s.healthz, Op{Summary: "Liveness: the process serves HTTP", Tag: "operations", Access: "public"})
	root.Handle(http.MethodGet, "/readyz", s.readyz, Op{Summary: "Readiness: database reachable and schema current", Tag: "operations", Access: "public",
		Responses: map[int]string{http.StatusServiceUnavailable: "Not ready"}})
	root.Handle(http.MethodGet, "/metrics", s.metricsHandler(), Op{Summary: "Prometheus metrics", Tag: "operations", Access: "public", Produces: "text/plain"})
	root.Handle(http.MethodGet, "/api/openapi.json", s.openapi, Op{Summary: "This OpenAPI document", Tag: "operations", Access: "public"})
	root.Handle(http.MethodPost, cspReportPath, s.cspReport, Op{Summary: "Browsers report here what the Content-Security-Policy blocked ({\"csp-report\": {…}}); logged, answered 204",
		Tag: "operations", Access: "public", Body: "{csp-report: {document-uri, violated-directive, effective-directive, blocked-uri, source-file, line-number}}",
		Responses: map[int]string{http.StatusNoContent: "Logged", http.StatusBadRequest: "Not a violation report"}})
	root.Handle(http.MethodGet, "/.well-known/security.txt", s.securityTxt, Op{Summary: "Where to report a security problem (RFC 9116), from SECURITY_CONTACT; 404 when unset",
		Tag: "operations", Access: "public", Produces: "text/plain"})

	root.Handle(http.MethodGet, manifestPath, s.webAppManifest, Op{Summary: "The school's web app manifest: its name, theme colour and icons, so the app installs as the school's own",
		Tag: "app", Access: "public", Produces: "application/manifest+json"})
	root.Handle(http.MethodGet, "/icons/:name", s.appIcon, Op{Summary: "An app icon of the manifest (app-192.png, app-512.png) in the school's colours",
		Tag: "app", Access: "public", Produces: "image/png"})

	// Everything else under /api belongs to the school of the request's
	// host and runs in that school's database scope.
	api := s.router.Group("/api", s.resolveTenant, s.scoped)
	api.Handle(http.MethodGet, "/tenant", tenants.HandlePublicInfo, Op{
		Summary: "The school's public info: name, organisation number, languages, theme, privacy policy",
		Tag:     "tenant", Access: "public",
		Query:     map[string]string{"lang": "nb, nn or en; otherwise Accept-Language decides"},
		Responses: map[int]string{http.StatusNotModified: "Unchanged since the ETag in If-None-Match"},
	})

	signedIn := s.auth.Required
	api.Handle(http.MethodGet, "/auth/refresh", s.auth.HandleRefresh, Op{Summary: "A fresh token for the same session (30 minutes, never past the session's 12 hours)", Tag: "auth", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/auth/sign-out", s.auth.HandleSignOut, Op{Summary: "Revoke the caller's session", Tag: "auth", Access: "signed in",
		Responses: map[int]string{http.StatusNoContent: "Signed out"}}, signedIn)

	// Signing in. A one-time code by e-mail works for every active account;
	// Feide for students and teachers, Vipps for supervisors. Each ends in
	// {token}, a bearer token for this school's host.
	codeRequest := Op{
		Summary: "e-mails a one-time code (6 digits, valid 10 minutes, burnt after 5 wrong tries) in the user's language when the address belongs to an active account. " +
			"The answer is the same 202 with no body whether or not it does; a new code replaces the address's older ones. At most 5 codes per address and 20 per client address in 15 minutes, then 429",
		Tag: "auth", Access: "public", Body: "{email}",
		Responses: map[int]string{http.StatusAccepted: "Accepted: a code is on its way if the address has an active account", http.StatusTooManyRequests: "Too many codes asked for; wait 15 minutes"},
	}
	simple, external := codeRequest, codeRequest
	simple.Summary = "Ask for a sign-in code by e-mail (/login-simple): " + codeRequest.Summary
	external.Summary = "Ask for a sign-in code by e-mail (/login): " + codeRequest.Summary
	api.Handle(http.MethodPost, "/auth/simple/sign-in", s.signin.HandleRequestCode, simple)
	api.Handle(http.MethodPost, "/auth/external/sign-in", s.signin.HandleRequestCode, external)
	api.Handle(http.MethodPost, "/auth/external/signed-in", s.signin.HandleCodeSignIn, Op{
		Summary: "Sign in with the e-mailed code (from /otp and /otp-simple): 200 {token}. A wrong, expired, used, burnt or replaced code, or an address without an active account, all get the same 400 (reason code); each wrong code counts as one of the 5 tries",
		Tag:     "auth", Access: "public", Body: "{email, code (6 digits)}",
		Responses: map[int]string{http.StatusOK: "{token}", http.StatusBadRequest: "Missing or malformed field, or the code does not work"},
	})
	api.Handle(http.MethodGet, "/auth/feide/start", s.signin.HandleFeideStart, Op{
		Summary: "Start signing in with Feide: navigate the browser here. 302 to Feide (authorization code flow with PKCE S256, state and nonce; scopes openid userid profile email groups). " +
			"The round trip's state is kept in an HttpOnly cookie on this host (10 minutes); Feide returns the browser to {school}/feide-success?code=&state=, which then calls POST /api/auth/signed-in. 503 when Feide is not set up",
		Tag: "auth", Access: "public",
		Query: map[string]string{
			"verificationGuid": "optional: a supervisor invitation's id (letters, digits, hyphens), handed back by POST /api/auth/signed-in",
			"redirect_uri":     "optional: a path on this site (starting with /) to go to after sign-in, handed back by POST /api/auth/signed-in; anything else is left out",
		},
		Responses: map[int]string{http.StatusFound: "To Feide's authorization endpoint", http.StatusServiceUnavailable: "Feide is not set up or cannot be reached"},
	})
	api.Handle(http.MethodPost, "/auth/signed-in", s.signin.HandleFeideSignedIn, Op{
		Summary: "Finish signing in with Feide (from /feide-success): 200 {token, verificationGuid?, redirectUri?}. Needs the cookie set by GET /api/auth/feide/start (400 when missing or expired: start again). " +
			"The user is found by Feide user id, then by e-mail, else made: with the Student role when Feide's affiliation says student, with no role otherwise. " +
			"403 when the Feide realm (after @ in the Feide user id) is not one the school accepts, or the account is deactivated; 409 when the e-mail's account is linked to another Feide user; 400 when Feide does not confirm the code",
		Tag: "auth", Access: "public", Body: "{code, state (optional: the state from /feide-success; must match when given), redirectToLocal (accepted, ignored)}",
		Responses: map[int]string{http.StatusOK: "{token, verificationGuid?, redirectUri?}", http.StatusForbidden: "Realm not accepted, or account deactivated"},
	})
	api.Handle(http.MethodGet, "/auth/vipps/start", s.signin.HandleVippsStart, Op{
		Summary: "Start signing in with Vipps: navigate the browser here with a state the front end made and kept in sessionStorage. 302 to Vipps Login (scopes openid name email phoneNumber, never the national id; PKCE and nonce added), " +
			"with the redirect URI {school}/vipps-success, where the front end checks code, state and error before calling POST /api/auth/vipps/signed-in. 503 when Vipps is not set up",
		Tag: "auth", Access: "public",
		Query: map[string]string{
			"state":            "required: 8 to 128 characters of A-Z a-z 0-9 - . _ ~, made fresh for every sign-in",
			"verificationGuid": "optional: a supervisor invitation's id (letters, digits, hyphens), handed back by POST /api/auth/vipps/signed-in",
			"redirect_uri":     "optional: a path on this site (starting with /), handed back by POST /api/auth/vipps/signed-in; anything else is left out",
		},
		Responses: map[int]string{http.StatusFound: "To Vipps Login's authorization endpoint", http.StatusServiceUnavailable: "Vipps is not set up or cannot be reached"},
	})
	api.Handle(http.MethodPost, "/auth/vipps/signed-in", s.signin.HandleVippsSignedIn, Op{
		Summary: "Finish signing in with Vipps (from /vipps-success): 200 {token, verificationGuid?, redirectUri?}. The account is the one linked to the Vipps subject; else the one with the e-mail when Vipps says it is verified (then linked); " +
			"else, when a supervisor invitation to that verified e-mail is open, a new Advisor account. Otherwise 403: no supervisor account for this Vipps user, ask for an invitation. " +
			"400 when Vipps does not confirm the code or redirectUri is not this school's /vipps-success; 403 for a deactivated account; 409 when the e-mail's account is linked to another Vipps user",
		Tag: "auth", Access: "public", Body: "{code, redirectUri ({school}/vipps-success, exactly as sent to Vipps), state (optional; must match the start call's when given)}",
		Responses: map[int]string{http.StatusOK: "{token, verificationGuid?, redirectUri?}", http.StatusForbidden: "No account for this Vipps user, or deactivated"},
	})
	api.Handle(http.MethodGet, "/auth/feide-info", signin.HandleFeideInfo, Op{Summary: "The caller's Feide userinfo claims as seen at their last Feide sign-in (404 when they never signed in with Feide)", Tag: "auth", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/auth/feide-group-memberships", signin.HandleFeideGroups, Op{Summary: "The caller's groups as the Feide groups API (me/groups) listed them at their last Feide sign-in: [{id, type, displayName, membership: {active, fsroles, affiliation, ...}, ...}]; [] when none", Tag: "auth", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/memberships", signin.HandleMemberships, Op{Summary: "The caller's course memberships from the Feide groups fc:fs:fs:emne:<realm>:<subject code>:<version> of their last Feide sign-in: [{groupId, realm, subjectCode, version, displayName, roles (fsroles), active}] by subject code; [] when none", Tag: "auth", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/users/me", users.HandleMe, Op{Summary: "The signed-in user with roles and class relations", Tag: "users", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/users/me/privacy-policy", users.HandleAcceptPrivacyPolicy, Op{Summary: "Record that the caller accepted the privacy policy", Tag: "users", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPut, "/users/me/language", users.HandleSetLanguage, Op{Summary: "Store the caller's chosen language {language: nb, nn or en}; their e-mails are written in it. 204", Tag: "users", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/roles", users.HandleRoles, Op{Summary: "The roles: Admin, Student, Teacher, Advisor", Tag: "users", Access: "signed in"}, signedIn)

	admin := auth.RequireRole(users.RoleAdmin)
	api.Handle(http.MethodGet, "/subjects", subjects.HandleList, Op{Summary: "Every subject, by code", Tag: "subjects", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/subjects", subjects.HandleCreate, Op{Summary: "Create a subject (code and name required, code unique)", Tag: "subjects", Access: "Admin",
		Body: "{subjectCode, name}", Responses: map[int]string{http.StatusCreated: "The new subject"}}, signedIn, admin)
	api.Handle(http.MethodPut, "/subjects", subjects.HandleUpdate, Op{Summary: "Change a subject's code and name", Tag: "subjects", Access: "Admin",
		Body: "{id, subjectCode, name}"}, signedIn, admin)

	api.Handle(http.MethodGet, "/periods", periods.HandleList, Op{Summary: "Every semester, newest first, with status previous, current or future", Tag: "periods", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/periods/next", periods.HandleNext, Op{Summary: "The semester that creating the next one would make (409 when a future one exists)", Tag: "periods", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/periods/:id", periods.HandleGet, Op{Summary: "One semester", Tag: "periods", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/periods", periods.HandleCreate, Op{Summary: "Create the next semester by the naming rule; the body may repeat the name and dates shown, which must still hold", Tag: "periods", Access: "Admin",
		Body: "{name, startDate, endDate} as shown (optional)", Responses: map[int]string{http.StatusCreated: "The new semester"}}, signedIn, admin)

	// Administration: forms, classes, expectations, users, the semester
	// report and the school's own texts. Where a teacher may call a route
	// too, the handler checks the relationship (teacher of the class).
	teacherOrAdmin := auth.RequireRole(users.RoleAdmin, users.RoleTeacher)
	api.Handle(http.MethodGet, "/periods/:id/classes", classes.HandlePeriodClasses, Op{Summary: "The classes of a semester (as GET /api/classes), by subject code; 404 when no such semester", Tag: "classes", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/periods/:id/students-csv", reports.HandleStudentsCSV, Op{
		Summary: "The semester report, downloaded as 'Student Rapport {semester}.csv' (UTF-8 with BOM, semicolon-separated, CRLF). One row per student and class: subject code and name, student name and e-mail, teacher, supervisors (primary first), " +
			"then for each form the semester's classes use, per half (main forms: mid and end; others: end) and role (student, supervisor, teacher), answered/total questions (empty when the class does not use the form), then warning (none/given/confirmed), signing-form status and result. Header and status texts in the caller's language",
		Tag: "periods", Access: "Admin", Produces: "text/csv",
		Query: map[string]string{"lang": "nb, nn or en; otherwise Accept-Language decides"}}, signedIn, admin)

	api.Handle(http.MethodGet, "/forms", forms.HandleList, Op{Summary: "Every form as [{id, name, isMainForm}], main forms first, then by name", Tag: "forms", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/forms/:id", forms.HandleGet, Op{
		Summary: "A form: {id, name, isMainForm, hasGuidancePdf, guidancePdfName, groups: [{id, formId, name, type (1 free text, 2 grading), order, options: [{label, value}], questions: [{id, formQuestionGroupId, text, order, helpText (null when none)}]}]}. " +
			"Groups and questions come in order. A grading group's options are Selvstendig 0, Delvis selvstendig 1, Veiledet 2, Assistert 3, Uselvstendig 4; the value one past the last (5) means not relevant",
		Tag: "forms", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/forms", forms.HandleCreate, Op{Summary: "Create a form with its groups and questions, numbered in the order given", Tag: "forms", Access: "Admin",
		Body:      "{name (required, at most 200), isMainForm, groups: [{name (default 'Ny gruppe', at most 200), type (1 or 2, default 2), questions: [{text (default 'Nytt spørsmål', at most 2000), helpText (at most 4000; blank or null = none)}]}]}",
		Responses: map[int]string{http.StatusCreated: "The new form, as GET /api/forms/{id}"}}, signedIn, admin)
	api.Handle(http.MethodPut, "/forms", forms.HandleUpdate, Op{
		Summary: "Save a whole form in one go: groups and questions are renumbered from 1 in the order given, those sent with their id keep it (a question may move to another group), those without an id are created, and those left out are deleted. " +
			"A question with answers or comments cannot be deleted, nor change group type (409, nothing saved). A form's assignments follow its main-form flag",
		Tag: "forms", Access: "Admin",
		Body:      "The form as in POST plus id, with id on existing groups and questions; the read-only fields of GET (formId, options, order, formQuestionGroupId, hasGuidancePdf, guidancePdfName) may be sent back and are ignored",
		Responses: map[int]string{http.StatusConflict: "A question with answers would be deleted or change type"}}, signedIn, admin)
	api.Handle(http.MethodDelete, "/forms/:id", forms.HandleDelete, Op{Summary: "Delete a form, its place in classes and their expectations; refused (409) once anyone has answered it in any class", Tag: "forms", Access: "Admin",
		Responses: map[int]string{http.StatusNoContent: "Deleted", http.StatusConflict: "The form has answers"}}, signedIn, admin)
	api.Handle(http.MethodGet, "/forms/:id/pdf", forms.HandleGetPDF, Op{Summary: "The form's guidance PDF, shown inline under its file name; 404 in the error shape when there is none", Tag: "forms", Access: "signed in",
		Produces: "application/pdf"}, signedIn)
	api.Handle(http.MethodPut, "/forms/:id/pdf", forms.HandlePutPDF, Op{Summary: "Upload or replace the form's guidance PDF; answers with the form", Tag: "forms", Access: "Admin",
		Body:     "The PDF as the raw body (Content-Type application/pdf; the file name may be given as ?filename=) or multipart/form-data with one file (field 'file'). It must start with %PDF- and be at most 10 MiB",
		Consumes: []string{"application/pdf", "multipart/form-data"}, MaxBody: forms.UploadLimit,
		Query:     map[string]string{"filename": "the file's name, for a raw body (default: the form's name)"},
		Responses: map[int]string{http.StatusRequestEntityTooLarge: "Larger than 10 MiB"}}, signedIn, admin)
	api.Handle(http.MethodDelete, "/forms/:id/pdf", forms.HandleDeletePDF, Op{Summary: "Remove the form's guidance PDF (also when there is none)", Tag: "forms", Access: "Admin",
		Responses: map[int]string{http.StatusNoContent: "Removed"}}, signedIn, admin)

	api.Handle(http.MethodGet, "/classes", classes.HandleList, Op{
		Summary: "Every class of the school (students need the list to join one), newest semester first, then by subject code: [{id, periodId, period: {id, name, startDate, endDate, status}, subjectId, subject: {id, subjectCode, name}, midSemesterDate, endSemesterDate, forms: [{id, name, isMainForm}], assignments: [{id, classId, formId, isMidSemester, forms: [{id, name, isMainForm}]}]}]",
		Tag:     "classes", Access: "signed in", Query: map[string]string{"periodId": "only the classes of this semester"}}, signedIn)
	api.Handle(http.MethodPost, "/classes", classes.HandleCreate, Op{Summary: "Add a subject to a semester (one class per subject and semester; 409 when it is there already)", Tag: "classes", Access: "Admin",
		Body: "{subjectId, periodId}", Responses: map[int]string{http.StatusCreated: "The new class, as GET /api/classes/{id}", http.StatusConflict: "The subject already has a class in the semester"}}, signedIn, admin)
	api.Handle(http.MethodPut, "/classes", classes.HandleUpdate, Op{
		Summary: "Set a class's mid- and end-semester dates: within the semester, mid before end. Admins set both; a teacher of the class only the mid-semester date (403 for a changed end date)",
		Tag:     "classes", Access: "Admin, or Teacher of the class",
		Body: "{id, midSemesterDate, endSemesterDate} as YYYY-MM-DD; a field left out stays, null clears it. The rest of the class from GET may be sent back and is ignored"}, signedIn, teacherOrAdmin)
	api.Handle(http.MethodGet, "/classes/:id", classes.HandleGet, Op{Summary: "One class, shaped as in GET /api/classes", Tag: "classes", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/classes/:id/users", classes.HandleUsers, Op{Summary: "The people of a class: {teachers, students, advisors}, each [{id, displayName}] by name", Tag: "classes", Access: "Admin, Teacher"}, signedIn, teacherOrAdmin)
	api.Handle(http.MethodPatch, "/classes/:id/forms", classes.HandleSetForms, Op{
		Summary: "Set the forms a class uses. A main form gets a mid-semester and an end-semester assignment, any other form an end-semester one. Removing a form that anyone in the class has answered is refused (409); removing one also removes its expectations in the class. Answers with the class",
		Tag:     "classes", Access: "Admin", Body: "[formId, ...]",
		Responses: map[int]string{http.StatusConflict: "A form to remove has answers"}}, signedIn, admin)
	api.Handle(http.MethodGet, "/classes/:classId/advisor/:userId/students", classes.HandleAdvisorStudents, Op{Summary: "The students a supervisor of the class follows there: [{id, displayName}]; 404 when the user is not a supervisor of the class", Tag: "classes", Access: "Admin, Teacher"}, signedIn, teacherOrAdmin)
	api.Handle(http.MethodPost, "/classes/:classId/advisor/:userId/students", classes.HandleAddAdvisorStudents, Op{
		Summary: "Give a supervisor of the class students of the class to follow. A student without a supervisor gets this one as primary; the student's teacher carries over; students already followed stay as they are. Answers with the supervisor's students",
		Tag:     "classes", Access: "Admin", Body: "{studentIds: [id, ...]} (students of the class)"}, signedIn, admin)
	api.Handle(http.MethodGet, "/classes/:classId/forms/:formId/expectations", expectations.HandleGet, Op{
		Summary: "The expectations of a class for a form and half: {classId, formId, isMidSemester, answers: [{formQuestionId, value}]} in question order; 404 in the error shape when none are set",
		Tag:     "expectations", Access: "signed in", Query: map[string]string{"isMidSemester": "true or false (required)"}}, signedIn)
	api.Handle(http.MethodPost, "/classes/:classId/expectations", expectations.HandleSave, Op{
		Summary: "Replace the expectations of a class for a form and half. The form must be one the class uses with an assignment for that half; questions must be graded questions of the form. Answers with the saved set",
		Tag:     "expectations", Access: "Admin",
		Body: "{classId (optional, must match the path), formId, isMidSemester, answers: [{formQuestionId, value}]}; value is \"0\" (Selvstendig) to \"4\" (Uselvstendig), \"5\" for not relevant, or null/blank for no expectation"}, signedIn, admin)

	api.Handle(http.MethodGet, "/users", users.HandleList, Op{
		Summary: "A page of users by name, then id: [{id, displayName, email, isActive, roles: [{id, name}]}]; X-Total-Count holds the number matching. Admins list everyone; teachers may list active students (roleid 2) and supervisors (roleid 4) for their pickers; others 403",
		Tag:     "users", Access: "Admin; Teacher with roleid 2 or 4",
		Query: map[string]string{"roleid": "only users with this role (2 student, 3 teacher, 4 advisor, 1 admin)", "search": "part of the name or e-mail, any case",
			"pagesize": "1 to 100, default 20", "offset": "rows to skip, default 0", "includeInactive": "1 to include deactivated users (admins only), 0 (default) not to"}}, signedIn, teacherOrAdmin)
	api.Handle(http.MethodPost, "/users", users.HandleCreate, Op{Summary: "Create a user (e-mail unique without regard to case: 409)", Tag: "users", Access: "Admin",
		Body: "{displayName, email, roles: [roleId, ...]}", Responses: map[int]string{http.StatusCreated: "The new user, as GET /api/users/{id}", http.StatusConflict: "The e-mail is in use"}}, signedIn, admin)
	api.Handle(http.MethodGet, "/users/:id", users.HandleGet, Op{Summary: "A user as GET /api/users/me shows the caller: roles, teacherClasses, advisorClasses, studentReferences (primary supervisor first), studentUserReferences, isActive", Tag: "users", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodPatch, "/users/:id", users.HandlePatch, Op{
		Summary: "Change a user's roles, classes and whether the account is active. A student is in exactly one class: the first studentReferences entry decides it, with its teacher (one of the class's teachers) and primary supervisor (one linked to the student and supervising in the class); " +
			"when the class changes, a teacher or supervisor that does not fit the new class is cleared, otherwise such a pick is 400. Losing a role removes its class memberships. Deactivating ends the user's sessions at once. Admins cannot remove their own Admin role or deactivate themselves (409). Answers with the user",
		Tag: "users", Access: "Admin",
		Body: "{roles: [roleId, ...] (required, not empty), teacherClasses: [classId], advisorClasses: [classId], studentReferences: [{classId, userId, advisorUserId, teacherUserId}], isActive}; any field but roles may be left out to keep it"}, signedIn, admin)
	// Personal data through its life (erasure, access, retention).
	copyInfo := "{id, userId, status (pending, ready, failed), createdAt, readyAt, expiresAt, requestedByUserId}"
	api.Handle(http.MethodPost, "/users/me/data-copies", s.dataCopies.HandleRequest, Op{Summary: "Ask for a copy of everything the school holds about the caller, as a JSON file and a readable PDF. A job makes it; 202 with " + copyInfo + ", or the copy already being made. Download it from GET /api/data-copies/{copyId}/{format} while it lasts (3 days)", Tag: "personal data", Access: "signed in",
		Responses: map[int]string{http.StatusAccepted: "The copy being made"}}, signedIn)
	api.Handle(http.MethodGet, "/users/me/data-copies", s.dataCopies.HandleList, Op{Summary: "The caller's copies being made or ready, newest first: [" + copyInfo + "]", Tag: "personal data", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/users/:id/data-copies", s.dataCopies.HandleRequest, Op{Summary: "Ask for a copy of everything the school holds about a person, as POST /api/users/me/data-copies; 404 when no such user", Tag: "personal data", Access: "Admin",
		Responses: map[int]string{http.StatusAccepted: "The copy being made"}}, signedIn, admin)
	api.Handle(http.MethodGet, "/users/:id/data-copies", s.dataCopies.HandleList, Op{Summary: "A person's copies being made or ready, as GET /api/users/me/data-copies", Tag: "personal data", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/data-copies/:copyId/:format", s.dataCopies.HandleDownload, Op{Summary: "Download a ready copy: format json or pdf. 404 for anyone but the person and the school's admins, and for a copy not ready or expired", Tag: "personal data", Access: "signed in: the person it is about, or the school's admins", Produces: "application/json, application/pdf"}, signedIn)
	api.Handle(http.MethodPost, "/users/:id/erasure", erasure.HandleErase, Op{Summary: "Erase a person: account (or, when a kept record names them, its personal fields), sessions, codes, e-mail, invitations, answer sets they wrote or that assess them, comments, warnings about them, memberships, data copies. " +
		"Locked signing forms, archived results and warnings they wrote about others stay. Answers {userId, accountDeleted, removed: {table: rows}, kept: {lockedSigningForms, archivedResults, warningsWritten}}. 409 while a signing form involving them is open, or for oneself; 404 when no such user", Tag: "personal data", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/tenant/retention", retention.HandleGet, Op{Summary: "The school's retention policy: {workingDataMonths, inactiveAccountMonths, sessionDays, oneTimeCodeDays, unsentMailDays, archivedResultYears (0: kept)}", Tag: "personal data", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodPut, "/tenant/retention", retention.HandlePut, Op{Summary: "Set the school's retention policy (fields left out keep their value; 400 naming each field outside its range). Answers as GET", Tag: "personal data", Access: "Admin",
		Body: "{workingDataMonths 1-120, inactiveAccountMonths 1-120, sessionDays 1-365, oneTimeCodeDays 1-30, unsentMailDays 1-30, archivedResultYears 0-100}"}, signedIn, admin)
	api.Handle(http.MethodGet, "/tenant/record-of-processing", retention.HandleRecord, Op{Summary: "The school's record of processing for Praksis, generated from its retention policy: {school, orgNumber, language, generatedAt, intro, policy, categories: [{id, title, data, purpose, access, retention}]}", Tag: "personal data", Access: "Admin",
		Query: map[string]string{"lang": "nb or en (default: the caller's language, else the school's)"}}, signedIn, admin)
	api.Handle(http.MethodGet, "/users/:id/classes/:classId", users.HandleClassRelation, Op{
		Summary: "A user's relation to one class: {userId, classId, isTeacher, isStudent, isAdvisor, studentReferences, advisorStudents: [{id, displayName}], teacherStudents: [{id, displayName}]}",
		Tag:     "users", Access: "Admin, Teacher, or the user themselves"}, signedIn)

	api.Handle(http.MethodGet, "/tenant/eformidling", s.archive.HandleGet, Op{Summary: "The school's delivery of results to its archive through eFormidling: {enabled, url, senderOrgNumber, receiverOrgNumber, process, administrativeUnit, caseSystemId, classificationSystem, classId}", Tag: "archive", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodPut, "/tenant/eformidling", s.archive.HandlePut, Op{Summary: "Set the school's eFormidling delivery (400 naming each bad field: url http(s), organisation numbers nine digits, process an arkivmelding process URN, caseSystemId a UUID; url and both numbers required when enabled). Answers as GET", Tag: "archive", Access: "Admin",
		Body: "{enabled, url, senderOrgNumber, receiverOrgNumber, process (optional), administrativeUnit (optional), caseSystemId (optional), classificationSystem (optional), classId (optional)}"}, signedIn, admin)
	api.Handle(http.MethodGet, "/archive-deliveries", s.archive.HandleUndelivered, Op{Summary: "Archived results not yet delivered to the school's archive, newest first: {enabled, results: [{signingFormId, classId, studentUserId, studentName, subjectCode, subjectName, periodName, archivedAt, delivery (null when none started): {round, messageId, conversationId, status (pending, sent, delivered, failed), lastStatus, reason, attempts, sentAt, deliveredAt, failedAt, updatedAt}}]}", Tag: "archive", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/users/:userId/archive-deliveries", s.archive.HandleOfStudent, Op{Summary: "A student's archived results and their delivery to the school's archive, as GET /api/archive-deliveries; 404 when no such user", Tag: "archive", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodPost, "/archive-deliveries/:signingFormId/retry", s.archive.HandleRetry, Op{Summary: "Send a failed result to the archive again (a new message in the same conversation; the archive recognises the case and entry by their system ids), or for the first time when none was started. 404 when the result is not archived, 409 when eFormidling is off or the delivery is not failed. Answers with the delivery", Tag: "archive", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/tenant/texts", schooltexts.HandleGet, Op{
		Summary: "The school's texts and theme for the editor: {languages, texts: [{key, kind (text, markdown, url, email), maxLength, values: {nb: {value, default}, nn: {value, default}, en: {value, default}}}], theme, themeDefault}; value is the school's own text, empty when it has none",
		Tag:     "tenant", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodPut, "/tenant/texts", schooltexts.HandlePutTexts, Op{
		Summary: "Set school texts: every entry is checked first (400 naming each bad one as lang.key) and then all are saved together; a blank value removes the school's own text. Markdown is stored as given. Answers as GET /api/tenant/texts",
		Tag:     "tenant", Access: "Admin", Body: "{nb: {key: value}, nn: {key: value}, en: {key: value}}"}, signedIn, admin)
	api.Handle(http.MethodPut, "/tenant/default-language", s.putDefaultLanguage, Op{
		Summary: "Set the school's default language, the one a new visitor meets: {language: nb, nn or en} → {defaultLanguage}; 400 for another. Shown by GET /api/tenant at once on this replica, within the registry refresh on the others",
		Tag:     "tenant", Access: "Admin", Body: "{language}"}, signedIn, admin)
	api.Handle(http.MethodPut, "/tenant/theme", schooltexts.HandlePutTheme, Op{
		Summary: "Set the school's theme (colours #rrggbb, URLs https:// or rooted /; an empty field falls back to the default). Shown by GET /api/tenant from the next request. Answers as GET /api/tenant/texts",
		Tag:     "tenant", Access: "Admin", Body: "{primaryColor, secondaryColor, logoUrl, faviconUrl (optional)}"}, signedIn, admin)

	// Development only: the configuration refuses both outside
	// PRAKSIS_ENV=development, and without them the routes do not exist.
	if s.devMail != nil {
		root.Handle(http.MethodGet, "/dev/mail", s.devMail.HandlePage, Op{Summary: "Development only: every e-mail sent since start, newest first", Tag: "development", Access: "public (development only)", Produces: "text/html"})
		root.Handle(http.MethodGet, "/dev/mail/messages", s.devMail.HandleMessages, Op{Summary: "Development only: every e-mail sent since start as [{to, subject, text, html, sentAt}], newest first", Tag: "development", Access: "public (development only)"})
	}
	if s.mockEFormidling != nil {
		ip := echo.WrapHandler(s.mockEFormidling)
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			root.Handle(m, "/dev/eformidling/*", ip, Op{Summary: "Development only: a test double of a school's eFormidling integrasjonspunkt (/api/capabilities, /api/messages/out/multipart, /api/statuses); GET /dev/eformidling/messages lists what it received, POST /dev/eformidling/control {fail, stall, finishWith} makes it misbehave", Tag: "development", Access: "public (development only)"})
		}
	}
	if s.mockIDP != nil {
		idp := echo.WrapHandler(s.mockIDP)
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			root.Handle(m, "/dev/idp/*", idp, Op{Summary: "Development only: the mock Feide (/dev/idp/feide) and Vipps (/dev/idp/vipps) OpenID Connect providers with a page to pick a test person", Tag: "development", Access: "public (development only)", Produces: "text/html"})
		}
	}

	// Warnings of possible failure, per student and class. The handlers
	// check the caller's relation (teacher of the class, the student, the
	// student's own supervisor).
	student := "/classes/:classId/students/:studentId"
	api.Handle(http.MethodGet, student+"/warning", s.warnings.Get, Op{Summary: "The student's warning in the class: {id, classId, studentUserId, teacherUserId, comment, passRequirement, passRequirementSummary, createdAt, submittedAt, updatedAt, studentConfirmedWarningAt}; 404 when none (a draft is visible to the class's teachers only)",
		Tag: "warnings", Access: "the student, the class's teachers, the student's own supervisors, admins"}, signedIn)
	api.Handle(http.MethodPost, student+"/warning", s.warnings.Save, Op{Summary: "Save the teacher's draft (each text at most 10000 characters); 409 once sent",
		Tag: "warnings", Access: "the class's teachers", Body: "{comment, passRequirement, passRequirementSummary}"}, signedIn)
	api.Handle(http.MethodPost, student+"/warning/submit", s.warnings.Submit, Op{Summary: "Send the warning (the body, when given, is saved first; every text required) and e-mail the student; 409 when already sent",
		Tag: "warnings", Access: "the class's teachers", Body: "{comment, passRequirement, passRequirementSummary} (optional)"}, signedIn)
	api.Handle(http.MethodPost, student+"/warning/confirm", s.warnings.Confirm, Op{Summary: "The student confirms having read the sent warning",
		Tag: "warnings", Access: "the student"}, signedIn)
	api.Handle(http.MethodDelete, student+"/warning", s.warnings.Delete, Op{Summary: "Delete the warning: a draft at any time, a sent warning once the student has confirmed it, else 409 (the audit trail keeps that it existed)",
		Tag: "warnings", Access: "the class's teachers", Responses: map[int]string{http.StatusNoContent: "Deleted", http.StatusConflict: "Sent and not yet confirmed by the student"}}, signedIn)
	api.Handle(http.MethodGet, student+"/warning/deadline", s.warnings.Deadline, Op{Summary: "When a warning is due: {midpoint, lastDate} (the placement's midpoint, at the latest three weeks before its end)",
		Tag: "warnings", Access: "anyone related to the student"}, signedIn)
	api.Handle(http.MethodGet, student+"/warning/pdf", s.warnings.PDF, Op{Summary: "The warning as a PDF (404 when none)", Tag: "warnings",
		Access: "as GET warning", Produces: "application/pdf", Query: map[string]string{"lang": "nb, nn or en"}}, signedIn)

	// The signing form that closes a placement. The lifecycle is enforced by
	// package signing; the handlers check the caller's relation.
	api.Handle(http.MethodGet, student+"/signingform", s.signing.Get, Op{Summary: "The student's signing form (404 when none; the UI shows a blank form with id -1 until the teacher creates it)",
		Tag: "signing", Access: "the student, the class's teachers, the student's own supervisors, admins"}, signedIn)
	api.Handle(http.MethodPost, student+"/signingform", s.signing.Create, Op{Summary: "Create the signing form with the mid section (midSemesterCompletedDate set = mid confirmed); 409 when one exists",
		Tag: "signing", Access: "the class's teachers", Body: "{midSemesterStudentHasGivenFeedback (yes|no|notRelevant), midSemesterSpecificCompetenceAreasBegun (yes|no), midSemesterCompletedDate}",
		Responses: map[int]string{http.StatusCreated: "The form"}}, signedIn)
	api.Handle(http.MethodPut, student+"/signingform", s.signing.Update, Op{Summary: "Save the form: the mid section until confirmed; the end section once mid is confirmed and its date has passed, while nobody has signed (sets endSemesterCompletedDate). A stale version or a locked form gives 409",
		Tag: "signing", Access: "the class's teachers", Body: "the form as GET returns it, with the version last seen"}, signedIn)
	api.Handle(http.MethodGet, student+"/signingform/validation", s.signing.Validation, Op{Summary: "{teacherAnswerSummary: [{isMidSemester, formQuestionType, totalAnswers, totalQuestions}], assessmentResultArchived, assessmentResultSubmitted}",
		Tag: "signing", Access: "as GET signingform"}, signedIn)
	api.Handle(http.MethodPost, student+"/signingform/sign", s.signing.Sign, Op{Summary: "Sign as the class's teacher, the student's own supervisor or the student (any order; each once). The teacher needs the end date and both competence results, and confirmWithoutAdvisor when the supervisor has not signed. The third signature locks the form for good",
		Tag: "signing", Access: "teacher, own supervisor, student", Body: "{confirmWithoutAdvisor} (teacher only; optional)"}, signedIn)
	api.Handle(http.MethodPost, student+"/signingform/cancel", s.signing.Cancel, Op{Summary: "Cancel: delete the form for good so it starts over blank (409 when locked)",
		Tag: "signing", Access: "the class's teachers", Responses: map[int]string{http.StatusNoContent: "Cancelled"}}, signedIn)
	api.Handle(http.MethodGet, student+"/full/pdf", fullpdf.Handle, Op{Summary: "Everything about the student's placement as a PDF: every form of the class with all answers and comments, mid and end, by role, with the expected level; the warning; the signing form (404 when there is nothing yet)",
		Tag: "signing", Access: "the student, the class's teachers and supervisors, admins (warning and signing form as their own routes allow)", Produces: "application/pdf",
		Query: map[string]string{"lang": "nb, nn or en"}}, signedIn)
	api.Handle(http.MethodGet, student+"/signingform/pdf", s.signing.PDF, Op{Summary: "The signing form as a PDF, with who signed, when and how they signed in (404 when none)",
		Tag: "signing", Access: "as GET signingform", Produces: "application/pdf", Query: map[string]string{"lang": "nb, nn or en"}}, signedIn)
	api.Handle(http.MethodGet, "/classes/:id/signing-status", signing.HandleClassStatus, Op{
		Summary: "The class's students whose signing form waits for someone, by name: [{studentId, displayName, signingFormId (null when none), status, waitingFor, midSemesterCompletedDate, endSemesterCompletedDate}]. " +
			"status is noForm (the teacher has not created it), midNotConfirmed, endNotCompleted (waitingFor [teacher]) or awaitingSignatures (waitingFor lists who has not signed: teacher, student, advisor). Locked forms are left out",
		Tag: "signing", Access: "the class's teachers, admins"}, signedIn)
	api.Handle(http.MethodGet, student+"/audit", trail.Handle, Op{
		Summary: "The audit trail of the student in the class, newest first: [{id, occurredAt, action, label, entity, entityId, actorId, actorName, actorRole, party?, signInMethod?}]. " +
			"Actions: answerSet.delivered, warning.saved|submitted|confirmed|deleted, signingForm.saved|midConfirmed|endCompleted|signed|cancelled|locked|archived|submitted. " +
			"label says what happened in the caller's language (signatures with party and sign-in method); actorRole is the role tag S, PL, PV, Admin, or system (actorId null) for archiving and submission. 403 for students and supervisors",
		Tag: "audit", Access: "the class's teachers, admins", Query: map[string]string{"lang": "nb, nn or en; otherwise Accept-Language decides"}}, signedIn)

	// The placement: classes for each role, supervisors, answers and
	// progress. Routes open to a role check it here; relations (teacher of
	// the class, the student, the student's own supervisor) are checked by
	// package policy in the handlers.
	asStudent := auth.RequireRole(users.RoleStudent)
	asTeacher := auth.RequireRole(users.RoleTeacher)
	asAdvisor := auth.RequireRole(users.RoleAdvisor)
	supervisor := "{id, displayName, email, phoneNumber, isPrimary}"
	studentRow := "{id, displayName, email, isMine, teacher: {id, displayName} | null, supervisors: [" + supervisor + "] primary first, " +
		"warning (none, draft (teachers of the class only), given, confirmed), signingForm: {status (none, saved, midConfirmed, endCompleted, signing, locked), signedByTeacher, signedByStudent, signedByAdvisor}, " +
		"forms: [{formId, name, isMainForm, halves: [{assignmentId, isMidSemester, total, student, advisor, teacher: {answered, delivered}}]}]}"
	api.Handle(http.MethodGet, "/classes/me/student", s.classes.MyStudentClasses, Op{
		Summary: "The caller's classes as a student, the current semester's first (then future, then past): [class as GET /api/classes/{id} (with currentMainAssignment: the main-form assignment offered today, mid-semester up to and including the class's mid-semester date, end-semester after it or when there is none), " +
			"teacher: {id, displayName, email} | null, supervisors: [" + supervisor + "] primary first]. 404 'No class found for this student' when none",
		Tag: "classes", Access: "Student"}, signedIn, asStudent)
	api.Handle(http.MethodGet, "/classes/me/matching-affiliations", s.classes.MatchingAffiliations, Op{
		Summary: "Classes of current and future semesters whose subject code is that of one of the caller's active Feide course memberships (from their last Feide sign-in), shaped as GET /api/classes; [] when none",
		Tag:     "classes", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/classes/:id/students/me", s.classes.JoinAsStudent, Op{
		Summary: "Join a class as its student: 201 with the class as in GET /api/classes/me/student, 200 when already in it. A student has one class: 409 when the caller is in a class of a current or future semester, or the class's semester has ended",
		Tag:     "classes", Access: "Student",
		Responses: map[int]string{http.StatusCreated: "Joined", http.StatusConflict: "In another current class, or the semester has ended"}}, signedIn, asStudent)
	api.Handle(http.MethodPost, "/classes/:id/teachers/me", s.classes.JoinAsTeacher, Op{Summary: "Join a class as one of its teachers (no change when already one); answers with the class",
		Tag: "classes", Access: "Teacher"}, signedIn, asTeacher)
	api.Handle(http.MethodDelete, "/classes/:id/teachers/me", s.classes.LeaveAsTeacher, Op{Summary: "Leave a class as teacher; the caller's students there keep their place without a teacher",
		Tag: "classes", Access: "Teacher", Responses: map[int]string{http.StatusNoContent: "Left (also when not a teacher of the class)"}}, signedIn, asTeacher)
	api.Handle(http.MethodGet, "/classes/mine", s.classes.TeacherHome, Op{
		Summary: "The teacher's home: every class grouped by semester, newest first: [{period, mine: [class], others: [class]}], each class as GET /api/classes/{id} with teachers: [{id, displayName}], studentCount, myStudentCount (students whose teacher is the caller) and isMine",
		Tag:     "classes", Access: "Teacher"}, signedIn, asTeacher)
	api.Handle(http.MethodGet, "/classes/advisor", s.classes.AdvisorHome, Op{
		Summary: "The supervisor's home: the classes the caller supervises in, newest semester first, each as GET /api/classes/{id} with students: [" + studentRow + "] (the caller's own students) and otherStudents: [{id, displayName}] (whom the caller may take on)",
		Tag:     "classes", Access: "Advisor"}, signedIn, asAdvisor)
	api.Handle(http.MethodGet, "/classes/:id/students", s.classes.Students, Op{
		Summary: "The students of a class at a glance, by name: [" + studentRow + "]",
		Tag:     "classes", Access: "the class's teachers, admins"}, signedIn)
	api.Handle(http.MethodGet, "/classes/:id/students/mine", s.classes.MyStudents, Op{Summary: "The students of the class whose teacher is the caller: [{id, displayName}]",
		Tag: "classes", Access: "the class's teachers"}, signedIn)
	api.Handle(http.MethodPost, "/classes/:id/students/mine", s.classes.AssignMyStudents, Op{
		Summary: "Make the caller the teacher of students of the class (a student with another teacher changes over); answers with the caller's students there. 400 when the list is empty or names someone who is not a student of the class",
		Tag:     "classes", Access: "the class's teachers", Body: "{studentIds: [id, ...]}"}, signedIn)
	api.Handle(http.MethodPost, "/classes/:id/advisors", s.classes.AddAdvisor, Op{
		Summary: "Add a supervisor to the class by name and e-mail: the account with the e-mail (any case) is found, or made with the Advisor role; an existing account gets the Advisor role and keeps its name. A supervisor new to the class is e-mailed a link to sign in at {school}/advisor. " +
			"201 {id, displayName, email, accountCreated, linked: true}; 200 with linked false when already a supervisor of the class. 409 when the account is deactivated or is a student of the class",
		Tag: "classes", Access: "the class's teachers, admins", Body: "{name, email} (both required)",
		Responses: map[int]string{http.StatusCreated: "Added and e-mailed", http.StatusConflict: "Deactivated account, or a student of the class"}}, signedIn)
	api.Handle(http.MethodPost, "/classes/:classId/advisor/:userId/me", s.classes.TakeStudent, Op{
		Summary: "A supervisor of the class takes on the student {userId}: the caller becomes one of the student's supervisors (primary when the student has none; the student's teacher carries over). No body. Answers with the caller's students in the class: [{id, displayName}]; 404 when {userId} is not a student of the class",
		Tag:     "classes", Access: "the class's supervisors"}, signedIn)
	api.Handle(http.MethodPost, student+"/primary-advisor", s.classes.SetPrimaryAdvisor, Op{
		Summary: "Make one of the student's supervisors the primary one (the page asks for confirmation first); answers with the supervisors [" + supervisor + "], primary first. 400 when the user is not one of the student's supervisors. " +
			"The spec's GET …/advisor/{advisorId} form is not offered: a change of state is never a GET",
		Tag: "classes", Access: "the student", Body: "{advisorUserId}"}, signedIn)

	setShape := "{id, assignmentId, formId, classId, subjectId, studentUserId, userId, userName, role (student, advisor, teacher), roleTag (S, PV, PL), isMidSemester, version, deliveredAt, createdAt, updatedAt, " +
		"answers: [{formQuestionId, value, comment}] in question order, comments: [{id, formQuestionId, userId, userName, role, roleTag, comment, createdAt, commentedAt, updatedAt}]}"
	places := "Places: student is the student's own set; for the role the caller answers in (answerAs), the caller's own set or null; otherwise advisor is the primary supervisor's set (else another of the student's supervisors', else the newest) and teacher the assigned teacher's (else the newest teacher's); others holds every other set. "
	api.Handle(http.MethodGet, student+"/forms/:formId", answers.HandleStudentForm, Op{
		Summary: "The answer-set ids and states about the student for a form: {classId, studentUserId, formId, answerAs (student, advisor, teacher, or null when the caller only reads), midSemester, endSemester}, each half null when the class has no such assignment, " +
			"else {assignmentId, isMidSemester, total, student, advisor, teacher (each {id, userId, userName, role, roleTag, version, answered, deliveredAt, updatedAt} or null), others: [...]}. " + places + "404 when the class does not use the form",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, signedIn)
	api.Handle(http.MethodGet, student+"/forms/:formId/full", answers.HandleStudentFormFull, Op{
		Summary: "Everything answered about the student for a form: {classId, studentUserId, formId, answerAs, midSemester, endSemester}, each half null or {assignmentId, isMidSemester, student, advisor, teacher (each an answer set " + setShape + " or null), others: [set], " +
			"expectations: {classId, formId, isMidSemester, answers: [{formQuestionId, value}]} or null}. " + places + "A supervisor who is not the student's own reads every set without answering. 404 when the class does not use the form",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, signedIn)
	api.Handle(http.MethodGet, student+"/progress", answers.HandleProgress, Op{
		Summary: "The student's progress for the student page: {classId, studentUserId, forms: [{formId, name, isMainForm, halves: [{assignmentId, isMidSemester, total, student, advisor, teacher: {answered, delivered}, " +
			"questions: [{formQuestionId, text, group, levels, student, advisor, teacher, expected, notRelevant: [role]}]}]}]}. answered counts the questions anyone in the role answered. " +
			"questions compares the graded questions as numbers for a chart: 0 is the first label (Selvstendig) up to levels-1; null when not answered or marked not relevant (then the role is in notRelevant). Supervisor and teacher values are from the sets placed as in …/full for a reader",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, signedIn)
	api.Handle(http.MethodGet, "/answers/:id", answers.HandleGet, Op{Summary: "One answer set " + setShape,
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, signedIn)
	api.Handle(http.MethodPost, "/answers", answers.HandleSave, Op{
		Summary: "Create or update the caller's own answer set for an assignment about a student, and optionally deliver it. Each listed question gets exactly the value and comment sent (null or blank removes them); questions left out keep theirs. " +
			"value: \"0\" (Selvstendig) to \"4\" (Uselvstendig), \"5\" (the number of labels) for not relevant, or free text (at most 10000 characters) for a free-text question; comment at most 4000 characters. " +
			"Everything is checked before anything is written: 400 in the error shape with one entry per bad answer (reason answers[i].value, answers[i].comment or answers[i].formQuestionId, the description naming the question), " +
			"'Invalid id when registering answer' / '… comment' for a question not on the assignment's form. version is the version last read (0 or left out for a new set): anything else is 409 and nothing is saved. " +
			"The answer is the set as GET /api/answers/{id} with its new version (unchanged when nothing changed); deliver stamps deliveredAt and writes an audit row. Half (mid or end) comes from the assignment. " +
			"403 unless the caller is the student, a teacher of the class or one of the student's own supervisors; 409 when the signing form is locked",
		Tag: "answers", Access: "the student, the class's teachers, the student's own supervisors",
		Body:      "{assignmentId, studentUserId, version, answers: [{formQuestionId, value, comment}], deliver}; id, formId, userId and isMidSemester may be sent back as received and must match, subjectId and comments are ignored",
		Responses: map[int]string{http.StatusCreated: "A new set", http.StatusConflict: "Stale version, or the signing form is locked"}}, signedIn)

	invitation := "{classId, studentUserId, email, createdAt, expiresAtUtc, accepted, acceptedAt, expired, status (sent, expired, accepted)}"
	api.Handle(http.MethodPost, "/invitations/advisor", s.invitations.Send, Op{
		Summary: "Invite a supervisor by e-mail for the caller's current class: the open invitation is replaced, the new one is valid for 3 days and is e-mailed with a link to {school}/supervisor/accept-invitation?verificationGuid=… and the school's supervisorInvitation.subtitle text. " +
			"201 " + invitation + ". 400 for a missing or malformed e-mail or the caller's own; 404 'No class found for this student'; 429 after 10 invitations in 24 hours",
		Tag: "invitations", Access: "Student", Body: "{email}",
		Responses: map[int]string{http.StatusCreated: "Sent", http.StatusTooManyRequests: "Too many invitations today"}}, signedIn, asStudent)
	api.Handle(http.MethodGet, "/invitations/advisor/me", s.invitations.Mine, Op{Summary: "The caller's current invitation (not replaced) in their current class: " + invitation + "; 404 when none",
		Tag: "invitations", Access: "Student"}, signedIn, asStudent)
	api.Handle(http.MethodPost, "/invitations/advisor/accept", s.invitations.Accept, Op{
		Summary: "Accept a supervisor invitation as the signed-in user: they get the Advisor role, a place among the class's supervisors and the student as their own (primary when the student has none). " +
			"The account's e-mail must be the invited address (any case): 403 otherwise, and for the student themselves. 404 unknown id; 409 replaced by a newer invitation or accepted by someone else; 410 expired. Accepting again is 200 with no change. " +
			"Answers " + invitation + " with studentName, subjectCode, subjectName, periodName",
		Tag: "invitations", Access: "signed in",
		Body:      "{verificationGuid, name?, email?, phoneNumber?}: name and phoneNumber fill the account's when it has none (a name that is only the e-mail counts as none); email is accepted and not used, the account's own address is compared",
		Responses: map[int]string{http.StatusGone: "The invitation has expired", http.StatusConflict: "Replaced, or accepted by someone else", http.StatusForbidden: "Signed in with another e-mail address"}}, signedIn)

	s.docsRoutes(root)
	root.Handle(http.MethodGet, "/*", s.spa(s.dist), Op{
		Summary: "The web app for the school of the request's host (client-side routes fall back to index.html)",
		Tag:     "app", Access: "public", Produces: "text/html",
	})
}
