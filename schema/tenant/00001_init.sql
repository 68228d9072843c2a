-- Domain tables of one school. Runs with search_path set to the tenant schema
-- and role set to the tenant role: names are never schema-qualified, and
-- nothing here may point outside the schema (it must stay distributable as a
-- Citus tenant schema).
--
-- Deletion policy, in short:
--   * memberships, sessions, invitations and form structure cascade;
--   * assessment records (answer sets, answers, comments, warnings, signing
--     forms) are restricted, so they are never lost as a side effect;
--   * audit_log has no foreign keys: it records ids as they were and must
--     neither block nor lose anything.

-- +goose Up

-- Fixed role ids are part of the API (student 2, teacher 3, advisor 4).
create table roles (
    id   smallint primary key,
    name text not null unique
);

insert into roles (id, name) values
    (1, 'Admin'),
    (2, 'Student'),
    (3, 'Teacher'),
    (4, 'Advisor');

create table users (
    id                         bigint generated always as identity primary key,
    display_name               text not null check (char_length(btrim(display_name)) between 1 and 200),
    email                      text not null check (char_length(email) <= 320 and position('@' in email) > 1),
    phone_number               text check (char_length(phone_number) <= 32),
    -- Stable subjects from the identity providers; accounts are linked on these.
    feide_id                   text unique check (char_length(feide_id) <= 320),
    vipps_sub                  text unique check (char_length(vipps_sub) <= 255),
    language                   text not null default 'nb' check (language in ('nb', 'en')),
    is_active                  boolean not null default true,
    -- Consent to the privacy policy is recorded, not just kept in the browser.
    privacy_policy_accepted_at timestamptz,
    deactivated_at             timestamptz,
    created_at                 timestamptz not null default now(),
    updated_at                 timestamptz not null default now(),
    constraint users_deactivated_consistent check (is_active = (deactivated_at is null))
);

-- E-mail is the one-time-code login key and the invitation match key.
create unique index users_email_lower_key on users (lower(email));

create table user_roles (
    user_id    bigint   not null references users (id) on delete cascade,
    role_id    smallint not null references roles (id) on delete restrict,
    created_at timestamptz not null default now(),
    primary key (user_id, role_id)
);

create index user_roles_role_id_idx on user_roles (role_id, user_id);

create table periods (
    id         bigint generated always as identity primary key,
    name       text not null unique check (char_length(btrim(name)) between 1 and 100),
    start_date date not null,
    end_date   date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint periods_dates_ordered check (end_date > start_date)
);

create table subjects (
    id           bigint generated always as identity primary key,
    subject_code text not null unique check (char_length(btrim(subject_code)) between 1 and 32),
    name         text not null check (char_length(btrim(name)) between 1 and 300),
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now()
);

create table classes (
    id                bigint generated always as identity primary key,
    period_id         bigint not null references periods (id) on delete restrict,
    subject_id        bigint not null references subjects (id) on delete restrict,
    mid_semester_date date,
    end_semester_date date,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    unique (period_id, subject_id),
    -- Lets answer_sets carry subject_id with a foreign key that keeps it in step.
    unique (id, subject_id),
    constraint classes_dates_ordered check (mid_semester_date < end_semester_date)
);

create index classes_subject_id_idx on classes (subject_id);

create table class_teachers (
    class_id   bigint not null references classes (id) on delete cascade,
    user_id    bigint not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (class_id, user_id)
);

create index class_teachers_user_id_idx on class_teachers (user_id);

create table class_students (
    class_id   bigint not null references classes (id) on delete cascade,
    user_id    bigint not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (class_id, user_id)
);

create index class_students_user_id_idx on class_students (user_id);

create table class_advisors (
    class_id   bigint not null references classes (id) on delete cascade,
    user_id    bigint not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (class_id, user_id)
);

create index class_advisors_user_id_idx on class_advisors (user_id);

-- One row per supervisor of a student in a class (advisor_user_id null: the
-- student has no supervisor yet). The composite keys make the teacher one of
-- the class's teachers and the supervisor one of the class's supervisors.
create table student_references (
    id              bigint generated always as identity primary key,
    class_id        bigint not null,
    student_user_id bigint not null,
    advisor_user_id bigint,
    teacher_user_id bigint,
    is_primary      boolean not null default false,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    foreign key (class_id, student_user_id)
        references class_students (class_id, user_id) on delete cascade,
    foreign key (class_id, advisor_user_id)
        references class_advisors (class_id, user_id) on delete cascade,
    -- A teacher leaving the class unassigns them instead of dropping the row.
    foreign key (class_id, teacher_user_id)
        references class_teachers (class_id, user_id) on delete set null (teacher_user_id),
    -- At most one supervisor-less row per student and class.
    unique nulls not distinct (class_id, student_user_id, advisor_user_id),
    unique (id, class_id, student_user_id),
    constraint student_references_primary_has_advisor check (not is_primary or advisor_user_id is not null)
);

