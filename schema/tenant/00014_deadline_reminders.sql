-- Reminders of deadlines. A person may turn off the reminders of a kind
-- (reminder_opt_outs). Every reminder e-mailed is recorded in reminders_sent
-- in the transaction that queues it in the outbox, keyed by the person,
-- the deadline and the kind: a second sweep (another replica, a restart, a
-- retry) finds the key taken and sends nothing. When a school's reminders
-- go is a setting (settings key 'reminders').
--
-- kind: 'before' (before a deadline), 'overdue' (once a deadline passed
-- undelivered) or 'digest' (a teacher's daily list of late students).
-- deadline names what the reminder is about, due date included, so that a
-- deadline that moves reminds again: 'answers/{class}/{student}/{form}/{mid|end}/{role}@{date}',
-- 'signature/{class}/{student}/{role}@{date}', or 'digest@{date}'. step
-- tells the reminders of one kind apart ('3' and '1' days before).
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
create table reminder_opt_outs (
    user_id    bigint not null references users (id) on delete cascade,
    kind       text not null check (kind in ('before', 'overdue', 'digest')),
    created_at timestamptz not null default now(),
    primary key (user_id, kind)
);

create table reminders_sent (
    user_id  bigint not null references users (id) on delete cascade,
    deadline text not null check (char_length(deadline) <= 200),
    kind     text not null check (kind in ('before', 'overdue', 'digest')),
    step     text not null default '',
    sent_at  timestamptz not null default now(),
    primary key (user_id, deadline, kind, step)
);

create index reminders_sent_sent_at_idx on reminders_sent (sent_at);

-- +goose Down
drop table reminders_sent;
drop table reminder_opt_outs;
