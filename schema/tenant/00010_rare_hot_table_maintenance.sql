-- The tables every save writes are vacuumed and analysed far more rarely.
--
-- Tenant migration 8 kept a class's ten busiest minutes clear of autovacuum
-- on these tables; a busy school's hour was not. Each vacuum or analyse of
-- a table makes every connection plan again each statement that reads it,
-- and the hot statements are large: planning one took 13 to 20 ms, on every
-- connection at the same moment, and the requests waiting behind them saw
-- p99s of hundreds of milliseconds (measured with the semester-end load on
-- one school: p99 30 and 42 ms at 450 requests/s with autovacuum off for
-- these tables, 168 and 74 ms with it on).
--
-- Nearly every update of these rows stays on its page (fillfactor, the
-- updated columns are in no index) and is pruned by the next reader, so a
-- vacuum has little to reclaim; and the hot statements look rows up by key
-- with generic plans, so fresh statistics change nothing they do. Now an
-- hour of 200 people saving every 5 s stays clear of both: vacuum and
-- analyse after several hundred thousand changed rows, and, for the rows a
-- save inserts (a first answer to a question, a new comment), a vacuum
-- after 50,000 new rows rather than the default 1,000. Vacuums that keep
-- transaction ids from wrapping around still run as before.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
alter table answers set (
    autovacuum_vacuum_threshold = 400000, autovacuum_analyze_threshold = 400000,
    autovacuum_vacuum_insert_threshold = 50000);
alter table answer_sets set (
    autovacuum_vacuum_threshold = 200000, autovacuum_analyze_threshold = 200000,
    autovacuum_vacuum_insert_threshold = 50000);
alter table comments set (
    autovacuum_vacuum_threshold = 50000, autovacuum_analyze_threshold = 50000,
    autovacuum_vacuum_insert_threshold = 50000);

-- +goose Down
alter table comments set (
    autovacuum_vacuum_threshold = 5000, autovacuum_analyze_threshold = 5000);
alter table comments reset (autovacuum_vacuum_insert_threshold);
alter table answer_sets set (
    autovacuum_vacuum_threshold = 5000, autovacuum_analyze_threshold = 5000);
alter table answer_sets reset (autovacuum_vacuum_insert_threshold);
alter table answers set (
    autovacuum_vacuum_threshold = 20000, autovacuum_analyze_threshold = 20000);
alter table answers reset (autovacuum_vacuum_insert_threshold);