create unique index student_references_one_primary_key
    on student_references (class_id, student_user_id) where is_primary;
create index student_references_student_idx on student_references (student_user_id);
create index student_references_advisor_idx on student_references (class_id, advisor_user_id);
create index student_references_teacher_idx on student_references (class_id, teacher_user_id);

create table forms (
    id                bigint generated always as identity primary key,
    name              text not null check (char_length(btrim(name)) between 1 and 300),
    is_main_form      boolean not null default false,
    -- Kept in the row so a form is self-contained; select it only when serving the PDF.
    guidance_pdf      bytea,
    guidance_pdf_name text check (char_length(guidance_pdf_name) <= 255),
    category          text check (char_length(category) <= 100),
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    constraint forms_guidance_pdf_named check ((guidance_pdf is null) = (guidance_pdf_name is null))
);

-- type: 0 Unused, 1 TextInput (free text), 2 Grading.
-- sort_order is renumbered from 1 by the editor; the unique keys are deferred
-- so a whole reorder can run in one transaction.
create table question_groups (
    id         bigint generated always as identity primary key,
    form_id    bigint not null references forms (id) on delete cascade,
    name       text not null default 'Ny gruppe' check (char_length(name) <= 300),
    type       smallint not null default 2 check (type in (0, 1, 2)),
    sort_order integer not null check (sort_order >= 1),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint question_groups_form_order_key
        unique (form_id, sort_order) deferrable initially deferred
);

-- The grading labels of a group; value is what an answer stores (as text).
-- "Not relevant" is not a row: it is the value equal to the number of labels.
create table question_group_options (
    id         bigint generated always as identity primary key,
    group_id   bigint not null references question_groups (id) on delete cascade,
    label      text not null check (char_length(btrim(label)) between 1 and 100),
    value      smallint not null check (value >= 0),
    sort_order integer not null check (sort_order >= 1),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (group_id, value),
    constraint question_group_options_group_order_key
        unique (group_id, sort_order) deferrable initially deferred
);

create table questions (
    id         bigint generated always as identity primary key,
    group_id   bigint not null references question_groups (id) on delete cascade,
    text       text not null default 'Nytt spørsmål' check (char_length(text) <= 2000),
    -- Null means no help text; the editor's checkbox clears it rather than blanking it.
    help_text  text check (char_length(btrim(help_text)) between 1 and 4000),
    sort_order integer not null check (sort_order >= 1),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint questions_group_order_key
        unique (group_id, sort_order) deferrable initially deferred
);

