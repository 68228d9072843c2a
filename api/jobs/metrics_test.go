package jobs_test

import (
	"context"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
)

// The queue's depth and failures are read from River's table at each
// scrape, so every replica reports the whole queue; completed jobs, kept a
// day, are not counted.
func TestCollectorReportsDepthAndFailures(t *testing.T) {
	db, sqlDB, q, _ := setup(t)
	for range 3 {
		if err := db.InScopeTest("skole", func(ctx context.Context, _ *gorm.DB) error {
			return q.Enqueue(ctx, pingArgs{N: 1}, nil)
		}); err != nil {
			t.Fatal(err)
		}
	}
	// One of them failed twice and waits for its next attempt.
	if _, err := sqlDB.Exec(`UPDATE river.river_job SET state = 'retryable',
		errors = ARRAY['{"attempt":1,"error":"smtp down"}'::jsonb, '{"attempt":2,"error":"smtp down"}'::jsonb]
		WHERE id = (SELECT min(id) FROM river.river_job)`); err != nil {
		t.Fatal(err)
	}
	if _, err := sqlDB.Exec(`UPDATE river.river_job SET state = 'completed', finalized_at = now()
		WHERE id = (SELECT max(id) FROM river.river_job)`); err != nil {
		t.Fatal(err)
	}

	want := `
# HELP praksis_job_errors Failed attempts of the jobs still kept, by queue and kind.
# TYPE praksis_job_errors gauge
praksis_job_errors{kind="test.ping",queue="default"} 2
# HELP praksis_jobs Jobs in the queue by queue, kind and state.
# TYPE praksis_jobs gauge
praksis_jobs{kind="test.ping",queue="default",state="available"} 1
praksis_jobs{kind="test.ping",queue="default",state="retryable"} 1
# HELP praksis_jobs_scrape_ok 1 when the job queue could be read at this scrape, else 0.
# TYPE praksis_jobs_scrape_ok gauge
praksis_jobs_scrape_ok 1
`
	c := jobs.NewCollector(sqlDB)
	if err := testutil.CollectAndCompare(c, strings.NewReader(want)); err != nil {
		t.Fatal(err)
	}

	// A database that cannot be read leaves the rest of the scrape alone.
	_ = sqlDB.Close()
	down := `
# HELP praksis_jobs_scrape_ok 1 when the job queue could be read at this scrape, else 0.
# TYPE praksis_jobs_scrape_ok gauge
praksis_jobs_scrape_ok 0
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(down)); err != nil {
		t.Fatal(err)
	}
}
