-- Delivery of archived results to the school's own archive (Noark 5
-- arkivmelding through eFormidling): one row per signing form, the state of
-- its message. Runs as the tenant role with search_path set to the tenant
-- schema. The school's eFormidling settings are the row 'eformidling' of
-- settings.

-- +goose Up

create table archive_deliveries (
    signing_form_id bigint primary key references signing_forms (id) on delete restrict,
    -- Each retry after a failure is a new round with a new message id; the
    -- conversation id and the arkivmelding's system ids never change.
    round           integer not null default 1 check (round >= 1),
    message_id      uuid not null unique,
    conversation_id uuid not null,
    -- pending: not yet accepted by the integrasjonspunkt; sent: accepted,
    -- waiting for LEVERT; delivered: LEVERT (or LEST); failed: a failure
    -- status or a refusal that retrying cannot fix (reason says which).
    status          text not null check (status in ('pending', 'sent', 'delivered', 'failed')),
    -- The last message status the integrasjonspunkt reported (OPPRETTET,
    -- SENDT, MOTTATT, LEVERT, FEIL, LEVETID_UTLOPT…).
    last_status     text,
    -- Why it failed, or the last error while it is being retried.
    reason          text,
    attempts        integer not null default 0,
    sent_at         timestamptz,
    delivered_at    timestamptz,
    failed_at       timestamptz,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now()
);

create index archive_deliveries_open_idx on archive_deliveries (status) where status <> 'delivered';

-- +goose Down

drop table archive_deliveries;
