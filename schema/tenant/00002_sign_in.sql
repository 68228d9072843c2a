-- Sign-in: e-mail waiting to be sent, and what Feide told us at the last
-- sign-in. Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up

-- E-mail queued by a request, written in the request's transaction so that a
-- message exists exactly when the change that caused it committed. A job in
-- the shared queue names the school and the row; the worker reads the row in
-- the school's scope, sends it and deletes it. Personal data (addresses,
-- one-time codes) therefore stays in the school's own schema and is gone
-- seconds after sending.
create table mail_outbox (
    id         bigint generated always as identity primary key,
    to_address text not null check (char_length(to_address) <= 320 and position('@' in to_address) > 1),
    subject    text not null check (char_length(subject) between 1 and 500),
    text_body  text not null check (char_length(text_body) <= 100000),
    html_body  text not null check (char_length(html_body) <= 200000),
    created_at timestamptz not null default now()
);

create index mail_outbox_created_at_idx on mail_outbox (created_at);

-- The Feide claims and group memberships of a user as last seen at sign-in
-- (GET /api/auth/feide-info, /api/auth/feide-group-memberships and
-- /api/memberships). The access token itself is not kept.
create table feide_profiles (
    user_id      bigint primary key references users (id) on delete cascade,
    feide_id     text not null check (char_length(feide_id) <= 320),
    claims       jsonb not null default '{}' check (jsonb_typeof(claims) = 'object'),
    groups       jsonb not null default '[]' check (jsonb_typeof(groups) = 'array'),
    signed_in_at timestamptz not null default now()
);

-- +goose Down

drop table feide_profiles;
drop table mail_outbox;
