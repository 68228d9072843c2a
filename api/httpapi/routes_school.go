package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/calendar"
	"github.com/praksis/praksis/api/datacopy"
	"github.com/praksis/praksis/api/erasure"
	"github.com/praksis/praksis/api/reminders"
	"github.com/praksis/praksis/api/retention"
	"github.com/praksis/praksis/api/schooltexts"
	"github.com/praksis/praksis/api/users"
)

// routes is the route table. Every route is registered through Handle with

// schoolRoutes are personal data through its life (copies, erasure,
// retention), delivery to the archive, and the school's own texts and
// theme.
func (s *Server) schoolRoutes(api *Group, g guards) {
	// Personal data through its life (erasure, access, retention).
	api.Handle(http.MethodPost, "/users/me/data-copies", s.dataCopies.RequestOwn(), Op{Summary: "Ask for a copy of everything the school holds about the caller, as a JSON file and a readable PDF. A job makes it; 202 with the copy, or the copy already being made. Download it from GET /api/data-copies/{copyId}/{format} while it lasts (3 days)", Tag: "personal data", Access: "signed in",
		Responses: map[int]string{http.StatusAccepted: "The copy being made"}}, g.signedIn)
	api.Handle(http.MethodGet, "/users/me/data-copies", datacopy.HandleListOwn, Op{Summary: "The caller's copies being made or ready, newest first", Tag: "personal data", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/users/:id/data-copies", s.dataCopies.RequestOf(), Op{Summary: "Ask for a copy of everything the school holds about a person, as POST /api/users/me/data-copies; 404 when no such user", Tag: "personal data", Access: "Admin",
		Responses: map[int]string{http.StatusAccepted: "The copy being made"}}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/users/:id/data-copies", datacopy.HandleListOf, Op{Summary: "A person's copies being made or ready, as GET /api/users/me/data-copies; 404 when no such user", Tag: "personal data", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/data-copies/:copyId/:format", datacopy.HandleDownload, Op{Summary: "Download a ready copy as a file: the JSON one or the PDF. 404 for anyone but the person and the school's admins, for another format, and for a copy not ready or expired", Tag: "personal data", Access: "signed in: the person it is about, or the school's admins",
		In: datacopy.File{}, Response: datacopy.Copy{}, Produces: "application/json, application/pdf"}, g.signedIn)
	api.Handle(http.MethodPost, "/users/:id/erasure", erasure.HandleErase, Op{Summary: "Erase a person: account (or, when a kept record names them, its personal fields), sessions, codes, e-mail, invitations, answer sets they wrote or that assess them, comments, warnings about them, memberships, data copies. " +
		"Locked signing forms, archived results and warnings they wrote about others stay. Answers what was removed and kept. 409 while a signing form involving them is open, or for oneself; 404 when no such user", Tag: "personal data", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/tenant/reminders", reminders.HandleSchedule, Op{Summary: "When the school's deadline reminders go: the days before a deadline (default 3 and 1) and whether one notice goes once it passed (default yes)", Tag: "reminders", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/reminders", reminders.HandleSaveSchedule, Op{Summary: "Set when the school's deadline reminders go (days 0 to 30 before, at most five; stored in descending order without repeats; 400 naming daysBefore otherwise). Answers as GET", Tag: "reminders", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/users/me/reminders", reminders.HandleChoices, Op{Summary: "Which deadline reminders the caller gets, by kind: before a deadline, once overdue, and (teachers) the daily digest of late students", Tag: "reminders", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPut, "/users/me/reminders", reminders.HandleSaveChoices, Op{Summary: "Turn the caller's deadline reminders of each kind on or off. Answers as GET", Tag: "reminders", Access: "signed in"}, g.signedIn)
	// The calendar feed: the address is the secret, so the feed itself
	// needs no sign-in; the settings routes do.
	api.Handle(http.MethodGet, "/users/me/calendar", calendar.HandleStatus, Op{Summary: "Whether the caller has a calendar feed address, and since when (the address itself is shown only when made)", Tag: "calendar", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/users/me/calendar", calendar.HandleRenew, Op{Summary: "Make the caller a new private calendar feed address (iCalendar) and show it once; an earlier address stops working (404)", Tag: "calendar", Access: "signed in",
		Responses: map[int]string{http.StatusCreated: "The new address"}}, g.signedIn)
	api.Handle(http.MethodGet, "/calendar/:file", calendar.HandleFeed, Op{Summary: "A person's calendar feed (RFC 5545): their deadlines in each class, in the role they have there, and the classes' mid-semester and end dates, as all-day events titled in their language with the form and subject code only. " +
		"ETag, Last-Modified (when the text last changed) and Cache-Control: private, max-age=3600; 304 when If-None-Match names the ETag or, without If-None-Match, If-Modified-Since is no earlier than Last-Modified. 404 for an unknown or renewed address, or a person no longer active", Tag: "calendar", Access: "public: whoever has the secret address",
		In: calendar.FeedParams{}, Produces: "text/calendar", Responses: map[int]string{http.StatusNotModified: "The feed is as the client has it (If-None-Match, or If-Modified-Since)"}})
	api.Handle(http.MethodGet, "/tenant/retention", retention.HandleGet, Op{Summary: "The school's retention policy", Tag: "personal data", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/retention", retention.HandlePut, Op{Summary: "Set the school's retention policy (fields left out keep their value; 400 naming each field outside its range). Answers as GET", Tag: "personal data", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/tenant/record-of-processing", retention.HandleRecord, Op{Summary: "The school's record of processing for Praksis, generated from its retention policy, in the asked language", Tag: "personal data", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/users/:id/classes/:classId", users.HandleClassRelation, Op{
		Summary: "A user's relation to one class: {userId, classId, isTeacher, isStudent, isAdvisor, studentReferences, advisorStudents: [{id, displayName}], teacherStudents: [{id, displayName}]}",
		Tag:     "users", Access: "Admin, Teacher, or the user themselves"}, g.signedIn)

	api.Handle(http.MethodGet, "/tenant/eformidling", s.archive.HandleGet(), Op{Summary: "The school's delivery of results to its archive through eFormidling", Tag: "archive", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/eformidling", s.archive.HandlePut(), Op{Summary: "Set the school's eFormidling delivery (400 naming each bad field: url http(s), organisation numbers nine digits, process an arkivmelding process URN, caseSystemId a UUID; url and both numbers required when enabled). Answers as GET", Tag: "archive", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/archive-deliveries", s.archive.HandleUndelivered(), Op{Summary: "Archived results not yet delivered to the school's archive, newest first, with their delivery", Tag: "archive", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/users/:userId/archive-deliveries", s.archive.HandleOfStudent(), Op{Summary: "A student's archived results and their delivery to the school's archive, as GET /api/archive-deliveries; 404 when no such user", Tag: "archive", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPost, "/archive-deliveries/:signingFormId/retry", s.archive.HandleRetry(), Op{Summary: "Send a failed result to the archive again (a new message in the same conversation; the archive recognises the case and entry by their system ids), or for the first time when none was started. 404 when the result is not archived, 409 when eFormidling is off or the delivery is not failed. Answers with the delivery", Tag: "archive", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/tenant/texts", schooltexts.HandleGet, Op{
		Summary: "The school's texts and theme for the editor, the school's own values next to the defaults",
		Tag:     "tenant", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/texts", schooltexts.HandlePutTexts, Op{
		Summary: "Set school texts, by language then key: every entry is checked first (400 naming each bad one as lang.key) and then all are saved together; a blank value removes the school's own text. Markdown is stored as given. Answers as GET /api/tenant/texts",
		Tag:     "tenant", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/default-language", s.putDefaultLanguage(), Op{
		Summary: "Set the school's default language, the one a new visitor meets; 400 for another than nb, nn or en. Shown by GET /api/tenant at once on this replica, within the registry refresh on the others",
		Tag:     "tenant", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/tenant/theme", schooltexts.HandlePutTheme, Op{
		Summary: "Set the school's theme (colours #rrggbb, URLs https:// or rooted /; an empty field falls back to the default). Shown by GET /api/tenant from the next request. Answers as GET /api/tenant/texts",
		Tag:     "tenant", Access: "Admin"}, g.signedIn, g.admin)
}
