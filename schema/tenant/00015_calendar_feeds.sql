-- Calendar feeds: each person's private iCalendar address. The address
-- carries a random secret; only its SHA-256 is stored, so a copy of the
-- database does not give anyone's feed away, and the address is shown to
-- its owner once, when it is made. Renewing replaces the row, so the old
-- address stops working at once. One feed per person.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
create table calendar_feeds (
    user_id    bigint primary key references users (id) on delete cascade,
    token_hash bytea not null unique check (length(token_hash) = 32),
    created_at timestamptz not null default now()
);

-- +goose Down
drop table calendar_feeds;
