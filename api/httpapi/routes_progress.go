package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/progress"
)

// progressRoutes are a student's record across placements and the
// student's consent to share it.
func (s *Server) progressRoutes(api *Group, g guards) {
	api.Handle(http.MethodGet, "/students/:studentId/progress", progress.HandleRead, Op{
		Summary: "The student's record across placements (classes over semesters, oldest first): for each competence area (question group) of the main forms, the levels the student, the supervisor and the teacher gave at mid and end of each placement, " +
			"against the class's expectation, as numbers for a chart (0 is the first label, Selvstendig, up to levels-1; null when not answered or marked not relevant, then the role is in notRelevant), with the area's mean per role. " +
			"Questions of different forms are matched by group name and, within a group, by question text (without regard to case or spacing); a question found in only one of several placements is in unmatched. " +
			"The student and admins see every placement; a teacher or supervisor the placements they are part of, and, when the student shares, the end results of the placements before a current one in which they teach or supervise the student. " +
			"403 when the caller sees none of the student's placements; 404 when there is no such user",
		Tag: "progress", Access: "the student, admins; teachers and supervisors of the student's placements"}, g.signedIn)
	api.Handle(http.MethodGet, "/students/:studentId/progress/pdf", progress.HandlePDF, Op{
		Summary: "The student's record across placements as a PDF, as GET /api/students/{studentId}/progress shows it to the caller: the placements with their results, each competence area's questions with the levels of every placement and half by role and the expected level, and the questions that could not be matched",
		Tag:     "progress", Access: "the student, admins; teachers and supervisors of the student's placements", Produces: "application/pdf",
		In: progress.PDFParams{}}, g.signedIn)
	api.Handle(http.MethodPut, "/progress/sharing", progress.HandleShare, Op{
		Summary: "The student shares the end results of their earlier placements with the teachers and supervisors of a current placement (no change when already shared); audited. Answers with the sharing",
		Tag:     "progress", Access: "Student"}, g.signedIn, g.asStudent)
	api.Handle(http.MethodDelete, "/progress/sharing", progress.HandleUnshare, Op{
		Summary: "The student stops sharing: from now on only the student and admins see the earlier placements (no change when not shared); audited. Answers with the sharing",
		Tag:     "progress", Access: "Student"}, g.signedIn, g.asStudent)
}
