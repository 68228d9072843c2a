-- The archive of final results: one row per locked signing form, written by
-- the archiving job three days after the form locked. Runs as the tenant role
-- with search_path set to the tenant schema.

-- +goose Up

-- A signed result is a legal record, so its archived form never changes:
-- the row holds the final PDF and the JSON record byte for byte as they were
-- hashed, and a trigger refuses UPDATE and DELETE, as on audit_log.
--
-- sha256 is the lower-case hex SHA-256 of the PDF's bytes immediately
-- followed by the record's bytes, with nothing in between:
-- sha256(pdf || record).
create table result_archive (
    id              bigint generated always as identity primary key,
    -- Restrict: an archived form can never be deleted (a locked form cannot
    -- be cancelled anyway).
    signing_form_id bigint not null unique references signing_forms (id) on delete restrict,
    class_id        bigint not null,
    student_user_id bigint not null,
    pdf             bytea not null check (octet_length(pdf) > 0),
    -- The JSON record as UTF-8 bytes, exactly as hashed (bytea, not jsonb,
    -- which would reorder keys and lose the exact bytes).
    record          bytea not null check (octet_length(record) > 0),
    sha256          text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    archived_at     timestamptz not null,
    created_at      timestamptz not null default now()
);

create index result_archive_student_idx on result_archive (class_id, student_user_id);

-- +goose StatementBegin
create function result_archive_refuse_change() returns trigger
language plpgsql as $$
begin
    raise exception 'result_archive is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
end;
$$;
-- +goose StatementEnd

-- Row-level only, as on audit_log (Citus-distributed tables support no
-- statement-level triggers).
create trigger result_archive_append_only
    before update or delete on result_archive
    for each row execute function result_archive_refuse_change();

-- +goose Down

drop trigger result_archive_append_only on result_archive;
drop table result_archive;
drop function result_archive_refuse_change();
