package walarchive_test

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/praksis/praksis/api/walarchive"
	"github.com/praksis/praksis/tenants/testdb"
)

// The test cluster does not archive (archive_mode off) and never has: the
// collector says so, with no age, and a database it cannot read leaves the
// rest of the scrape alone. scripts/restore-test runs a cluster that does.
func TestCollectorReadsTheArchiver(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.SQL(t)
	want := `
# HELP praksis_wal_archive_failures_total Failed attempts to archive a WAL segment since the statistics were reset (pg_stat_archiver).
# TYPE praksis_wal_archive_failures_total counter
praksis_wal_archive_failures_total 0
# HELP praksis_wal_archive_scrape_ok 1 when the archiver's statistics could be read at this scrape, else 0.
# TYPE praksis_wal_archive_scrape_ok gauge
praksis_wal_archive_scrape_ok 1
# HELP praksis_wal_archived_total WAL segments archived since the statistics were reset (pg_stat_archiver).
# TYPE praksis_wal_archived_total counter
praksis_wal_archived_total 0
# HELP praksis_wal_archiving_on 1 when the database archives its WAL (archive_mode is not off), else 0.
# TYPE praksis_wal_archiving_on gauge
praksis_wal_archiving_on 0
`
	c := walarchive.NewCollector(sqlDB)
	if err := testutil.CollectAndCompare(c, strings.NewReader(want)); err != nil {
		t.Fatal(err)
	}
	_ = sqlDB.Close()
	down := `
# HELP praksis_wal_archive_scrape_ok 1 when the archiver's statistics could be read at this scrape, else 0.
# TYPE praksis_wal_archive_scrape_ok gauge
praksis_wal_archive_scrape_ok 0
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(down)); err != nil {
		t.Fatal(err)
	}
}