-- The forms (respons schemes) a class uses, the main form included.
create table class_forms (
    class_id   bigint not null references classes (id) on delete cascade,
    form_id    bigint not null references forms (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (class_id, form_id)
);

create index class_forms_form_id_idx on class_forms (form_id);

create table assignments (
    id              bigint generated always as identity primary key,
    class_id        bigint not null,
    form_id         bigint not null,
    is_mid_semester boolean not null,
    created_at      timestamptz not null default now(),
    -- An assignment exists only for a form the class uses.
    foreign key (class_id, form_id) references class_forms (class_id, form_id) on delete cascade,
    unique (class_id, form_id, is_mid_semester),
    unique (id, class_id, form_id, is_mid_semester)
);

create index assignments_form_id_idx on assignments (form_id);

-- One answer set per assignment, student and answering user (student,
-- teacher or supervisor). class_id, form_id, subject_id and is_mid_semester
-- are copies for reporting; the composite keys keep them equal to the source.
create table answer_sets (
    id              bigint generated always as identity primary key,
    assignment_id   bigint not null,
    form_id         bigint not null,
    student_user_id bigint not null,
    user_id         bigint not null references users (id) on delete restrict,
    class_id        bigint not null,
    subject_id      bigint not null,
    is_mid_semester boolean not null,
    delivered_at    timestamptz,
    -- Optimistic locking: writers compare and increment; a stale write is a 409.
    version         integer not null default 1 check (version >= 1),
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    foreign key (assignment_id, class_id, form_id, is_mid_semester)
        references assignments (id, class_id, form_id, is_mid_semester)
        on delete restrict on update cascade,
    foreign key (class_id, subject_id)
        references classes (id, subject_id) on delete restrict on update cascade,
    foreign key (class_id, student_user_id)
        references class_students (class_id, user_id) on delete restrict,
    unique (assignment_id, student_user_id, user_id)
);

create index answer_sets_class_student_idx on answer_sets (class_id, student_user_id, form_id);
create index answer_sets_student_idx on answer_sets (student_user_id);
create index answer_sets_user_idx on answer_sets (user_id);
create index answer_sets_form_idx on answer_sets (form_id);
create index answer_sets_assignment_idx on answer_sets (assignment_id, class_id, form_id, is_mid_semester);

-- value is the grading value as the API sends it ('0'..'4', '5' = not
-- relevant for five labels), or free text for a TextInput group.
-- Questions with answers cannot be deleted: the form must be edited around them.
create table answers (
    id            bigint generated always as identity primary key,
    answer_set_id bigint not null references answer_sets (id) on delete cascade,
    question_id   bigint not null references questions (id) on delete restrict,
    value         text check (char_length(value) <= 10000),
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now(),
    unique (answer_set_id, question_id)
);

create index answers_question_id_idx on answers (question_id);

create table comments (
    id            bigint generated always as identity primary key,
    answer_set_id bigint not null references answer_sets (id) on delete cascade,
    question_id   bigint not null references questions (id) on delete restrict,
    user_id       bigint not null references users (id) on delete restrict,
    comment       text not null check (char_length(btrim(comment)) >= 1 and char_length(comment) <= 4000),
    commented_at  timestamptz not null default now(),
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now(),
    -- One comment per author on each question of an answer set.
    unique (answer_set_id, question_id, user_id)
);

create index comments_question_id_idx on comments (question_id);
create index comments_user_id_idx on comments (user_id);

-- The level the school expects per question, class and half; value as in answers.
create table expectations (
    id              bigint generated always as identity primary key,
    class_id        bigint not null,
    form_id         bigint not null,
    question_id     bigint not null references questions (id) on delete cascade,
    is_mid_semester boolean not null,
    value           text check (char_length(value) <= 10000),
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    foreign key (class_id, form_id) references class_forms (class_id, form_id) on delete cascade,
    unique (class_id, question_id, is_mid_semester)
);

create index expectations_lookup_idx on expectations (class_id, form_id, is_mid_semester);
create index expectations_question_id_idx on expectations (question_id);

-- A warning of possible failure. Drafts may be partial; a submitted warning
-- must state all three texts, and a student confirms only a submitted one.
create table warnings (
    id                       bigint generated always as identity primary key,
    class_id                 bigint not null,
    student_user_id          bigint not null,
    teacher_user_id          bigint not null references users (id) on delete restrict,
    comment                  text not null default '' check (char_length(comment) <= 10000),
    pass_requirement         text not null default '' check (char_length(pass_requirement) <= 10000),
    pass_requirement_summary text not null default '' check (char_length(pass_requirement_summary) <= 10000),
    submitted_at             timestamptz,
    student_confirmed_at     timestamptz,
    created_at               timestamptz not null default now(),
    updated_at               timestamptz not null default now(),
    foreign key (class_id, student_user_id)
        references class_students (class_id, user_id) on delete restrict,
    unique (class_id, student_user_id),
    constraint warnings_confirmed_after_submitted check (
        student_confirmed_at is null
        or (submitted_at is not null and student_confirmed_at >= submitted_at)),
    constraint warnings_submitted_complete check (
        submitted_at is null
        or (btrim(comment) <> '' and btrim(pass_requirement) <> '' and btrim(pass_requirement_summary) <> ''))
);

create index warnings_student_idx on warnings (student_user_id);
create index warnings_teacher_idx on warnings (teacher_user_id);

-- Closes one student's placement in one class. class_id and student_user_id
-- copy the student reference so the form is found by the route's keys and
-- there is only one per student and class. Signatures are moments
-- (timestamptz) and keep who signed and how they had signed in, since a
-- signed result is a legal record; the completed dates are calendar dates.
-- Radio answers: yes/no, plus notRelevant where the form offers it.
create table signing_forms (
    id                                           bigint generated always as identity primary key,
    student_reference_id                         bigint not null unique,
    class_id                                     bigint not null,
    student_user_id                              bigint not null,
    is_locked                                    boolean not null default false,
    mid_semester_completed_date                  date,
    end_semester_completed_date                  date,
    signed_by_teacher_date                       timestamptz,
    signed_by_teacher_user_id                    bigint references users (id) on delete restrict,
    signed_by_teacher_sign_in_method             text check (signed_by_teacher_sign_in_method in ('feide', 'vipps', 'code')),
    signed_by_student_date                       timestamptz,
    signed_by_student_user_id                    bigint references users (id) on delete restrict,
    signed_by_student_sign_in_method             text check (signed_by_student_sign_in_method in ('feide', 'vipps', 'code')),
    signed_by_advisor_date                       timestamptz,
    signed_by_advisor_user_id                    bigint references users (id) on delete restrict,
    signed_by_advisor_sign_in_method             text check (signed_by_advisor_sign_in_method in ('feide', 'vipps', 'code')),
    sign_without_advisor_confirmed_date          timestamptz,
    attendance_passed                            text check (attendance_passed in ('yes', 'no')),
    work_requirements_passed                     text check (work_requirements_passed in ('yes', 'no', 'notRelevant')),
    specific_competence_areas_passed             text check (specific_competence_areas_passed in ('yes', 'no')),
    general_competence_areas_passed              text check (general_competence_areas_passed in ('yes', 'no')),
    teacher_comment                              text check (char_length(teacher_comment) <= 10000),
    overall_passed                               text check (overall_passed in ('passed', 'failed')),
    mid_semester_student_has_given_feedback      text check (mid_semester_student_has_given_feedback in ('yes', 'no', 'notRelevant')),
    mid_semester_specific_competence_areas_begun text check (mid_semester_specific_competence_areas_begun in ('yes', 'no')),
    version                                      integer not null default 1 check (version >= 1),
    locked_at                                    timestamptz,
    assessment_result_archived_at                timestamptz,
    assessment_result_submitted_at               timestamptz,
    created_at                                   timestamptz not null default now(),
    updated_at                                   timestamptz not null default now(),
    -- Restrict: removing a supervisor or a student must not erase a result.
    foreign key (student_reference_id, class_id, student_user_id)
        references student_references (id, class_id, student_user_id) on delete restrict,
    unique (class_id, student_user_id),
    constraint signing_forms_teacher_signature check (
        (signed_by_teacher_date is null) = (signed_by_teacher_user_id is null)
        and (signed_by_teacher_date is null) = (signed_by_teacher_sign_in_method is null)),
    constraint signing_forms_student_signature check (
        (signed_by_student_date is null) = (signed_by_student_user_id is null)
        and (signed_by_student_date is null) = (signed_by_student_sign_in_method is null)
        and (signed_by_student_user_id is null or signed_by_student_user_id = student_user_id)),
    constraint signing_forms_advisor_signature check (
        (signed_by_advisor_date is null) = (signed_by_advisor_user_id is null)
        and (signed_by_advisor_date is null) = (signed_by_advisor_sign_in_method is null)),
    constraint signing_forms_end_after_mid check (
        end_semester_completed_date is null
        or (mid_semester_completed_date is not null
            and end_semester_completed_date >= mid_semester_completed_date)),
    constraint signing_forms_teacher_signs_complete check (
        signed_by_teacher_date is null
        or (end_semester_completed_date is not null
            and general_competence_areas_passed is not null
            and specific_competence_areas_passed is not null)),
    constraint signing_forms_without_advisor_by_teacher check (
        sign_without_advisor_confirmed_date is null or signed_by_teacher_date is not null),
    constraint signing_forms_locked_at check (is_locked = (locked_at is not null)),
    constraint signing_forms_locked_when_signed check (
        not is_locked
        or (signed_by_teacher_date is not null
            and signed_by_student_date is not null
            and signed_by_advisor_date is not null))
);

create index signing_forms_student_idx on signing_forms (student_user_id);

-- Inviting a new supervisor replaces the open invitation (replaced_at set);
-- expiry is a moment, three days after sending.
create table supervisor_invitations (
    id                  bigint generated always as identity primary key,
    class_id            bigint not null,
    student_user_id     bigint not null,
    email               text not null check (char_length(email) <= 320 and position('@' in email) > 1),
    verification_guid   uuid not null unique default gen_random_uuid(),
    expires_at          timestamptz not null default now() + interval '3 days',
    accepted_at         timestamptz,
    accepted_by_user_id bigint references users (id) on delete cascade,
    replaced_at         timestamptz,
    created_at          timestamptz not null default now(),
    foreign key (class_id, student_user_id)
        references class_students (class_id, user_id) on delete cascade,
    constraint supervisor_invitations_acceptance check ((accepted_at is null) = (accepted_by_user_id is null)),
    constraint supervisor_invitations_expiry check (expires_at > created_at)
);

create unique index supervisor_invitations_one_open_key
    on supervisor_invitations (class_id, student_user_id) where replaced_at is null;
create index supervisor_invitations_student_idx on supervisor_invitations (student_user_id);
create index supervisor_invitations_accepted_by_idx on supervisor_invitations (accepted_by_user_id);

-- Server-side sessions behind the short-lived tokens (sid claim), so sign-out
-- and deactivation take effect at once.
create table sessions (
    id             uuid primary key default gen_random_uuid(),
    user_id        bigint not null references users (id) on delete cascade,
    created_at     timestamptz not null default now(),
    expires_at     timestamptz not null default now() + interval '12 hours',
    last_seen_at   timestamptz not null default now(),
    revoked_at     timestamptz,
    sign_in_method text not null check (sign_in_method in ('feide', 'vipps', 'code')),
    user_agent     text check (char_length(user_agent) <= 512),
    constraint sessions_expiry check (expires_at > created_at)
);

create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- No foreign key to users: a code request looks the same whether or not the
-- address has an account. The fifth wrong try must burn the code in the same
-- update, so failed_attempts can never reach 5 on a live code.
create table one_time_codes (
    id              bigint generated always as identity primary key,
    email           text not null check (char_length(email) <= 320),
    code_hash       text not null check (code_hash <> ''),
    requested_from  inet,
    created_at      timestamptz not null default now(),
    expires_at      timestamptz not null default now() + interval '10 minutes',
    failed_attempts integer not null default 0 check (failed_attempts between 0 and 5),
    used_at         timestamptz,
    burnt_at        timestamptz,
    constraint one_time_codes_expiry check (expires_at > created_at),
    constraint one_time_codes_burnt_at_limit check (failed_attempts < 5 or burnt_at is not null),
    constraint one_time_codes_used_or_burnt check (used_at is null or burnt_at is null)
);

create index one_time_codes_email_idx on one_time_codes (lower(email), created_at desc);
create index one_time_codes_requested_from_idx on one_time_codes (requested_from, created_at desc);
create index one_time_codes_expires_at_idx on one_time_codes (expires_at);

-- Append-only record of every change that matters for the outcome.
create table audit_log (
    id              bigint generated always as identity primary key,
    occurred_at     timestamptz not null default now(),
    actor_user_id   bigint,
    action          text not null check (char_length(btrim(action)) between 1 and 100),
    entity          text not null check (char_length(btrim(entity)) between 1 and 100),
    entity_id       bigint,
    student_user_id bigint,
    class_id        bigint,
    details         jsonb not null default '{}' check (jsonb_typeof(details) = 'object')
);

create index audit_log_entity_idx on audit_log (entity, entity_id, occurred_at);
create index audit_log_student_idx on audit_log (student_user_id, occurred_at);
create index audit_log_actor_idx on audit_log (actor_user_id, occurred_at);
create index audit_log_occurred_at_idx on audit_log (occurred_at);

-- +goose StatementBegin
create function audit_log_refuse_change() returns trigger
language plpgsql as $$
begin
    raise exception 'audit_log is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
end;
$$;
-- +goose StatementEnd

-- Row-level only: statement-level (TRUNCATE) triggers are not supported on
-- Citus-distributed tables.
create trigger audit_log_append_only
    before update or delete on audit_log
    for each row execute function audit_log_refuse_change();

-- The school's own texts; a missing key falls back to the base catalogue.
create table catalogue_entries (
    language   text not null check (language in ('nb', 'en')),
    key        text not null check (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,199}$'),
    value      text not null,
    updated_at timestamptz not null default now(),
    primary key (language, key)
);

create table settings (
    key        text primary key check (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,199}$'),
    value      jsonb not null,
    updated_at timestamptz not null default now()
);

-- +goose Down

drop table settings;
drop table catalogue_entries;
drop trigger audit_log_append_only on audit_log;
drop table audit_log;
drop function audit_log_refuse_change();
drop table one_time_codes;
drop table sessions;
drop table supervisor_invitations;
drop table signing_forms;
drop table warnings;
drop table expectations;
drop table comments;
drop table answers;
drop table answer_sets;
drop table assignments;
drop table class_forms;
drop table questions;
drop table question_group_options;
drop table question_groups;
drop table forms;
drop table student_references;
drop table class_advisors;
drop table class_students;
drop table class_teachers;
drop table classes;
drop table subjects;
drop table periods;
drop table user_roles;
drop table users;
drop table roles;
