-- Calendar feeds: when what a feed shows last changed, for its
-- Last-Modified header. The feed is computed whenever it is read; its
-- ETag (a hash of the text) tells a read that the text differs from the
-- one served before, and that read records the new tag and the time.
-- Removing a rule or a class changes the text as any other change does, so
-- the time moves with every change a calendar client could see.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
alter table calendar_feeds
    add column served_etag text,
    add column changed_at  timestamptz;

-- +goose Down
alter table calendar_feeds
    drop column changed_at,
    drop column served_etag;
