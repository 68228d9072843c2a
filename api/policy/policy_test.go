package policy

import (
	"testing"
)

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
	rules := []struct {
		name    string
		rule    func(Relation) error
		allowed []string
	}{
		{"CanView", CanView, []string{"student", "teacher", "ownAdvisor", "otherAdvisor", "admin"}},
		{"CanAnswer", CanAnswer, []string{"student", "teacher", "ownAdvisor"}},
		{"CanWriteWarning", CanWriteWarning, []string{"teacher"}},
		{"CanConfirmWarning", CanConfirmWarning, []string{"student"}},
		{"CanSeeWarning", CanSeeWarning, []string{"student", "teacher", "ownAdvisor", "admin"}},
		{"CanSeeSigningForm", CanSeeSigningForm, []string{"student", "teacher", "ownAdvisor", "admin"}},
		{"CanEditSigningForm", CanEditSigningForm, []string{"teacher"}},
		{"CanSeeAuditTrail", CanSeeAuditTrail, []string{"teacher", "admin"}},
		{"CanSetPrimaryAdvisor", CanSetPrimaryAdvisor, []string{"student"}},
	}
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
	rules := []struct {
		name    string
		rule    func(ClassRelation) error
		allowed []string
	}{
		{"CanSeeClassStudents", CanSeeClassStudents, []string{"teacher", "admin"}},
		{"CanAssignStudents", CanAssignStudents, []string{"teacher"}},
		{"CanAddAdvisor", CanAddAdvisor, []string{"teacher", "admin"}},
		{"CanTakeStudent", CanTakeStudent, []string{"advisor"}},
	}
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
