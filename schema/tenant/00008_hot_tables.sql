-- The tables every save writes keep their prepared plans.
--
-- Every vacuum or analyze of a table updates its row in pg_class, and that
-- invalidates, in every connection, each prepared statement that reads the
-- table: the next run plans it again. Praksis keeps each school's statements
-- prepared apart, so one autovacuum pass over a busy school's answers costs a
-- re-plan of that school's hot statements in every connection that has served
-- it. With the defaults (a vacuum after 20 % of the rows changed, an analyze
-- after 10 %) a class saving at semester end has its answers vacuumed and
-- analysed about once a minute; at 50 busy schools the re-planning (and the
-- vacuums) took more than a quarter of the database's time.
--
-- So the tables that saves update in place leave a fifth of each page free
-- (fillfactor 80): an update then writes the new row version on the same
-- page (a HOT update, the updated columns are in no index), and the next
-- reader of the page prunes the old one without waiting for a vacuum. A
-- vacuum is left for when many thousand rows have changed, and an analyze
-- for when half the table has: an answer's value changing does not change
-- the shape of the table the planner needs to know. The audit log only grows,
-- and is vacuumed and analysed per many thousand new rows. Vacuums that keep
-- transaction ids from wrapping around are not affected by these settings.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
alter table answers set (fillfactor = 80,
    autovacuum_vacuum_threshold = 20000, autovacuum_analyze_threshold = 20000,
    autovacuum_analyze_scale_factor = 0.5);
alter table answer_sets set (fillfactor = 80,
    autovacuum_vacuum_threshold = 5000, autovacuum_analyze_threshold = 5000,
    autovacuum_analyze_scale_factor = 0.5);
alter table comments set (fillfactor = 80,
    autovacuum_vacuum_threshold = 5000, autovacuum_analyze_threshold = 5000,
    autovacuum_analyze_scale_factor = 0.5);
alter table users set (fillfactor = 90,
    autovacuum_vacuum_threshold = 2000, autovacuum_analyze_threshold = 2000,
    autovacuum_analyze_scale_factor = 0.5);
alter table audit_log set (
    autovacuum_vacuum_insert_threshold = 20000, autovacuum_analyze_threshold = 20000,
    autovacuum_analyze_scale_factor = 0.5);

-- +goose Down
alter table audit_log reset (autovacuum_vacuum_insert_threshold, autovacuum_analyze_threshold,
    autovacuum_analyze_scale_factor);
alter table users reset (fillfactor, autovacuum_vacuum_threshold, autovacuum_analyze_threshold,
    autovacuum_analyze_scale_factor);
alter table comments reset (fillfactor, autovacuum_vacuum_threshold, autovacuum_analyze_threshold,
    autovacuum_analyze_scale_factor);
alter table answer_sets reset (fillfactor, autovacuum_vacuum_threshold, autovacuum_analyze_threshold,
    autovacuum_analyze_scale_factor);
alter table answers reset (fillfactor, autovacuum_vacuum_threshold, autovacuum_analyze_threshold,
    autovacuum_analyze_scale_factor);
