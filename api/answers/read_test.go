package answers_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/dev/demo"
	"github.com/praksis/praksis/tenants/testdb"
)

// Every comment read with its set names its author and the part the author
// plays for the student in the class: the set's author's own part, and for a
// comment by someone else, that person's part (a teacher of the class here).
func TestIntegrationCommentRoles(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "demo", "Praksis Demo")
	ctx := context.Background()
	if err := demo.Seed(ctx, db.Service, "demo"); err != nil {
		t.Fatal(err)
	}
	err := db.InScopeTest("demo", func(ctx context.Context, tx *gorm.DB) error {
		// Ola's mid-placement assessments this autumn: his own, his
		// supervisor Hilde's and his teacher Marte's; Marte also comments on
		// Hilde's set.
		var sets []int64
		if err := tx.Raw(`SELECT s.id FROM answer_sets s JOIN users st ON st.id = s.student_user_id
			JOIN classes c ON c.id = s.class_id JOIN subjects sub ON sub.id = c.subject_id
			WHERE st.email = 'ola.nordmann@stud.demo.test' AND sub.subject_code = 'SYKP2100' AND s.is_mid_semester
			ORDER BY s.id`).Scan(&sets).Error; err != nil {
			return err
		}
		if len(sets) != 3 {
			t.Fatalf("sets %v", sets)
		}
		if err := tx.Exec(`INSERT INTO comments (answer_set_id, question_id, user_id, comment)
			SELECT s.id, q.id, u.id, 'Enig med veileder.' FROM answer_sets s
			JOIN users a ON a.id = s.user_id AND a.email = 'hilde.bakken@sykehus.test'
			JOIN question_groups g ON g.form_id = s.form_id AND g.type = 2 JOIN questions q ON q.group_id = g.id
			JOIN users u ON u.email = 'marte.solberg@demo.test'
			WHERE s.id IN ? ORDER BY q.id LIMIT 1`, sets).Error; err != nil {
			return err
		}
		want := map[string]string{
			"ola.nordmann@stud.demo.test": "S",
			"hilde.bakken@sykehus.test":   "PV",
			"marte.solberg@demo.test":     "PL",
		}
		emails, names := map[int64]string{}, map[int64]string{}
		var people []struct {
			ID          int64
			Email       string
			DisplayName string
		}
		if err := tx.Raw(`SELECT id, email, display_name FROM users`).Scan(&people).Error; err != nil {
			return err
		}
		for _, p := range people {
			emails[p.ID], names[p.ID] = p.Email, p.DisplayName
		}
		seen := map[string]bool{}
		for _, id := range sets {
			set, err := answers.Get(ctx, id)
			if err != nil {
				return err
			}
			for _, c := range set.Comments {
				who := emails[c.UserID]
				if c.RoleTag != want[who] {
					t.Errorf("set %d: comment by %s tagged %q, want %q", id, who, c.RoleTag, want[who])
				}
				if c.UserName != names[c.UserID] {
					t.Errorf("set %d: comment by %s named %q, want %q", id, who, c.UserName, names[c.UserID])
				}
				seen[who] = true
			}
		}
		if !seen["marte.solberg@demo.test"] || !seen["hilde.bakken@sykehus.test"] {
			t.Errorf("comments by %v", seen)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
