package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/answers"
)

// placementRoutes are the classes as each role sees them, supervisors,
// answers and progress, and supervisor invitations.
func (s *Server) placementRoutes(api *Group, g guards) {
	// The placement: classes for each role, supervisors, answers and
	// progress. Routes open to a role check it here; relations (teacher of
	// the class, the student, the student's own supervisor) are checked by
	// package policy in the handlers.
	api.Handle(http.MethodGet, "/classes/me/student", s.classes.MyStudentClasses(), Op{
		Summary: "The caller's classes as a student, the current semester's first (then future, then past), each with the student's teacher and supervisors (primary first). " +
			"currentMainAssignment is the main-form assignment offered today: mid-semester up to and including the class's mid-semester date, end-semester after it or when there is none. 404 'No class found for this student' when none",
		Tag: "classes", Access: "Student"}, g.signedIn, g.asStudent)
	api.Handle(http.MethodGet, "/classes/me/matching-affiliations", s.classes.MatchingAffiliations(), Op{
		Summary: "Classes of current and future semesters whose subject code is that of one of the caller's active Feide course memberships (from their last Feide sign-in); [] when none",
		Tag:     "classes", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/classes/:id/students/me", s.classes.JoinAsStudent(), Op{
		Summary: "Join a class as its student: 201 with the class as in GET /api/classes/me/student, 200 when already in it. A student has one class: 409 when the caller is in a class of a current or future semester, or the class's semester has ended",
		Tag:     "classes", Access: "Student",
		Responses: map[int]string{http.StatusCreated: "Joined", http.StatusOK: "Already in the class", http.StatusConflict: "In another current class, or the semester has ended"}}, g.signedIn, g.asStudent)
	api.Handle(http.MethodPost, "/classes/:id/teachers/me", s.classes.JoinAsTeacher(), Op{Summary: "Join a class as one of its teachers (no change when already one); answers with the class",
		Tag: "classes", Access: "Teacher"}, g.signedIn, g.asTeacher)
	api.Handle(http.MethodDelete, "/classes/:id/teachers/me", s.classes.LeaveAsTeacher(), Op{Summary: "Leave a class as teacher; the caller's students there keep their place without a teacher",
		Tag: "classes", Access: "Teacher", Responses: map[int]string{http.StatusNoContent: "Left (also when not a teacher of the class)"}}, g.signedIn, g.asTeacher)
	api.Handle(http.MethodGet, "/classes/mine", s.classes.TeacherHome(), Op{
		Summary: "The teacher's home: every class grouped by semester, newest first, each group split into the caller's classes and the others, with their teachers, how many students each has and how many of them are the caller's (their teacher is the caller)",
		Tag:     "classes", Access: "Teacher"}, g.signedIn, g.asTeacher)
	api.Handle(http.MethodGet, "/classes/advisor", s.classes.AdvisorHome(), Op{
		Summary: "The supervisor's home: the classes the caller supervises in, newest semester first, each with the caller's own students (as GET /api/classes/{id}/students shows them) and the class's other students (whom the caller may take on)",
		Tag:     "classes", Access: "Advisor"}, g.signedIn, g.asAdvisor)
	api.Handle(http.MethodGet, "/classes/:id/students", s.classes.Students(), Op{
		Summary: "The students of a class at a glance, by name: who follows each (supervisors primary first), the warning and signing-form states, and answered of total per form, half and role",
		Tag:     "classes", Access: "the class's teachers, admins", ReadsFirst: true}, g.signedIn)
	api.Handle(http.MethodGet, "/classes/:id/students/mine", s.classes.MyStudents(), Op{Summary: "The students of the class whose teacher is the caller",
		Tag: "classes", Access: "the class's teachers"}, g.signedIn)
	api.Handle(http.MethodPost, "/classes/:id/students/mine", s.classes.AssignMyStudents(), Op{
		Summary: "Make the caller the teacher of students of the class (a student with another teacher changes over); answers with the caller's students there. 400 when the list is empty or names someone who is not a student of the class",
		Tag:     "classes", Access: "the class's teachers"}, g.signedIn)
	api.Handle(http.MethodPost, "/classes/:id/advisors", s.classes.AddAdvisor(), Op{
		Summary: "Add a supervisor to the class by name and e-mail: the account with the e-mail (any case) is found, or made with the Advisor role; an existing account gets the Advisor role and keeps its name. A supervisor new to the class is e-mailed a link to sign in at {school}/advisor. " +
			"201 with linked true; 200 with linked false when already a supervisor of the class. 409 when the account is deactivated or is a student of the class",
		Tag: "classes", Access: "the class's teachers, admins",
		Responses: map[int]string{http.StatusCreated: "Added and e-mailed", http.StatusOK: "Already a supervisor of the class", http.StatusConflict: "Deactivated account, or a student of the class"}}, g.signedIn)
	api.Handle(http.MethodPost, "/classes/:classId/advisor/:userId/me", s.classes.TakeStudent(), Op{
		Summary: "A supervisor of the class takes on the student {userId}: the caller becomes one of the student's supervisors (primary when the student has none; the student's teacher carries over). No body. Answers with the caller's students in the class; 404 when {userId} is not a student of the class",
		Tag:     "classes", Access: "the class's supervisors"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/primary-advisor", s.classes.SetPrimaryAdvisor(), Op{
		Summary: "Make one of the student's supervisors the primary one (the page asks for confirmation first); answers with the supervisors, primary first. 400 when the user is not one of the student's supervisors. " +
			"The spec's GET …/advisor/{advisorId} form is not offered: a change of state is never a GET",
		Tag: "classes", Access: "the student"}, g.signedIn)

	places := "Places: student is the student's own set; for the role the caller answers in (answerAs), the caller's own set or null; otherwise advisor is the primary supervisor's set (else another of the student's supervisors', else the newest) and teacher the assigned teacher's (else the newest teacher's); others holds every other set. "
	api.Handle(http.MethodGet, studentPath+"/forms/:formId", answers.HandleStudentForm, Op{
		Summary: "The answer-set ids and states about the student for a form, per half (null when the class has no such assignment), with total the questions to answer and answered per set. " + places + "404 when the class does not use the form",
		Tag:     "answers", Access: "the student, the class's teachers and supervisors, admins"}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/forms/:formId/full", answers.HandleStudentFormFull, Op{
		Summary: "Everything answered about the student for a form, per half (null when the class has no such assignment): the answer sets with answers and comments, and the class's expectations (null when none). " + places +
			"A supervisor who is not the student's own reads every set without answering. 404 when the class does not use the form",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins", ReadsFirst: true}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/progress", answers.HandleProgress, Op{
		Summary: "The student's progress for the student page, per form and half: answered counts the questions anyone in the role answered. " +
			"questions compares the graded questions as numbers for a chart: 0 is the first label (Selvstendig) up to levels-1; null when not answered or marked not relevant (then the role is in notRelevant). Supervisor and teacher values are from the sets placed as in …/full for a reader",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, g.signedIn)
	api.Handle(http.MethodGet, "/answers/:id", answers.HandleGet, Op{Summary: "One answer set, with its answers in question order and its comments",
		Tag: "answers", Access: "the student, the class's teachers and supervisors, admins"}, g.signedIn)
	api.Handle(http.MethodPost, "/answers", answers.HandleSave, Op{
		Summary: "Create or update the caller's own answer set for an assignment about a student, and optionally deliver it. Each listed question gets exactly the value and comment sent (null or blank removes them); questions left out keep theirs. " +
			"Everything is checked before anything is written: 400 in the error shape with one entry per bad answer (reason answers[i].value, answers[i].comment or answers[i].formQuestionId, the description naming the question), " +
			"'Invalid id when registering answer' / '… comment' for a question not on the assignment's form. version is the version last read (0 or left out for a new set): anything else is 409 and nothing is saved. " +
			"The answer is the set as GET /api/answers/{id} with its new version (unchanged when nothing changed), or with Prefer: return=minimal only its head and the questions sent as now stored; deliver stamps deliveredAt and writes an audit row. Half (mid or end) comes from the assignment. " +
			"403 unless the caller is the student, a teacher of the class or one of the student's own supervisors; 409 when the signing form is locked",
		Tag: "answers", Access: "the student, the class's teachers, the student's own supervisors", ReadsFirst: true,
		Responses: map[int]string{http.StatusCreated: "A new set", http.StatusOK: "The existing set, saved", http.StatusConflict: "Stale version, or the signing form is locked"}}, g.signedIn)

	api.Handle(http.MethodPost, "/invitations/advisor", s.invitations.Send(), Op{
		Summary: "Invite a supervisor by e-mail for the caller's current class: the open invitation is replaced, the new one is valid for 3 days and is e-mailed with a link to {school}/supervisor/accept-invitation?verificationGuid=… and the school's supervisorInvitation.subtitle text. " +
			"400 for a missing or malformed e-mail or the caller's own; 404 'No class found for this student'; 429 after 10 invitations in 24 hours",
		Tag: "invitations", Access: "Student",
		Responses: map[int]string{http.StatusCreated: "Sent", http.StatusTooManyRequests: "Too many invitations today"}}, g.signedIn, g.asStudent)
	api.Handle(http.MethodGet, "/invitations/advisor/me", s.invitations.Mine(), Op{Summary: "The caller's current invitation (not replaced) in their current class; 404 when none",
		Tag: "invitations", Access: "Student"}, g.signedIn, g.asStudent)
	api.Handle(http.MethodPost, "/invitations/advisor/accept", s.invitations.Accept(), Op{
		Summary: "Accept a supervisor invitation as the signed-in user: they get the Advisor role, a place among the class's supervisors and the student as their own (primary when the student has none). " +
			"The account's e-mail must be the invited address (any case): 403 otherwise, and for the student themselves. 404 unknown id; 409 replaced by a newer invitation or accepted by someone else; 410 expired. Accepting again is 200 with no change. " +
			"Answers with the invitation and the student and class the supervisor now follows",
		Tag: "invitations", Access: "signed in",
		Responses: map[int]string{http.StatusGone: "The invitation has expired", http.StatusConflict: "Replaced, or accepted by someone else", http.StatusForbidden: "Signed in with another e-mail address"}}, g.signedIn)
}
