package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/fullpdf"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/trail"
)

// routes is the route table. Every route is registered through Handle with

// signingRoutes are the warnings of possible failure, the signing form
// that closes a placement, its PDFs, the class's signing status and the
// audit trail.
func (s *Server) signingRoutes(api *Group, g guards) {
	// Warnings of possible failure, per student and class. The handlers
	// check the caller's relation (teacher of the class, the student, the
	// student's own supervisor).
	api.Handle(http.MethodGet, studentPath+"/warning", s.warnings.Get(), Op{Summary: "The student's warning in the class; 404 when none (a draft is visible to the class's teachers only)",
		Tag: "warnings", Access: "the student, the class's teachers, the student's own supervisors, admins"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/warning", s.warnings.Save(), Op{Summary: "Save the teacher's draft (each text at most 10000 characters); 409 once sent",
		Tag: "warnings", Access: "the class's teachers"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/warning/submit", s.warnings.Submit(), Op{Summary: "Send the warning (the body, when given, is saved first; every text required) and e-mail the student; 409 when already sent",
		Tag: "warnings", Access: "the class's teachers"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/warning/confirm", s.warnings.Confirm(), Op{Summary: "The student confirms having read the sent warning",
		Tag: "warnings", Access: "the student"}, g.signedIn)
	api.Handle(http.MethodDelete, studentPath+"/warning", s.warnings.Delete(), Op{Summary: "Delete the warning: a draft at any time, a sent warning once the student has confirmed it, else 409 (the audit trail keeps that it existed)",
		Tag: "warnings", Access: "the class's teachers", Responses: map[int]string{http.StatusNoContent: "Deleted", http.StatusConflict: "Sent and not yet confirmed by the student"}}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/warning/deadline", s.warnings.Deadline(), Op{Summary: "When a warning is due: the placement's midpoint, at the latest three weeks before its end",
		Tag: "warnings", Access: "anyone related to the student"}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/warning/pdf", s.warnings.PDF, Op{Summary: "The warning as a PDF (404 when none)", Tag: "warnings",
		Access: "as GET warning", Produces: "application/pdf", In: placementpath.Document{}}, g.signedIn)

	// The signing form that closes a placement. The lifecycle is enforced by
	// package signing; the handlers check the caller's relation.
	api.Handle(http.MethodGet, studentPath+"/signingform", s.signing.Get(), Op{Summary: "The student's signing form (404 when none; the UI shows a blank form with id -1 until the teacher creates it)",
		Tag: "signing", Access: "the student, the class's teachers, the student's own supervisors, admins"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/signingform", s.signing.Create(), Op{Summary: "Create the signing form with the mid section (midSemesterCompletedDate set = mid confirmed); 409 when one exists",
		Tag: "signing", Access: "the class's teachers", Body: "The mid section; the end section is refused until the form exists",
		Responses: map[int]string{http.StatusCreated: "The form"}}, g.signedIn)
	api.Handle(http.MethodPut, studentPath+"/signingform", s.signing.Update(), Op{Summary: "Save the form: the mid section until confirmed; the end section once mid is confirmed and its date has passed, while nobody has signed (sets endSemesterCompletedDate). A stale version or a locked form gives 409",
		Tag: "signing", Access: "the class's teachers", Body: "the form as GET returns it, with the version last seen"}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/signingform/validation", s.signing.Validation(), Op{Summary: "The teacher's progress on the main form per half and question type, and whether the result is archived and submitted",
		Tag: "signing", Access: "as GET signingform"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/signingform/sign", s.signing.Sign(), Op{Summary: "Sign as the class's teacher, the student's own supervisor or the student (any order; each once). The teacher needs the end date and both competence results, and confirmWithoutAdvisor when the supervisor has not signed. The third signature locks the form for good",
		Tag: "signing", Access: "teacher, own supervisor, student"}, g.signedIn)
	api.Handle(http.MethodPost, studentPath+"/signingform/cancel", s.signing.Cancel(), Op{Summary: "Cancel: delete the form for good so it starts over blank (409 when locked)",
		Tag: "signing", Access: "the class's teachers", Responses: map[int]string{http.StatusNoContent: "Cancelled"}}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/full/pdf", fullpdf.Handle, Op{Summary: "Everything about the student's placement as a PDF: every form of the class with all answers and comments, mid and end, by role, with the expected level; the warning; the signing form (404 when there is nothing yet)",
		Tag: "signing", Access: "the student, the class's teachers and supervisors, admins (warning and signing form as their own routes allow)", Produces: "application/pdf",
		In: placementpath.Document{}}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/signingform/pdf", s.signing.PDF, Op{Summary: "The signing form as a PDF, with who signed, when and how they signed in (404 when none)",
		Tag: "signing", Access: "as GET signingform", Produces: "application/pdf", In: placementpath.Document{}}, g.signedIn)
	api.Handle(http.MethodGet, "/classes/:id/signing-status", signing.HandleClassStatus, Op{
		Summary: "The class's students whose signing form waits for someone, by name. " +
			"status is noForm (the teacher has not created it), midNotConfirmed, endNotCompleted (waitingFor [teacher]) or awaitingSignatures (waitingFor lists who has not signed: teacher, student, advisor). Locked forms are left out",
		Tag: "signing", Access: "the class's teachers, admins"}, g.signedIn)
	api.Handle(http.MethodGet, studentPath+"/audit", trail.Handle, Op{
		Summary: "The audit trail of the student in the class, newest first. " +
			"label says what happened in the caller's language (signatures with party and sign-in method); actorRole is the role tag S, PL, PV, Admin, or system (actorId null) for archiving and submission. 403 for students and supervisors",
		Tag: "audit", Access: "the class's teachers, admins"}, g.signedIn)

}
