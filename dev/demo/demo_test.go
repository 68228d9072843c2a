package demo_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/dev/demo"
	"github.com/praksis/praksis/tenants/testdb"
)

func count(t *testing.T, db *testdb.DB, slug, table string) int64 {
	t.Helper()
	var n int64
	err := db.Service.InScope(context.Background(), slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM " + table).Scan(&n).Error
	})
	if err != nil {
		t.Fatalf("count %s in %s: %v", table, slug, err)
	}
	return n
}

// TestEnsureCompletesAFailedSeeding replays `praksis dev` runs on one
// database: a demo school whose seeding failed after it was created is
// seeded by the next run, and a seeded school is left alone.
func TestEnsureCompletesAFailedSeeding(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	first := demo.Schools[0].Slug
	var slugs []string
	for _, p := range demo.Schools {
		slugs = append(slugs, p.Slug)
	}
	// As if an earlier run created the first school and then failed to
	// seed it: the school is there, empty, and a row of its own makes the
	// seeding fail again until it is gone.
	if _, err := db.Service.Create(ctx, demo.Schools[0]); err != nil {
		t.Fatal(err)
	}
	db.Exec(t, first, "INSERT INTO subjects (subject_code, name) VALUES ('SYKP2100', 'I veien')")

	steps := []struct {
		name    string
		before  func()
		wantErr string
		want    []string
	}{
		{name: "seeding fails", wantErr: "seed demo school " + first},
		{
			name:   "the cause is gone: the next run completes it",
			before: func() { db.Exec(t, first, "DELETE FROM subjects") },
			want:   slugs,
		},
		{name: "everything is there: nothing to do", want: nil},
	}
	for _, s := range steps {
		if s.before != nil {
			s.before()
		}
		got, err := demo.Ensure(ctx, db.Service, false)
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Fatalf("%s: error %v, want %q", s.name, err, s.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if !slices.Equal(got, s.want) {
			t.Errorf("%s: Ensure gave %v, want %v", s.name, got, s.want)
		}
	}
	for _, slug := range slugs {
		// Seeded exactly once: the seed has 4 subjects.
		if n := count(t, db, slug, "subjects"); n != 4 {
			t.Errorf("%s has %d subjects, want the 4 of the demo data", slug, n)
		}
		if n := count(t, db, slug, "users"); n == 0 {
			t.Errorf("%s has no people", slug)
		}
		// A student's progress page has three placements to show, the two
		// earlier ones with teachers' end levels and a passed result.
		ida := "(SELECT id FROM users WHERE email = 'ida.karlsen@stud.demo.test')"
		if n := count(t, db, slug, "class_students WHERE user_id = "+ida); n != 3 {
			t.Errorf("%s: Ida Karlsen has %d placements, want 3", slug, n)
		}
		if n := count(t, db, slug, "signing_forms WHERE overall_passed = 'passed' AND is_locked AND student_user_id = "+ida); n != 2 {
			t.Errorf("%s: Ida Karlsen has %d passed placements, want 2", slug, n)
		}
		if n := count(t, db, slug, `answer_sets s JOIN answers a ON a.answer_set_id = s.id
			WHERE NOT s.is_mid_semester AND s.user_id IN (SELECT user_id FROM class_teachers WHERE class_id = s.class_id) AND s.student_user_id = `+ida); n == 0 {
			t.Errorf("%s: Ida Karlsen has no end levels from a teacher", slug)
		}
	}
}
