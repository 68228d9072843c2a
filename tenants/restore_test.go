package tenants_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/schema"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// twoSchools is the template of the restore tests: schools alpha and beta
// with the demo data.
func twoSchools(t testing.TB, d *testdb.DB) {
	seed, err := fs.ReadFile(schema.Demo, "demo/seed.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"alpha", "beta"} {
		d.School(t, slug, "Skole "+slug)
		d.Exec(t, slug, string(seed))
	}
}

// save sets an answer's value as a save does, by its place among the
// school's answers (1: the one with the lowest id).
func save(t *testing.T, d *testdb.DB, slug string, nth int, value string) {
	t.Helper()
	d.Exec(t, slug, `UPDATE answers SET value = ?, updated_at = now()
		WHERE id = (SELECT id FROM answers ORDER BY id OFFSET ? LIMIT 1)`, value, nth-1)
}

// value reads an answer's value by its place among the school's answers.
func value(t *testing.T, d *testdb.DB, slug string, nth int) string {
	t.Helper()
	var v string
	if err := d.InScopeTest(slug, func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT coalesce(value, '') FROM answers ORDER BY id OFFSET ? LIMIT 1", nth-1).Scan(&v).Error
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

// count runs a counting query in the school's scope.
func count(t *testing.T, d *testdb.DB, slug, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := d.InScopeTest(slug, func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(query, args...).Scan(&n).Error
	}); err != nil {
		t.Fatalf("%s in %s: %v", query, slug, err)
	}
	return n
}

// digest is every row of the school's tables and its registry entry, for
// the check that a refusal changed nothing.
func digest(t *testing.T, d *testdb.DB, slug string) string {
	t.Helper()
	e, err := d.Service.Export(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	e.ExportedAt = time.Time{}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRestoreOneSchoolToAMoment(t *testing.T) {
	live := testdb.NewFrom(t, "two-schools", twoSchools)
	copied := testdb.NewFrom(t, "two-schools", twoSchools)
	// Both databases are the same until T: the copy stands for the cluster
	// restored to T.
	const signIn = "INSERT INTO sessions (user_id, sign_in_method) SELECT id, 'code' FROM users ORDER BY id LIMIT 1"
	for _, d := range []*testdb.DB{live, copied} {
		save(t, d, "alpha", 1, "alpha før T")
		save(t, d, "beta", 1, "beta før T")
		d.Exec(t, "alpha", signIn)
	}
	// The class deleted after T is the one of alpha's first answer; the
	// save after T is to an answer in another class.
	var class int64
	if err := live.InScopeTest("alpha", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT s.class_id FROM answers a JOIN answer_sets s ON s.id = a.answer_set_id ORDER BY a.id LIMIT 1").Scan(&class).Error
	}); err != nil || class == 0 {
		t.Fatalf("a class with answers in alpha: %d, %v", class, err)
	}
	other := count(t, live, "alpha", `SELECT count(*) FROM answers a JOIN answer_sets s ON s.id = a.answer_set_id
		WHERE a.id < (SELECT min(a.id) FROM answers a JOIN answer_sets s ON s.id = a.answer_set_id WHERE s.class_id <> ?)`, class) + 1
	classAnswers := "SELECT count(*) FROM answers a JOIN answer_sets s ON s.id = a.answer_set_id WHERE s.class_id = ?"
	answersAtT := count(t, live, "alpha", classAnswers, class)
	time.Sleep(20 * time.Millisecond)
	at := time.Now()
	time.Sleep(20 * time.Millisecond)

	// After T, only in the live database: alpha saves and its admin deletes
	// the class; beta saves; alpha's users are signed in.
	save(t, live, "alpha", int(other), "alpha etter T")
	// As the admin's deletion of a class does: what hangs on it goes first.
	live.Exec(t, "alpha", "DELETE FROM signing_forms WHERE class_id = ?", class)
	live.Exec(t, "alpha", "DELETE FROM warnings WHERE class_id = ?", class)
	live.Exec(t, "alpha", "DELETE FROM answer_sets WHERE class_id = ?", class)
	live.Exec(t, "alpha", "DELETE FROM classes WHERE id = ?", class)
	save(t, live, "beta", 2, "beta etter T")
	live.Exec(t, "alpha", signIn)
	auditBefore := count(t, live, "alpha", "SELECT count(*) FROM audit_log")
	second := value(t, copied, "alpha", int(other))

	type outcome struct {
		res *tenants.RestoreResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := live.Service.RestoreAt(context.Background(), tenants.RestoreParams{Slug: "alpha", From: copied.URL, At: at,
			By: "drift@skole.test", Retention: tenants.DefaultBackupRetention, Drain: time.Second})
		done <- outcome{res, err}
	}()
	// During the drain alpha is not served (the service answers 503 with
	// Retry-After), beta is.
	var o outcome
	unserved, finished := false, false
	for !unserved && !finished {
		select {
		case o = <-done:
			finished = true
		case <-time.After(20 * time.Millisecond):
			a, err := live.Service.Get(context.Background(), "alpha")
			if err != nil {
				t.Fatal(err)
			}
			_, why := a.Serveable(tenants.TenantTarget())
			unserved = why == "tenant.upgrading"
		}
	}
	if !unserved {
		t.Error("alpha was served during its restore")
	}
	if b, err := live.Service.Get(context.Background(), "beta"); err != nil || b.MigrationState != tenants.MigrationReady {
		t.Errorf("beta during alpha's restore: %+v, %v", b, err)
	}
	if !finished {
		o = <-done
	}
	res, err := o.res, o.err
	if err != nil {
		t.Fatalf("restore alpha: %v", err)
	}

	if n := count(t, live, "alpha", "SELECT count(*) FROM classes WHERE id = ?", class); n != 1 {
		t.Errorf("alpha has %d classes %d after the restore, want the deleted class back", n, class)
	}
	if n := count(t, live, "alpha", classAnswers, class); n != answersAtT {
		t.Errorf("the class has %d answers after the restore, want %d as at T", n, answersAtT)
	}
	if v := value(t, live, "alpha", 1); v != "alpha før T" {
		t.Errorf("alpha's save before T is %q after the restore", v)
	}
	if v := value(t, live, "alpha", int(other)); v != second {
		t.Errorf("alpha's save after T is %q after the restore, want %q as at T", v, second)
	}
	if v1, v2 := value(t, live, "beta", 1), value(t, live, "beta", 2); v1 != "beta før T" || v2 != "beta etter T" {
		t.Errorf("beta holds %q and %q after alpha's restore, want both its saves", v1, v2)
	}
	if len(res.Gone) != 1 || res.Gone[0].Value == nil || *res.Gone[0].Value != "alpha etter T" || res.Gone[0].Student == "" {
		t.Errorf("the report lists %+v as gone, want alpha's one save after T", res.Gone)
	}
	if n := count(t, live, "alpha", "SELECT count(*) FROM sessions WHERE revoked_at IS NULL"); n != 0 || res.SessionsEnded == 0 {
		t.Errorf("%d of alpha's sessions are still live (%d ended)", n, res.SessionsEnded)
	}
	if n := count(t, live, "beta", "SELECT count(*) FROM audit_log WHERE action = 'school.restored'"); n != 0 {
		t.Errorf("beta's audit trail records %d restores", n)
	}
	if n := count(t, live, "alpha", "SELECT count(*) FROM audit_log"); n != auditBefore+1 {
		t.Errorf("alpha's audit trail has %d rows, want its %d and the restore", n, auditBefore)
	}
	if n := count(t, live, "alpha", `SELECT count(*) FROM audit_log WHERE action = 'school.restored'
		AND details->>'by' = 'drift@skole.test' AND details->>'to' = ?`, at.UTC().Format(time.RFC3339Nano)); n != 1 {
		t.Errorf("alpha's audit trail has %d restores by drift@skole.test to %s, want 1", n, at)
	}
	got, err := live.Service.Get(context.Background(), "alpha")
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := got.Serveable(tenants.TenantTarget()); !ok {
		t.Errorf("alpha is not served after the restore: %s", why)
	}
}

func TestRestoreRefusesAndChangesNothing(t *testing.T) {
	live := testdb.NewFrom(t, "two-schools", twoSchools)
	copied := testdb.NewFrom(t, "two-schools", twoSchools)
	live.School(t, "gamma", "Skole gamma")
	if err := copied.Root.Exec("UPDATE control.tenants SET schema_version = schema_version - 1 WHERE slug = 'beta'").Error; err != nil {
		t.Fatal(err)
	}
	save(t, live, "alpha", 1, "alpha nå")
	now := time.Now()
	for _, tc := range []struct {
		name, slug string
		at         time.Time
		want       string
	}{
		{"a moment older than the retention", "alpha", now.Add(-29 * 24 * time.Hour), "older than the backups' retention"},
		{"a moment in the future", "alpha", now.Add(time.Hour), "in the future"},
		{"a school not in the copy", "gamma", now.Add(-time.Minute), "not in the restored copy"},
		{"a copy at another schema version", "beta", now.Add(-time.Minute), "tenant schema version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := digest(t, live, tc.slug)
			_, err := live.Service.RestoreAt(context.Background(), tenants.RestoreParams{
				Slug: tc.slug, From: copied.URL, At: tc.at, By: "drift@skole.test", Retention: tenants.DefaultBackupRetention})
			if !errors.Is(err, tenants.ErrRestoreRefused) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore %s: %v, want a refusal saying %q", tc.slug, err, tc.want)
			}
			if code := tenants.ExitCode(err); code != 5 {
				t.Errorf("exit code %d, want 5", code)
			}
			if after := digest(t, live, tc.slug); after != before {
				t.Errorf("the refused restore changed %s", tc.slug)
			}
		})
	}
}

