-- Personal data through its whole life: when a person last signed in (for
-- the retention of inactive accounts), the copies of a person's data they
-- or an admin asked for, and the one way an archived result may be deleted.
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up

-- Sessions are deleted a week after they end, so the last sign-in is kept
-- on the account itself.
alter table users add column last_signed_in_at timestamptz;

-- A copy of everything held about a person, made by a job and offered for
-- download until expires_at; the retention job deletes it after that.
create table data_copies (
    id                   uuid primary key default gen_random_uuid(),
    user_id              bigint not null references users (id) on delete cascade,
    -- No foreign key: the admin who asked may be erased before the copy expires.
    requested_by_user_id bigint,
    status               text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
    json                 bytea,
    pdf                  bytea,
    created_at           timestamptz not null default now(),
    ready_at             timestamptz,
    expires_at           timestamptz not null,
    constraint data_copies_ready check (
        (status = 'ready') = (json is not null and pdf is not null and ready_at is not null))
);

create index data_copies_user_idx on data_copies (user_id, created_at desc);
create index data_copies_expires_at_idx on data_copies (expires_at);

-- An archived result never changes. It may be deleted only by the retention
-- job, when the school's policy sets a time for archived results and that
-- time has passed; the job marks its own transaction, and nothing else does.
-- +goose StatementBegin
create or replace function result_archive_refuse_change() returns trigger
language plpgsql as $$
begin
    if tg_op = 'DELETE' and current_setting('praksis.retention', true) = 'expired-results' then
        return old;
    end if;
    raise exception 'result_archive is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
end;
$$;
-- +goose StatementEnd

-- +goose Down

-- +goose StatementBegin
create or replace function result_archive_refuse_change() returns trigger
language plpgsql as $$
begin
    raise exception 'result_archive is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
end;
$$;
-- +goose StatementEnd
drop table data_copies;
alter table users drop column last_signed_in_at;
