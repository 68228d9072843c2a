package main

import (
	"encoding/json"
	"maps"
	"testing"
)

// A run starts from the comments the server holds: each save sends a
// question's comment as it stands, and one left out would be deleted.
func TestOwnSetKeepsTheCommentsAsTheyStand(t *testing.T) {
	cases := []struct {
		name string
		body string
		want map[int64]string
	}{
		{"no set yet", `{"endSemester":{"assignmentId":4,"student":null}}`, map[int64]string{}},
		{"answers without comments", `{"endSemester":{"assignmentId":4,"student":{"id":9,"version":3,
			"answers":[{"formQuestionId":11,"value":"2","comment":null}]}}}`, map[int64]string{}},
		{"comments, one without a value", `{"endSemester":{"assignmentId":4,"student":{"id":9,"version":3,
			"answers":[{"formQuestionId":11,"value":"2","comment":"Trygg"},{"formQuestionId":12,"value":null,"comment":"Spør mer"},
			{"formQuestionId":13,"value":"4","comment":null}]}}}`, map[int64]string{11: "Trygg", 12: "Spør mer"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sf studentForm
			if err := json.Unmarshal([]byte(c.body), &sf); err != nil {
				t.Fatal(err)
			}
			var ref setRef
			if sf.EndSemester.Student != nil {
				ref = *sf.EndSemester.Student
			}
			if got := ref.comments(); !maps.Equal(got, c.want) {
				t.Errorf("comments %v, want %v", got, c.want)
			}
		})
	}
}
