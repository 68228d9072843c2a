package policy

import (
	"testing"
)

// matrixRule names a rule and the callers it lets through.
type matrixRule[R any] struct {
	name    string
	rule    func(R) error
	allowed []string
}

// checkMatrix asks every rule about every caller: exactly the allowed ones
// get through.
func checkMatrix[R any](t *testing.T, callers map[string]R, rules []matrixRule[R]) {
	t.Helper()
	for _, r := range rules {
		for who, rel := range callers {
			want := false
			for _, a := range r.allowed {
				want = want || a == who
			}
			if got := r.rule(rel) == nil; got != want {
				t.Errorf("%s for %s: allowed %v, want %v", r.name, who, got, want)
			}
		}
	}
}

// The rules as a matrix: for every kind of caller, which rules let them
// through. A caller with no relation (another student, a teacher of another
// class) is refused everything.
func TestStudentRulesMatrix(t *testing.T) {
	callers := map[string]Relation{
		"student":      {Student: true},
		"teacher":      {Teacher: true},
		"ownAdvisor":   {OwnAdvisor: true},
		"otherAdvisor": {OtherAdvisor: true},
		"admin":        {Admin: true},
		"nobody":       {},
	}
	checkMatrix(t, callers, []matrixRule[Relation]{
		{"CanView", CanView, []string{"student", "teacher", "ownAdvisor", "otherAdvisor", "admin"}},
		{"CanAnswer", CanAnswer, []string{"student", "teacher", "ownAdvisor"}},
		{"CanWriteWarning", CanWriteWarning, []string{"teacher"}},
		{"CanConfirmWarning", CanConfirmWarning, []string{"student"}},
		{"CanSeeWarning", CanSeeWarning, []string{"student", "teacher", "ownAdvisor", "admin"}},
		{"CanSeeSigningForm", CanSeeSigningForm, []string{"student", "teacher", "ownAdvisor", "admin"}},
		{"CanEditSigningForm", CanEditSigningForm, []string{"teacher"}},
		{"CanSeeAuditTrail", CanSeeAuditTrail, []string{"teacher", "admin"}},
		{"CanSetPrimaryAdvisor", CanSetPrimaryAdvisor, []string{"student"}},
	})
	for who, rel := range callers {
		_, err := SigningParty(rel)
		want := who == "student" || who == "teacher" || who == "ownAdvisor"
		if (err == nil) != want {
			t.Errorf("SigningParty for %s: allowed %v, want %v", who, err == nil, want)
		}
	}
}

func TestClassRulesMatrix(t *testing.T) {
	callers := map[string]ClassRelation{
		"teacher": {Teacher: true},
		"advisor": {Advisor: true},
		"student": {Student: true},
		"admin":   {Admin: true},
		"nobody":  {},
	}
	checkMatrix(t, callers, []matrixRule[ClassRelation]{
		{"CanSeeClassStudents", CanSeeClassStudents, []string{"teacher", "admin"}},
		{"CanAssignStudents", CanAssignStudents, []string{"teacher"}},
		{"CanAddAdvisor", CanAddAdvisor, []string{"teacher", "admin"}},
		{"CanTakeStudent", CanTakeStudent, []string{"advisor"}},
	})
}
