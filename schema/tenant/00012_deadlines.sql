-- Deadline rules: when each party must deliver, relative to a class's own
-- dates, so that one rule serves every class of a semester whatever its
-- dates. A rule belongs to a semester (the default of its classes) or to a
-- class (overriding the semester's rule of the same item, form, half and
-- role). Due dates are never stored: they follow from the rules and the
-- class's dates, so moving a class's dates moves its deadlines.
--
-- item: 'answers' (one form's assignment, by form and half), 'signingEnd'
-- (the teacher's end section of the signing form) or 'signature' (a
-- party's signature on the signing form).
-- anchor: 'midSemester' or 'endSemester' (the class's date, offset_days
-- later; negative is before) or 'fixed' (fixed_date).
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
create table deadline_rules (
    id              bigint generated always as identity primary key,
    period_id       bigint references periods (id) on delete cascade,
    class_id        bigint references classes (id) on delete cascade,
    item            text not null check (item in ('answers', 'signingEnd', 'signature')),
    form_id         bigint references forms (id) on delete cascade,
    is_mid_semester boolean not null default false,
    role            text not null check (role in ('student', 'advisor', 'teacher')),
    anchor          text not null check (anchor in ('midSemester', 'endSemester', 'fixed')),
    offset_days     integer not null default 0 check (offset_days between -366 and 366),
    fixed_date      date,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    constraint deadline_rules_one_scope check ((period_id is null) <> (class_id is null)),
    constraint deadline_rules_form check ((item = 'answers') = (form_id is not null)),
    constraint deadline_rules_signing_at_end check (item = 'answers' or not is_mid_semester),
    constraint deadline_rules_end_section_by_teacher check (item <> 'signingEnd' or role = 'teacher'),
    constraint deadline_rules_fixed check (
        (anchor = 'fixed') = (fixed_date is not null) and (anchor <> 'fixed' or offset_days = 0)),
    unique nulls not distinct (period_id, class_id, item, form_id, is_mid_semester, role)
);

create index deadline_rules_class_idx on deadline_rules (class_id) where class_id is not null;
create index deadline_rules_form_idx on deadline_rules (form_id) where form_id is not null;

-- +goose Down
drop table deadline_rules;
