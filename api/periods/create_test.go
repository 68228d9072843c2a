package periods

import (
	"context"
	"testing"
	"time"

	"github.com/praksis/praksis/api/clock"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/tenants/testdb"
)

// After 'Høst 2026' the next semester is 'Vår 2027', 1 January to 30 June
// 2027; while it lies in the future a second one is refused, as is a
// modal that showed another semester.
func TestCreateNextAfterAutumn(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "skole-a", "Skole A")
	db.Exec(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31')")
	clock.Base = func() time.Time { return time.Date(2026, time.November, 21, 10, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()

	create := func(shown *Period) (*Period, error) {
		var created *Period
		err := db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) error {
			var err error
			created, err = CreateNext(ctx, shown)
			return err
		})
		return created, err
	}

	stale := &Period{Name: "Høst 2027", StartDate: DateOf(2027, time.July, 1), EndDate: DateOf(2027, time.December, 31)}
	if _, err := create(stale); apperror.KindOf(err) != apperror.Conflict {
		t.Fatalf("a modal showing %s: %v, want a conflict", stale.Name, err)
	}
	next, err := create(nil)
	if err != nil {
		t.Fatalf("create next: %v", err)
	}
	if next.Name != "Vår 2027" || next.StartDate.Format(time.DateOnly) != "2027-01-01" || next.EndDate.Format(time.DateOnly) != "2027-06-30" || next.Status != Future {
		t.Errorf("next semester %s %s–%s (%s), want Vår 2027 2027-01-01–2027-06-30 (future)",
			next.Name, next.StartDate.Format(time.DateOnly), next.EndDate.Format(time.DateOnly), next.Status)
	}
	for _, shown := range []*Period{nil, next} {
		if _, err := create(shown); apperror.KindOf(err) != apperror.Conflict {
			t.Errorf("second attempt (shown %v): %v, want a conflict while Vår 2027 lies in the future", shown, err)
		}
	}
	var n int64
	if err := db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM periods").Scan(&n).Error
	}); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("%d semesters, want 2", n)
	}
}
