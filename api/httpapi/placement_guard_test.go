package httpapi

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// TestPlacementRelationBeforeBody checks that the routes that take a body
// about a class or a student check the caller's relation first: an
// outsider is refused whatever they send, and only a caller with a place
// there hears about a bad body.
func TestPlacementRelationBeforeBody(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newMailFixture(t)
	p := f.newPlacement(t)
	bad := map[string]any{"unknownField": 1}
	assign := fmt.Sprintf("/api/classes/%d/students/mine", p.classID)
	add := fmt.Sprintf("/api/classes/%d/advisors", p.classID)
	primary := fmt.Sprintf("/api/classes/%d/students/%d/primary-advisor", p.classID, p.studentID)
	tests := []struct {
		path, who string
		want      int
	}{
		{assign, "otherTeacher", http.StatusForbidden},
		{assign, "student", http.StatusForbidden},
		{assign, "teacher", http.StatusBadRequest},
		{add, "otherTeacher", http.StatusForbidden},
		{add, "advisor", http.StatusForbidden},
		{add, "teacher", http.StatusBadRequest},
		{primary, "teacher", http.StatusForbidden},
		{primary, "otherStudent", http.StatusForbidden},
		{primary, "student", http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.who+" "+tt.path, func(t *testing.T) {
			if rec := f.send(t, http.MethodPost, "a.localhost", tt.path, p.tokens[tt.who], bad); rec.Code != tt.want {
				t.Errorf("%d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
		})
	}
}