// The command prints the saves that are gone, for the school to type in
// again, and exits with 5 on a refusal, 4 for an unknown school.
func TestRestoreCommand(t *testing.T) {
	live := testdb.NewFrom(t, "two-schools", twoSchools)
	copied := testdb.NewFrom(t, "two-schools", twoSchools)
	at := time.Now().UTC().Truncate(time.Second)
	time.Sleep(1100 * time.Millisecond)
	save(t, live, "alpha", 1, "skrevet etter T")
	for _, tc := range []struct {
		args     []string
		want     string
		wantExit int
	}{
		{[]string{"--at", "i går"}, "is not a time", 5},
		{[]string{"--at", at.Format(time.RFC3339), "--retention-days", "0"}, "whole number of days", 1},
		{[]string{"--at", at.Add(-48 * time.Hour).Format(time.RFC3339), "--retention-days", "1"}, "older than the backups' retention (1 days", 5},
		{[]string{"--at", at.Format(time.RFC3339), "--from", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"}, "cannot open the restored copy", 5},
		{[]string{"--at", at.Format(time.RFC3339)}, "1 answers saved after", 0},
	} {
		args := append([]string{"restore", "alpha", "--from", copied.URL, "--by", "drift@skole.test", "--drain", "0s"}, tc.args...)
		out, err := run(t, live, args...)
		if tc.wantExit == 0 {
			if err != nil || !strings.Contains(out, tc.want) || !strings.Contains(out, "skrevet etter T") {
				t.Errorf("%v: %v\n%s", tc.args, err, out)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || tenants.ExitCode(err) != tc.wantExit {
			t.Errorf("%v: %v (exit %d), want %q and exit %d", tc.args, err, tenants.ExitCode(err), tc.want, tc.wantExit)
		}
	}
	if _, err := run(t, live, "restore", "nope", "--from", copied.URL, "--at", at.Format(time.RFC3339), "--by", "x"); tenants.ExitCode(err) != 4 {
		t.Errorf("an unknown school: %v (exit %d), want exit 4", err, tenants.ExitCode(err))
	}
}
