package answers

import (
	"fmt"
	"strings"
	"testing"
)

// The full read and the save's read get each set's answers and comments
// as one array per column, in no order: decodeSetsIn places them as
// setsSQL orders them (answers by question, a question's comments oldest
// first, the same moment broken by id, a question no longer in the form
// last), names the other people's comments' authors, gives a set without
// answers or comments none, and refuses columns of different lengths.
func TestSetsFromColumns(t *testing.T) {
	qs := map[int64]question{
		7: {Order: order{1, 1, 7}},
		5: {Order: order{1, 2, 5}},
		9: {Order: order{2, 1, 9}},
	}
	const set = `{"id": 1, "assignment_id": 3, "user_id": 20, "user_name": "Ola Student", "role": "student",
		"version": 4, "created_at": "2026-09-01T10:00:00Z", "updated_at": "2026-09-02T10:00:00Z", %s}`
	const twoAnswersFourComments = `"answer_cols": {"q": [9, 7, 5], "v": ["3", null, "1"]},
		"comment_cols": {"id": [40, 41, 42, 43, 44], "q": [7, 5, 7, 7, 99], "userId": [21, 20, 20, 22, 21],
			"userName": ["Hilde Veileder", null, null, "Marte Lærer", "Hilde Veileder"],
			"role": ["advisor", null, null, "teacher", "advisor"],
			"comment": ["Bra", "Min egen", "Tidlig", "Samtidig", "Gammelt spørsmål"],
			"createdAt": ["2026-09-01T10:00:00Z", "2026-09-01T10:00:00Z", "2026-09-01T10:00:00Z", "2026-09-01T10:00:00Z", "2026-09-01T10:00:00Z"],
			"commentedAt": ["2026-09-02T09:00:00Z", "2026-09-02T09:00:00Z", "2026-09-01T09:00:00Z", "2026-09-02T09:00:00Z", "2026-09-01T08:00:00Z"],
			"updatedAt": ["2026-09-02T09:00:00Z", "2026-09-02T09:00:00Z", "2026-09-01T09:00:00Z", "2026-09-02T09:00:00Z", "2026-09-01T08:00:00Z"]}`
	cases := []struct {
		name string
		cols string
		// answers are "question=value/comment" in order; comments
		// "id:author(role)".
		answers, comments string
		wantErr           string
	}{
		{name: "answers and comments in no order", cols: twoAnswersFourComments,
			answers:  "7=-/Tidlig 5=1/Min egen 9=3/-",
			comments: "42:Ola Student(student) 40:Hilde Veileder(advisor) 43:Marte Lærer(teacher) 41:Ola Student(student) 44:Hilde Veileder(advisor)"},
		{name: "none", cols: `"answer_cols": {"q": null, "v": null}, "comment_cols": {"id": null, "q": null, "userId": null,
			"userName": null, "role": null, "comment": null, "createdAt": null, "commentedAt": null, "updatedAt": null}`},
		{name: "answer columns of different lengths", cols: `"answer_cols": {"q": [7, 5], "v": ["1"]}`,
			wantErr: "answer columns of 2 and 1 values"},
		{name: "comment columns of different lengths", cols: `"comment_cols": {"id": [40], "q": [7], "userId": [21]}`,
			wantErr: "comment columns of 1 and 0 values"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sets, err := decodeSetsIn([]byte("["+fmt.Sprintf(set, c.cols)+"]"), qs)
			if failedAsWanted(t, err, c.wantErr) {
				return
			}
			var answers, comments []string
			for _, a := range sets[0].Answers {
				v, cm := "-", "-"
				if a.Value != nil {
					v = *a.Value
				}
				if a.Comment != nil {
					cm = *a.Comment
				}
				answers = append(answers, fmt.Sprintf("%d=%s/%s", a.FormQuestionID, v, cm))
			}
			for _, cm := range sets[0].Comments {
				comments = append(comments, fmt.Sprintf("%d:%s(%s)", cm.ID, cm.UserName, cm.Role))
			}
			if got := strings.Join(answers, " "); got != c.answers {
				t.Errorf("answers %q, want %q", got, c.answers)
			}
			if got := strings.Join(comments, " "); got != c.comments {
				t.Errorf("comments %q, want %q", got, c.comments)
			}
		})
	}
}

// failedAsWanted reports whether a case that wants an error saying want
// got it (and fails the test when it got another or none); a case that
// wants none (want "") fails on any error.
func failedAsWanted(t *testing.T, err error, want string) bool {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatal(err)
		}
		return false
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one saying %q", err, want)
	}
	return true
}
