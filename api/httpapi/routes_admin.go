package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/reports"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
)

// routes is the route table. Every route is registered through Handle with

// adminRoutes are the administration of subjects, semesters, forms,
// classes, expectations and users.
func (s *Server) adminRoutes(api *Group, g guards) {
	api.Handle(http.MethodGet, "/subjects", subjects.HandleList, Op{Summary: "Every subject, by code", Tag: "subjects", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/subjects", subjects.HandleCreate, Op{Summary: "Create a subject (code and name required, code unique: 409)", Tag: "subjects", Access: "Admin",
		Responses: map[int]string{http.StatusCreated: "The new subject", http.StatusConflict: "The code is in use"}}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/subjects", subjects.HandleUpdate, Op{Summary: "Change a subject's code and name (the body carries the id; the code stays unique: 409)", Tag: "subjects", Access: "Admin",
		Responses: map[int]string{http.StatusConflict: "The code is in use"}}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/periods", periods.HandleList, Op{Summary: "Every semester, newest first, with status previous, current or future", Tag: "periods", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodGet, "/periods/next", periods.HandleNext, Op{Summary: "The semester that creating the next one would make (409 when a future one exists)", Tag: "periods", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/periods/:id", periods.HandleGet, Op{Summary: "One semester", Tag: "periods", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/periods", periods.HandleCreate(deadlines.CarryOver), Op{Summary: "Create the next semester by the naming rule; the body may repeat the name and dates shown, which must still hold", Tag: "periods", Access: "Admin",
		Body: "{name, startDate, endDate} as shown (optional)", Responses: map[int]string{http.StatusCreated: "The new semester, with the deadline rules of the current semester copied to it"}}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/periods/:id/deadline-rules", deadlines.HandleSemester, Op{Summary: "The semester's deadline rules, the default of its classes; 404 when no such semester", Tag: "deadlines", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/periods/:id/deadline-rules", deadlines.HandleSaveSemester, Op{
		Summary: "Replace the semester's deadline rules. Each names what it is the deadline of (a form's assignment by form and half, the signing form's end section, or a signature), the role that delivers, " +
			"and when: N days before (negative) or after the class's mid-semester or end date, or a fixed date. At most one rule per item, form, half and role. Answers with the saved rules",
		Tag: "deadlines", Access: "Admin"}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/periods/:id/classes", classes.HandlePeriodClasses, Op{Summary: "The classes of a semester (as GET /api/classes), by subject code; 404 when no such semester", Tag: "classes", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodGet, "/periods/:id/students-csv", reports.HandleStudentsCSV, Op{
		Summary: "The semester report, downloaded as 'Student Rapport {semester}.csv' (UTF-8 with BOM, semicolon-separated, CRLF). One row per student and class: subject code and name, student name and e-mail, teacher, supervisors (primary first), " +
			"then for each form the semester's classes use, per half (main forms: mid and end; others: end) and role (student, supervisor, teacher), answered/total questions (empty when the class does not use the form), then warning (none/given/confirmed), signing-form status and result. Header and status texts in the caller's language",
		Tag: "periods", Access: "Admin", Produces: "text/csv", In: reports.CSVParams{}}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/periods/:id/report", reports.HandleSemester, Op{
		Summary: "The live report of a semester, per class (by subject code): students; per assignment (form and half) and role (student, supervisor, teacher), how many students have an assessment delivered and how many have none, and of those how many are late (past the due day; null when no deadline rule sets one); warnings given and confirmed; signing forms by state; passed, failed and no result yet; " +
			"and per competence area (graded group of a main form) the teachers' end levels, answers per level, against the class's expectation (below, as expected or better, none set). subjectId and classId narrow it. Every number has its students at GET /api/periods/{id}/report/students. 404 when no such semester",
		Tag: "periods", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/periods/:id/report/students", reports.HandleStudents, Op{
		Summary: "The students behind one number of the live report, by class and name: metric names the number (students, delivered, missing and late with formId, half and role, warningGiven, warningConfirmed, signing with state, passed, failed, pending, and the area metrics level with level, notRelevant, belowExpected, meetsExpected and noExpectation, each with formId and groupId); " +
			"the area metrics list each student with at least one such answer. 400 naming the parameter a metric lacks; 404 when no such semester",
		Tag: "periods", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/periods/:id/report/csv", reports.HandleSemesterCSV, Op{
		Summary: "The live report as shown (same filters), downloaded as 'Rapport {semester}.csv' (UTF-8 with BOM, semicolon-separated, CRLF): one row per number, with subject code, subject, section and what is counted, in the caller's language",
		Tag:     "periods", Access: "Admin", Produces: "text/csv", In: reports.LiveCSVParams{}}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/forms", forms.HandleList, Op{Summary: "Every form, main forms first, then by name", Tag: "forms", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodGet, "/forms/:id", forms.HandleGet, Op{
		Summary: "A form with its groups and questions, in order. A grading group's options are Selvstendig 0, Delvis selvstendig 1, Veiledet 2, Assistert 3, Uselvstendig 4; the value one past the last (5) means not relevant",
		Tag:     "forms", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/forms", forms.HandleCreate, Op{Summary: "Create a form with its groups and questions, numbered in the order given", Tag: "forms", Access: "Admin",
		Responses: map[int]string{http.StatusCreated: "The new form, as GET /api/forms/{id}"}}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/forms", forms.HandleUpdate, Op{
		Summary: "Save a whole form in one go: groups and questions are renumbered from 1 in the order given, those sent with their id keep it (a question may move to another group), those without an id are created, and those left out are deleted. " +
			"A question with answers or comments cannot be deleted, nor change group type (409, nothing saved). A form's assignments follow its main-form flag",
		Tag: "forms", Access: "Admin",
		Body:      "The form as in POST plus id, with id on existing groups and questions; the read-only fields of GET may be sent back and are ignored",
		Responses: map[int]string{http.StatusConflict: "A question with answers would be deleted or change type"}}, g.signedIn, g.admin)
	api.Handle(http.MethodDelete, "/forms/:id", forms.HandleDelete, Op{Summary: "Delete a form, its place in classes and their expectations; refused (409) once anyone has answered it in any class", Tag: "forms", Access: "Admin",
		Responses: map[int]string{http.StatusNoContent: "Deleted", http.StatusConflict: "The form has answers"}}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/forms/:id/pdf", forms.HandleGetPDF, Op{Summary: "The form's guidance PDF, shown inline under its file name; 404 in the error shape when there is none", Tag: "forms", Access: "signed in",
		Produces: "application/pdf", In: forms.ByID{}}, g.signedIn)
	api.Handle(http.MethodPut, "/forms/:id/pdf", forms.HandlePutPDF, Op{Summary: "Upload or replace the form's guidance PDF; answers with the form", Tag: "forms", Access: "Admin",
		Body:     "The PDF as the raw body (Content-Type application/pdf; the file name may be given as ?filename=) or multipart/form-data with one file (field 'file'). It must start with %PDF- and be at most 10 MiB",
		Consumes: []string{"application/pdf", "multipart/form-data"}, MaxBody: forms.UploadLimit,
		In: forms.PDFUpload{}, Response: forms.Form{},
		Responses: map[int]string{http.StatusRequestEntityTooLarge: "Larger than 10 MiB"}}, g.signedIn, g.admin)
	api.Handle(http.MethodDelete, "/forms/:id/pdf", forms.HandleDeletePDF, Op{Summary: "Remove the form's guidance PDF (also when there is none)", Tag: "forms", Access: "Admin",
		Responses: map[int]string{http.StatusNoContent: "Removed"}}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/classes", classes.HandleList, Op{
		Summary: "Every class of the school (students need the list to join one), newest semester first, then by subject code",
		Tag:     "classes", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/classes", classes.HandleCreate, Op{Summary: "Add a subject to a semester (one class per subject and semester; 409 when it is there already)", Tag: "classes", Access: "Admin",
		Responses: map[int]string{http.StatusCreated: "The new class, as GET /api/classes/{id}", http.StatusConflict: "The subject already has a class in the semester"}}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/classes", classes.HandleUpdate, Op{
		Summary: "Set a class's mid- and end-semester dates: within the semester, mid before end. Admins set both; a teacher of the class only the mid-semester date (403 for a changed end date)",
		Tag:     "classes", Access: "Admin, or Teacher of the class",
		Body: "A date left out stays, null clears it. The rest of the class from GET may be sent back and is ignored"}, g.signedIn, g.teacherOrAdmin)
	api.Handle(http.MethodGet, "/classes/:id", classes.HandleGet, Op{Summary: "One class, shaped as in GET /api/classes", Tag: "classes", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodGet, "/classes/:id/users", classes.HandleUsers, Op{Summary: "The people of a class: teachers, students and supervisors, each by name", Tag: "classes", Access: "Admin, Teacher"}, g.signedIn, g.teacherOrAdmin)
	api.Handle(http.MethodPatch, "/classes/:id/forms", classes.HandleSetForms, Op{
		Summary: "Set the forms a class uses. A main form gets a mid-semester and an end-semester assignment, any other form an end-semester one. Removing a form that anyone in the class has answered is refused (409); removing one also removes its expectations in the class. Answers with the class",
		Tag:     "classes", Access: "Admin", Body: "The ids of the forms to use",
		Responses: map[int]string{http.StatusConflict: "A form to remove has answers"}}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/classes/:id/deadline-rules", deadlines.HandleClass, Op{Summary: "The class's own deadline rules, its semester's, and the due dates they give with the class's dates; 404 when no such class", Tag: "deadlines", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPut, "/classes/:id/deadline-rules", deadlines.HandleSaveClass, Op{
		Summary: "Replace the class's own deadline rules, each overriding the semester's rule of the same item, form, half and role; a rule of a form's assignment names one the class has. Answers as GET",
		Tag:     "deadlines", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/classes/:classId/advisor/:userId/students", classes.HandleAdvisorStudents, Op{Summary: "The students a supervisor of the class follows there, by name; 404 when the user is not a supervisor of the class", Tag: "classes", Access: "Admin, Teacher"}, g.signedIn, g.teacherOrAdmin)
	api.Handle(http.MethodPost, "/classes/:classId/advisor/:userId/students", classes.HandleAddAdvisorStudents, Op{
		Summary: "Give a supervisor of the class students of the class to follow. A student without a supervisor gets this one as primary; the student's teacher carries over; students already followed stay as they are. Answers with the supervisor's students",
		Tag:     "classes", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/classes/:classId/forms/:formId/expectations", expectations.HandleGet, Op{
		Summary: "The expectations of a class for a form and half, in question order; 404 in the error shape when none are set",
		Tag:     "expectations", Access: "signed in"}, g.signedIn)
	api.Handle(http.MethodPost, "/classes/:classId/expectations", expectations.HandleSave, Op{
		Summary: "Replace the expectations of a class for a form and half. The form must be one the class uses with an assignment for that half; questions must be graded questions of the form. Answers with the saved set",
		Tag:     "expectations", Access: "Admin"}, g.signedIn, g.admin)

	api.Handle(http.MethodGet, "/users", users.HandleList, Op{
		Summary: "A page of users by name, then id; the header X-Total-Count holds the number matching. Admins list everyone; teachers may list active students (roleid 2) and supervisors (roleid 4) for their pickers; others 403",
		Tag:     "users", Access: "Admin; Teacher with roleid 2 or 4", In: users.ListParams{}, Response: []users.ListItem{}}, g.signedIn, g.teacherOrAdmin)
	api.Handle(http.MethodPost, "/users", users.HandleCreate, Op{Summary: "Create a user (e-mail unique without regard to case: 409)", Tag: "users", Access: "Admin",
		Responses: map[int]string{http.StatusCreated: "The new user, as GET /api/users/{id}", http.StatusConflict: "The e-mail is in use"}}, g.signedIn, g.admin)
	api.Handle(http.MethodGet, "/users/:id", users.HandleGet, Op{Summary: "A user as GET /api/users/me shows the caller, studentReferences with the primary supervisor first; 404 when there is no such user", Tag: "users", Access: "Admin"}, g.signedIn, g.admin)
	api.Handle(http.MethodPatch, "/users/:id", users.HandlePatch, Op{
		Summary: "Change a user's roles, classes and whether the account is active. A student is in exactly one class: the first studentReferences entry decides it, with its teacher (one of the class's teachers) and primary supervisor (one linked to the student and supervising in the class); " +
			"when the class changes, a teacher or supervisor that does not fit the new class is cleared, otherwise such a pick is 400. Losing a role removes its class memberships. Deactivating ends the user's sessions at once. Admins cannot remove their own Admin role or deactivate themselves (409). Answers with the user",
		Tag: "users", Access: "Admin",
		Body: "Any field but roles may be left out to keep it"}, g.signedIn, g.admin)
}
