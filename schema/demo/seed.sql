-- Demo data for one nursing school, run once in a fresh tenant schema
-- (inside the tenant scope, after the tenant migrations).
--
-- What it seeds, as of Saturday 21 November 2026:
--   * people: one admin (admin@demo.test); three practice teachers, one of
--     them also admin; eleven students (one deactivated) who sign in with
--     Feide; a skills-lab teacher in further education who is both teacher
--     and student (with no class yet); three practice supervisors from the
--     hospital who sign in with Vipps or a one-time code;
--   * semesters 'Høst 2025' and 'Vår 2026' (previous) and 'Høst 2026'
--     (current), four placement subjects and five classes;
--   * the main assessment form (six graded competence areas on the
--     independence scale, plus a free-text summary) and a specific-competence
--     form for medical wards;
--   * in SYKP2100 this autumn: mid-placement assessments from students,
--     supervisor and teacher, a draft end assessment, comments, the class's
--     expectations, a submitted but not yet confirmed warning for Jonas Berg,
--     one student (Mathias Hansen) still without a supervisor and with an
--     open invitation, and signing forms confirmed at mid-placement;
--   * in SYKP1200 last spring: Ola Nordmann's signed, locked and archived
--     result;
--   * Ida Karlsen's record across placements: SYKP1200 in autumn 2025 and
--     SYKP3100 last spring, each assessed by all three at mid- and
--     end-placement, signed, passed and archived, before SYKP2200 now (her
--     progress page has three placements to show; she has not shared them);
--   * a few neutral text overrides (the school's name, organisation number
--     and theme come from the registry).
--
-- Ids are generated, so every reference goes through a natural key
-- (e-mail, subject code, semester name, form name).

-- People ---------------------------------------------------------------------

insert into users (display_name, email, phone_number, feide_id, vipps_sub, language,
                   is_active, privacy_policy_accepted_at, deactivated_at)
values
    ('Ingrid Haugen',      'admin@demo.test',                 null,          null,                             null,                      'nb', true,  '2026-01-05 09:12+01', null),
    ('Marte Solberg',      'marte.solberg@demo.test',         null,          'marte.solberg@demo.test',        null,                      'nb', true,  '2026-01-06 08:40+01', null),
    ('Per Kristian Dahl',  'per.kristian.dahl@demo.test',     null,          'per.kristian.dahl@demo.test',    null,                      'nb', true,  '2026-01-06 10:02+01', null),
    ('Siri Lunde',         'siri.lunde@demo.test',            null,          'siri.lunde@demo.test',           null,                      'nb', true,  '2026-08-11 13:25+02', null),
    ('Kari Vik',           'kari.vik@demo.test',              null,          'kari.vik@demo.test',             null,                      'nb', true,  '2026-08-12 09:05+02', null),
    ('Ola Nordmann',       'ola.nordmann@stud.demo.test',     null,          'ola.nordmann@demo.test',         null,                      'nb', true,  '2026-01-12 11:03+01', null),
    ('Emma Johansen',      'emma.johansen@stud.demo.test',    null,          'emma.johansen@demo.test',        null,                      'nb', true,  '2026-01-12 11:20+01', null),
    ('Jonas Berg',         'jonas.berg@stud.demo.test',       null,          'jonas.berg@demo.test',           null,                      'nb', true,  '2026-01-13 08:55+01', null),
    ('Sara Ali',           'sara.ali@stud.demo.test',         null,          'sara.ali@demo.test',             null,                      'nb', true,  '2026-08-17 09:41+02', null),
    ('Mathias Hansen',     'mathias.hansen@stud.demo.test',   null,          'mathias.hansen@demo.test',       null,                      'nb', true,  null,                  null),
    ('Nora Pedersen',      'nora.pedersen@stud.demo.test',    null,          'nora.pedersen@demo.test',        null,                      'nb', true,  '2026-08-18 10:15+02', null),
    ('Ida Karlsen',        'ida.karlsen@stud.demo.test',      null,          'ida.karlsen@demo.test',          null,                      'nb', true,  '2026-08-18 10:32+02', null),
    ('Ahmed Hussain',      'ahmed.hussain@stud.demo.test',    null,          'ahmed.hussain@demo.test',        null,                      'nb', true,  '2026-08-18 12:07+02', null),
    ('Thea Nilsen',        'thea.nilsen@stud.demo.test',      null,          'thea.nilsen@demo.test',          null,                      'en', true,  '2026-08-19 14:48+02', null),
    ('Sofie Kristiansen',  'sofie.kristiansen@stud.demo.test', null,         'sofie.kristiansen@demo.test',    null,                      'nn', true,  '2026-08-19 15:02+02', null),
    ('Henrik Lie',         'henrik.lie@stud.demo.test',       null,          'henrik.lie@demo.test',           null,                      'nb', false, '2026-01-14 09:30+01', '2026-05-15 12:00+02'),
    ('Hilde Bakken',       'hilde.bakken@sykehus.test',       '+4791234567', null,                             'vipps-demo-hilde-bakken', 'nb', true,  '2026-08-20 12:31+02', null),
    ('Anders Moen',        'anders.moen@sykehus.test',        '+4793456789', null,                             'vipps-demo-anders-moen',  'nb', true,  '2026-08-24 07:58+02', null),
    ('Camilla Strand',     'camilla.strand@sykehus.test',     '+4748612345', null,                             null,                      'nb', true,  '2026-01-19 14:10+01', null)
on conflict ((lower(email))) do nothing;

insert into user_roles (user_id, role_id)
select u.id, r.id
from (values
    ('admin@demo.test',                  'Admin'),
    ('marte.solberg@demo.test',          'Teacher'),
    ('marte.solberg@demo.test',          'Admin'),
    ('per.kristian.dahl@demo.test',      'Teacher'),
    ('siri.lunde@demo.test',             'Teacher'),
    ('kari.vik@demo.test',               'Teacher'),
    ('kari.vik@demo.test',               'Student'),
    ('ola.nordmann@stud.demo.test',      'Student'),
    ('emma.johansen@stud.demo.test',     'Student'),
    ('jonas.berg@stud.demo.test',        'Student'),
    ('sara.ali@stud.demo.test',          'Student'),
    ('mathias.hansen@stud.demo.test',    'Student'),
    ('nora.pedersen@stud.demo.test',     'Student'),
    ('ida.karlsen@stud.demo.test',       'Student'),
    ('ahmed.hussain@stud.demo.test',     'Student'),
    ('thea.nilsen@stud.demo.test',       'Student'),
    ('sofie.kristiansen@stud.demo.test', 'Student'),
    ('henrik.lie@stud.demo.test',        'Student'),
    ('hilde.bakken@sykehus.test',        'Advisor'),
    ('anders.moen@sykehus.test',         'Advisor'),
    ('camilla.strand@sykehus.test',      'Advisor')
) v(email, role)
join users u on lower(u.email) = v.email
join roles r on r.name = v.role
on conflict do nothing;

-- Semesters, subjects, classes -------------------------------------------------

insert into periods (name, start_date, end_date) values
    ('Høst 2025', '2025-07-01', '2025-12-31'),
    ('Vår 2026',  '2026-01-01', '2026-06-30'),
    ('Høst 2026', '2026-07-01', '2026-12-31');

insert into subjects (subject_code, name) values
    ('SYKP1200', 'Praksis i kommunehelsetjenesten'),
    ('SYKP2100', 'Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling'),
    ('SYKP2200', 'Praksisstudier i spesialisthelsetjenesten – kirurgisk avdeling'),
    ('SYKP3100', 'Praksisstudier i psykisk helsearbeid og rusomsorg');

insert into classes (period_id, subject_id, mid_semester_date, end_semester_date)
select p.id, s.id, v.mid::date, v.ends::date
from (values
    ('Høst 2025', 'SYKP1200', '2025-10-03', '2025-11-21'),
    ('Vår 2026',  'SYKP1200', '2026-03-13', '2026-04-24'),
    ('Vår 2026',  'SYKP3100', '2026-03-20', '2026-05-08'),
    ('Høst 2026', 'SYKP2100', '2026-10-09', '2026-11-27'),
    ('Høst 2026', 'SYKP2200', '2026-10-23', '2026-12-11')
) v(period, code, mid, ends)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code;

insert into class_teachers (class_id, user_id)
select c.id, u.id
from (values
    ('Høst 2025', 'SYKP1200', 'per.kristian.dahl@demo.test'),
    ('Vår 2026',  'SYKP1200', 'per.kristian.dahl@demo.test'),
    ('Vår 2026',  'SYKP3100', 'per.kristian.dahl@demo.test'),
    ('Høst 2026', 'SYKP2100', 'marte.solberg@demo.test'),
    ('Høst 2026', 'SYKP2100', 'per.kristian.dahl@demo.test'),
    ('Høst 2026', 'SYKP2200', 'siri.lunde@demo.test')
) v(period, code, email)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join users u on lower(u.email) = v.email;

insert into class_students (class_id, user_id)
select c.id, u.id
from (values
    ('Høst 2025', 'SYKP1200', 'ida.karlsen@stud.demo.test'),
    ('Vår 2026',  'SYKP1200', 'ola.nordmann@stud.demo.test'),
    ('Vår 2026',  'SYKP1200', 'emma.johansen@stud.demo.test'),
    ('Vår 2026',  'SYKP1200', 'jonas.berg@stud.demo.test'),
    ('Vår 2026',  'SYKP1200', 'henrik.lie@stud.demo.test'),
    ('Vår 2026',  'SYKP3100', 'ida.karlsen@stud.demo.test'),
    ('Høst 2026', 'SYKP2100', 'ola.nordmann@stud.demo.test'),
    ('Høst 2026', 'SYKP2100', 'emma.johansen@stud.demo.test'),
    ('Høst 2026', 'SYKP2100', 'jonas.berg@stud.demo.test'),
    ('Høst 2026', 'SYKP2100', 'sara.ali@stud.demo.test'),
    ('Høst 2026', 'SYKP2100', 'mathias.hansen@stud.demo.test'),
    ('Høst 2026', 'SYKP2200', 'nora.pedersen@stud.demo.test'),
    ('Høst 2026', 'SYKP2200', 'ida.karlsen@stud.demo.test'),
    ('Høst 2026', 'SYKP2200', 'ahmed.hussain@stud.demo.test'),
    ('Høst 2026', 'SYKP2200', 'thea.nilsen@stud.demo.test'),
    ('Høst 2026', 'SYKP2200', 'sofie.kristiansen@stud.demo.test')
) v(period, code, email)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join users u on lower(u.email) = v.email;

insert into class_advisors (class_id, user_id)
select c.id, u.id
from (values
    ('Høst 2025', 'SYKP1200', 'camilla.strand@sykehus.test'),
    ('Vår 2026',  'SYKP1200', 'camilla.strand@sykehus.test'),
    ('Vår 2026',  'SYKP3100', 'camilla.strand@sykehus.test'),
    ('Høst 2026', 'SYKP2100', 'hilde.bakken@sykehus.test'),
    ('Høst 2026', 'SYKP2100', 'anders.moen@sykehus.test'),
    ('Høst 2026', 'SYKP2200', 'camilla.strand@sykehus.test')
) v(period, code, email)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join users u on lower(u.email) = v.email;

-- Sara has two supervisors on the ward (Anders is primary); Mathias has none yet.
insert into student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
select c.id, st.id, ad.id, te.id, v.is_primary
from (values
    ('Høst 2025', 'SYKP1200', 'ida.karlsen@stud.demo.test',       'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Vår 2026',  'SYKP3100', 'ida.karlsen@stud.demo.test',       'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Vår 2026',  'SYKP1200', 'ola.nordmann@stud.demo.test',      'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Vår 2026',  'SYKP1200', 'emma.johansen@stud.demo.test',     'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Vår 2026',  'SYKP1200', 'jonas.berg@stud.demo.test',        'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Vår 2026',  'SYKP1200', 'henrik.lie@stud.demo.test',        'camilla.strand@sykehus.test', 'per.kristian.dahl@demo.test', true),
    ('Høst 2026', 'SYKP2100', 'ola.nordmann@stud.demo.test',      'hilde.bakken@sykehus.test',   'marte.solberg@demo.test',     true),
    ('Høst 2026', 'SYKP2100', 'emma.johansen@stud.demo.test',     'hilde.bakken@sykehus.test',   'marte.solberg@demo.test',     true),
    ('Høst 2026', 'SYKP2100', 'jonas.berg@stud.demo.test',        'anders.moen@sykehus.test',    'per.kristian.dahl@demo.test', true),
    ('Høst 2026', 'SYKP2100', 'sara.ali@stud.demo.test',          'anders.moen@sykehus.test',    'per.kristian.dahl@demo.test', true),
    ('Høst 2026', 'SYKP2100', 'sara.ali@stud.demo.test',          'hilde.bakken@sykehus.test',   'per.kristian.dahl@demo.test', false),
    ('Høst 2026', 'SYKP2100', 'mathias.hansen@stud.demo.test',    null,                          'per.kristian.dahl@demo.test', false),
    ('Høst 2026', 'SYKP2200', 'nora.pedersen@stud.demo.test',     'camilla.strand@sykehus.test', 'siri.lunde@demo.test',        true),
    ('Høst 2026', 'SYKP2200', 'ida.karlsen@stud.demo.test',       'camilla.strand@sykehus.test', 'siri.lunde@demo.test',        true),
    ('Høst 2026', 'SYKP2200', 'ahmed.hussain@stud.demo.test',     'camilla.strand@sykehus.test', 'siri.lunde@demo.test',        true),
    ('Høst 2026', 'SYKP2200', 'thea.nilsen@stud.demo.test',       'camilla.strand@sykehus.test', 'siri.lunde@demo.test',        true),
    ('Høst 2026', 'SYKP2200', 'sofie.kristiansen@stud.demo.test', 'camilla.strand@sykehus.test', 'siri.lunde@demo.test',        true)
) v(period, code, student, advisor, teacher, is_primary)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join users st on lower(st.email) = v.student
left join users ad on lower(ad.email) = v.advisor
left join users te on lower(te.email) = v.teacher;

-- Forms ----------------------------------------------------------------------

insert into forms (name, is_main_form, category) values
    ('Vurdering av praksisstudier i sykepleie', true,  null),
    ('Spesifikk kompetanse: medisinsk avdeling', false, 'Medisinsk avdeling');

insert into question_groups (form_id, name, type, sort_order)
select f.id, v.name, v.type, v.sort_order
from (values
    ('Vurdering av praksisstudier i sykepleie',  1, 'Pasientsentrert sykepleie',                      2),
    ('Vurdering av praksisstudier i sykepleie',  2, 'Kommunikasjon og samhandling',                   2),
    ('Vurdering av praksisstudier i sykepleie',  3, 'Faglig forsvarlighet og etikk',                  2),
    ('Vurdering av praksisstudier i sykepleie',  4, 'Legemiddelhåndtering',                           2),
    ('Vurdering av praksisstudier i sykepleie',  5, 'Dokumentasjon',                                  2),
    ('Vurdering av praksisstudier i sykepleie',  6, 'Ledelse, kvalitet og pasientsikkerhet',          2),
    ('Vurdering av praksisstudier i sykepleie',  7, 'Studentens refleksjon / Oppsummering',           1),
    ('Spesifikk kompetanse: medisinsk avdeling', 1, 'Observasjon og vurdering av medisinske pasienter', 2),
    ('Spesifikk kompetanse: medisinsk avdeling', 2, 'Prosedyrer og medisinsk-teknisk utstyr',         2)
) v(form, sort_order, name, type)
join forms f on f.name = v.form;

-- The independence scale, most independent first.
insert into question_group_options (group_id, label, value, sort_order)
select g.id, o.label, o.value, o.value + 1
from question_groups g
cross join (values
    ('Selvstendig',        0),
    ('Delvis selvstendig', 1),
    ('Veiledet',           2),
    ('Assistert',          3),
    ('Uselvstendig',       4)
) o(label, value)
where g.type = 2;

insert into questions (group_id, text, help_text, sort_order)
select g.id, v.text, v.help_text, v.sort_order
from (values
    ('Vurdering av praksisstudier i sykepleie', 1, 1,
     'Kartlegger pasientens behov for sykepleie systematisk og bruker relevante kartleggingsverktøy.',
     'Vurder om studenten henter opplysninger fra pasient, pårørende og journal, og bruker verktøy som NEWS2, ernæringsscreening og risikovurdering for trykksår der det er aktuelt.'),
    ('Vurdering av praksisstudier i sykepleie', 1, 2,
     'Planlegger, gjennomfører og evaluerer sykepleietiltak ut fra pasientens behov og ressurser.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 1, 3,
     'Ivaretar pasientens grunnleggende behov for ernæring, eliminasjon, personlig hygiene, søvn og hvile.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 1, 4,
     'Involverer pasient og pårørende i beslutninger om egen pleie og behandling.',
     'For eksempel: avklarer pasientens egne mål og ønsker, og tilpasser informasjonen til pasientens helsekompetanse.'),
    ('Vurdering av praksisstudier i sykepleie', 1, 5,
     'Observerer og vurderer endringer i pasientens tilstand, og handler ved akutt forverring.',
     'Kjenner studenten igjen tegn på forverring, som endret bevissthet, respirasjonsfrekvens eller blodtrykk, og varsler sykepleier eller lege etter avdelingens rutiner?'),

    ('Vurdering av praksisstudier i sykepleie', 2, 1,
     'Kommuniserer respektfullt og tilpasset pasientens situasjon, alder, språk og kultur.',
     'Inkluderer bruk av kvalifisert tolk når pasienten ikke snakker norsk godt nok.'),
    ('Vurdering av praksisstudier i sykepleie', 2, 2,
     'Gir pasient og pårørende informasjon og veiledning, og forsikrer seg om at den er forstått.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 2, 3,
     'Samarbeider med sykepleiere, leger og annet helsepersonell, og bidrar i tverrfaglige møter.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 2, 4,
     'Gir strukturert muntlig rapport, for eksempel etter ISBAR.',
     'ISBAR: Identifikasjon, Situasjon, Bakgrunn, Aktuell vurdering, Råd.'),

    ('Vurdering av praksisstudier i sykepleie', 3, 1,
     'Kjenner egne begrensninger og ber om veiledning når situasjonen krever det.',
     'Et sentralt kriterium for faglig forsvarlighet, jf. helsepersonelloven § 4.'),
    ('Vurdering av praksisstudier i sykepleie', 3, 2,
     'Ivaretar taushetsplikt, personvern og pasientens integritet.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 3, 3,
     'Reflekterer over etiske utfordringer i praksis med utgangspunkt i yrkesetiske retningslinjer for sykepleiere.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 3, 4,
     'Begrunner sykepleiehandlinger med kunnskap fra forskning, erfaring og pasientens ønsker.',
     null),

    ('Vurdering av praksisstudier i sykepleie', 4, 1,
     'Håndterer legemidler etter gjeldende prosedyrer, med dobbeltkontroll der det kreves.',
     'Gjelder istandgjøring, utdeling og administrering. Studenten skal alltid administrere legemidler under direkte veiledning av sykepleier.'),
    ('Vurdering av praksisstudier i sykepleie', 4, 2,
     'Beregner doser og infusjonshastigheter korrekt.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 4, 3,
     'Kjenner virkning, bivirkninger og interaksjoner for pasientens legemidler, og observerer effekt.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 4, 4,
     'Dokumenterer administrerte legemidler og observert effekt i kurve og journal.',
     null),

    ('Vurdering av praksisstudier i sykepleie', 5, 1,
     'Dokumenterer sykepleie i pasientjournalen presist, objektivt og i tråd med lov og rutiner.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 5, 2,
     'Utarbeider og oppdaterer sykepleieplan med problemstillinger, mål og tiltak.',
     'Planen skal bygge på kartleggingen og evalueres fortløpende.'),
    ('Vurdering av praksisstudier i sykepleie', 5, 3,
     'Bruker fagterminologi og avdelingens dokumentasjonssystem korrekt.',
     null),

    ('Vurdering av praksisstudier i sykepleie', 6, 1,
     'Prioriterer og organiserer egen arbeidsdag, og har oversikt over flere pasienter samtidig.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 6, 2,
     'Følger basale smittevernrutiner og avdelingens smittevernprosedyrer.',
     'Håndhygiene, riktig bruk av beskyttelsesutstyr og isolering etter avdelingens retningslinjer.'),
    ('Vurdering av praksisstudier i sykepleie', 6, 3,
     'Bruker sjekklister og tiltakspakker for pasientsikkerhet, for eksempel mot fall, trykksår og sepsis.',
     null),
    ('Vurdering av praksisstudier i sykepleie', 6, 4,
     'Melder og følger opp avvik og uønskede hendelser etter avdelingens rutiner.',
     null),

    ('Vurdering av praksisstudier i sykepleie', 7, 1,
     'Hva har gått godt i denne praksisperioden?',
     null),
    ('Vurdering av praksisstudier i sykepleie', 7, 2,
     'Hvilke læringsutbytter må arbeides videre med, og hvordan?',
     'Skriv konkret hva studenten skal øve på, og hvilken støtte som trengs fra veileder.'),
    ('Vurdering av praksisstudier i sykepleie', 7, 3,
     'Andre kommentarer',
     null),

    ('Spesifikk kompetanse: medisinsk avdeling', 1, 1,
     'Måler og vurderer vitale parametre og beregner NEWS2-skår.',
     'Studenten bør kunne forklare hva skåren betyr for hvor ofte pasienten skal observeres, og når lege skal varsles.'),
    ('Spesifikk kompetanse: medisinsk avdeling', 1, 2,
     'Følger opp væskebalanse, ernæringsstatus og vekt hos pasienter med hjertesvikt eller nyresvikt.',
     null),
    ('Spesifikk kompetanse: medisinsk avdeling', 1, 3,
     'Observerer og behandler pasienter med kolsforverring, inkludert oksygenbehandling etter ordinasjon.',
     null),
    ('Spesifikk kompetanse: medisinsk avdeling', 1, 4,
     'Måler og følger opp blodsukker hos pasienter med diabetes.',
     null),
    ('Spesifikk kompetanse: medisinsk avdeling', 2, 1,
     'Legger inn og steller perifert venekateter (PVK) etter prosedyre.',
     null),
    ('Spesifikk kompetanse: medisinsk avdeling', 2, 2,
     'Tar venøse blodprøver og blodkultur etter prosedyre.',
     null),
    ('Spesifikk kompetanse: medisinsk avdeling', 2, 3,
     'Bruker infusjonspumpe og sprøytepumpe sikkert.',
     'Inkluderer programmering, kontroll av innstillinger ved vaktskifte og håndtering av alarmer.'),
    ('Spesifikk kompetanse: medisinsk avdeling', 2, 4,
     'Gjennomfører aseptiske prosedyrer, for eksempel innleggelse av urinkateter.',
     null)
) v(form, group_order, sort_order, text, help_text)
join forms f on f.name = v.form
join question_groups g on g.form_id = f.id and g.sort_order = v.group_order;

-- Class forms and assignments ---------------------------------------------------

insert into class_forms (class_id, form_id)
select c.id, f.id
from (values
    ('Høst 2025', 'SYKP1200', 'Vurdering av praksisstudier i sykepleie'),
    ('Vår 2026',  'SYKP1200', 'Vurdering av praksisstudier i sykepleie'),
    ('Vår 2026',  'SYKP3100', 'Vurdering av praksisstudier i sykepleie'),
    ('Høst 2026', 'SYKP2100', 'Vurdering av praksisstudier i sykepleie'),
    ('Høst 2026', 'SYKP2100', 'Spesifikk kompetanse: medisinsk avdeling'),
    ('Høst 2026', 'SYKP2200', 'Vurdering av praksisstudier i sykepleie')
) v(period, code, form)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join forms f on f.name = v.form;

-- The main form is assessed at mid- and end-placement, specific forms at the end.
insert into assignments (class_id, form_id, is_mid_semester)
select cf.class_id, cf.form_id, half.is_mid
from class_forms cf
join forms f on f.id = cf.form_id
cross join (values (true), (false)) half(is_mid)
where f.is_main_form or not half.is_mid;

-- Answer sets ----------------------------------------------------------------
-- Graded answers follow a profile per answer set: `base` or base + 1 on the
-- scale, `weak` areas at Assistert (3), and only the areas up to `last_group`
-- answered (a draft in progress).

with spec (period, code, is_mid, student, answerer, created, updated, delivered, version,
           base, parity, last_group, weak) as (
    values
    -- Ida Karlsen grows from Assistert and Veiledet towards Delvis selvstendig over two earlier placements.
    ('Høst 2025', 'SYKP1200', true,  'ida.karlsen@stud.demo.test',    'ida.karlsen@stud.demo.test',    '2025-09-29 19:10+02', '2025-10-01 20:02+02', '2025-10-01 20:02+02', 2, 3, 1, 7, '{}'),
    ('Høst 2025', 'SYKP1200', true,  'ida.karlsen@stud.demo.test',    'camilla.strand@sykehus.test',   '2025-09-30 12:40+02', '2025-10-02 13:11+02', '2025-10-02 13:11+02', 2, 3, 0, 7, '{}'),
    ('Høst 2025', 'SYKP1200', true,  'ida.karlsen@stud.demo.test',    'per.kristian.dahl@demo.test',   '2025-10-03 09:00+02', '2025-10-03 10:20+02', '2025-10-03 10:20+02', 2, 3, 1, 7, '{}'),
    ('Høst 2025', 'SYKP1200', false, 'ida.karlsen@stud.demo.test',    'ida.karlsen@stud.demo.test',    '2025-11-17 18:30+01', '2025-11-18 21:05+01', '2025-11-18 21:05+01', 2, 2, 0, 7, '{}'),
    ('Høst 2025', 'SYKP1200', false, 'ida.karlsen@stud.demo.test',    'camilla.strand@sykehus.test',   '2025-11-18 12:00+01', '2025-11-19 14:15+01', '2025-11-19 14:15+01', 2, 2, 1, 7, '{}'),
    ('Høst 2025', 'SYKP1200', false, 'ida.karlsen@stud.demo.test',    'per.kristian.dahl@demo.test',   '2025-11-21 09:10+01', '2025-11-21 11:00+01', '2025-11-21 11:00+01', 2, 2, 0, 7, '{}'),
    ('Vår 2026',  'SYKP3100', true,  'ida.karlsen@stud.demo.test',    'ida.karlsen@stud.demo.test',    '2026-03-16 19:45+01', '2026-03-18 20:30+01', '2026-03-18 20:30+01', 2, 2, 1, 7, '{}'),
    ('Vår 2026',  'SYKP3100', true,  'ida.karlsen@stud.demo.test',    'camilla.strand@sykehus.test',   '2026-03-17 13:20+01', '2026-03-19 12:50+01', '2026-03-19 12:50+01', 2, 2, 0, 7, '{}'),
    ('Vår 2026',  'SYKP3100', true,  'ida.karlsen@stud.demo.test',    'per.kristian.dahl@demo.test',   '2026-03-20 08:40+01', '2026-03-20 09:55+01', '2026-03-20 09:55+01', 2, 2, 1, 7, '{}'),
    ('Vår 2026',  'SYKP3100', false, 'ida.karlsen@stud.demo.test',    'ida.karlsen@stud.demo.test',    '2026-05-04 18:05+02', '2026-05-05 21:40+02', '2026-05-05 21:40+02', 2, 1, 0, 7, '{}'),
    ('Vår 2026',  'SYKP3100', false, 'ida.karlsen@stud.demo.test',    'camilla.strand@sykehus.test',   '2026-05-05 11:30+02', '2026-05-06 15:20+02', '2026-05-06 15:20+02', 2, 1, 1, 7, '{}'),
    ('Vår 2026',  'SYKP3100', false, 'ida.karlsen@stud.demo.test',    'per.kristian.dahl@demo.test',   '2026-05-08 09:05+02', '2026-05-08 10:45+02', '2026-05-08 10:45+02', 2, 1, 0, 7, '{}'),
    ('Vår 2026',  'SYKP1200', false, 'ola.nordmann@stud.demo.test',   'ola.nordmann@stud.demo.test',   '2026-04-20 19:02+02', '2026-04-22 21:40+02', '2026-04-22 21:40+02', 5, 1, 0, 7, '{}'),
    ('Vår 2026',  'SYKP1200', false, 'ola.nordmann@stud.demo.test',   'camilla.strand@sykehus.test',   '2026-04-21 13:15+02', '2026-04-23 14:05+02', '2026-04-23 14:05+02', 3, 0, 1, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'ola.nordmann@stud.demo.test',   'ola.nordmann@stud.demo.test',   '2026-10-05 19:40+02', '2026-10-07 20:14+02', '2026-10-07 20:14+02', 4, 1, 0, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'ola.nordmann@stud.demo.test',   'hilde.bakken@sykehus.test',     '2026-10-06 13:02+02', '2026-10-08 13:30+02', '2026-10-08 13:30+02', 3, 1, 1, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'ola.nordmann@stud.demo.test',   'marte.solberg@demo.test',       '2026-10-09 09:20+02', '2026-10-09 10:05+02', '2026-10-09 10:05+02', 2, 1, 0, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'emma.johansen@stud.demo.test',  'emma.johansen@stud.demo.test',  '2026-10-04 18:10+02', '2026-10-06 22:31+02', '2026-10-06 22:31+02', 6, 1, 1, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'emma.johansen@stud.demo.test',  'hilde.bakken@sykehus.test',     '2026-10-08 14:12+02', '2026-10-08 14:40+02', null,                   2, 1, 0, 3, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'jonas.berg@stud.demo.test',     'jonas.berg@stud.demo.test',     '2026-10-07 21:05+02', '2026-10-08 23:12+02', '2026-10-08 23:12+02', 3, 1, 0, 7, '{}'),
    ('Høst 2026', 'SYKP2100', true,  'jonas.berg@stud.demo.test',     'anders.moen@sykehus.test',      '2026-10-08 15:00+02', '2026-10-09 08:10+02', '2026-10-09 08:10+02', 2, 2, 0, 7, '{Legemiddelhåndtering,"Faglig forsvarlighet og etikk"}'),
    ('Høst 2026', 'SYKP2100', true,  'jonas.berg@stud.demo.test',     'per.kristian.dahl@demo.test',   '2026-10-09 11:30+02', '2026-10-09 12:45+02', '2026-10-09 12:45+02', 2, 2, 1, 7, '{Legemiddelhåndtering,"Faglig forsvarlighet og etikk"}'),
    ('Høst 2026', 'SYKP2100', true,  'sara.ali@stud.demo.test',       'sara.ali@stud.demo.test',       '2026-10-06 17:45+02', '2026-10-07 18:20+02', '2026-10-07 18:20+02', 3, 1, 1, 7, '{}'),
    ('Høst 2026', 'SYKP2100', false, 'ola.nordmann@stud.demo.test',   'ola.nordmann@stud.demo.test',   '2026-11-19 20:30+01', '2026-11-20 21:10+01', null,                   2, 0, 1, 2, '{}')
),
sets as (
    insert into answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id,
                             is_mid_semester, delivered_at, version, created_at, updated_at)
    select a.id, a.form_id, st.id, u.id, c.id, c.subject_id,
           a.is_mid_semester, spec.delivered::timestamptz, spec.version,
           spec.created::timestamptz, spec.updated::timestamptz
    from spec
    join periods p on p.name = spec.period
    join subjects s on s.subject_code = spec.code
    join classes c on c.period_id = p.id and c.subject_id = s.id
    join forms f on f.name = 'Vurdering av praksisstudier i sykepleie'
    join assignments a on a.class_id = c.id and a.form_id = f.id and a.is_mid_semester = spec.is_mid
    join users st on lower(st.email) = spec.student
    join users u on lower(u.email) = spec.answerer
    returning id, form_id, student_user_id, user_id, is_mid_semester, updated_at
)
insert into answers (answer_set_id, question_id, value, created_at, updated_at)
select sets.id, q.id,
       case
           -- Reporting of adverse events is rarely observed by mid-placement.
           when sets.is_mid_semester and g.sort_order = 6 and q.sort_order = 4
                and u.email like '%sykehus.test' then '5'
           when g.name = any (spec.weak::text[]) then '3'
           -- A fixed scatter, different per answering person, of base and base + 1.
           else (spec.base + ((g.sort_order * 7 + q.sort_order * 3 + length(spec.answerer) + spec.parity) % 5 < 2)::int)::text
       end,
       sets.updated_at, sets.updated_at
from sets
join users st on st.id = sets.student_user_id
join users u on u.id = sets.user_id
join spec on spec.student = lower(st.email) and spec.answerer = lower(u.email)
         and spec.updated::timestamptz = sets.updated_at
join question_groups g on g.form_id = sets.form_id and g.type = 2 and g.sort_order <= spec.last_group
join questions q on q.group_id = g.id;

-- Free-text summaries of delivered assessments.
insert into answers (answer_set_id, question_id, value, created_at, updated_at)
select aset.id, q.id, v.value, aset.updated_at, aset.updated_at
from (values
    ('Høst 2026', 'SYKP2100', true, 'ola.nordmann@stud.demo.test', 'ola.nordmann@stud.demo.test', 1,
     'Jeg har blitt tryggere i stell og observasjon av pasienter med hjertesvikt, og tar nå ansvar for to pasienter på dagvakt.'),
    ('Høst 2026', 'SYKP2100', true, 'ola.nordmann@stud.demo.test', 'ola.nordmann@stud.demo.test', 2,
     'Jeg vil øve mer på rapport etter ISBAR og på beregning av infusjonshastighet.'),
    ('Høst 2026', 'SYKP2100', true, 'ola.nordmann@stud.demo.test', 'hilde.bakken@sykehus.test', 1,
     'Ola møter pasientene med ro og respekt, og er god til å fange opp endringer i allmenntilstand. Han har god oversikt over sine pasienter.'),
    ('Høst 2026', 'SYKP2100', true, 'ola.nordmann@stud.demo.test', 'hilde.bakken@sykehus.test', 2,
     'Videre arbeid med legemiddelregning og selvstendig planlegging av arbeidsdagen når han har tre pasienter eller flere.'),
    ('Høst 2026', 'SYKP2100', true, 'ola.nordmann@stud.demo.test', 'marte.solberg@demo.test', 2,
     'Enig med veileder. Målet til sluttvurdering er at Ola planlegger og gjennomfører legemiddelhåndtering med dobbeltkontroll uten påminnelse.'),
    ('Høst 2026', 'SYKP2100', true, 'jonas.berg@stud.demo.test', 'per.kristian.dahl@demo.test', 1,
     'Jonas har god kontakt med pasientene og er hjelpsom i avdelingen.'),
    ('Høst 2026', 'SYKP2100', true, 'jonas.berg@stud.demo.test', 'per.kristian.dahl@demo.test', 2,
     'Legemiddelhåndtering og faglig forsvarlighet er foreløpig ikke på forventet nivå. Jonas får skriftlig varsel om fare for ikke bestått praksis.'),
    ('Høst 2026', 'SYKP2100', true, 'jonas.berg@stud.demo.test', 'anders.moen@sykehus.test', 2,
     'Jonas må be om veiledning før han utfører prosedyrer han ikke har fått opplæring i, og alltid bruke dobbeltkontroll.'),
    ('Høst 2026', 'SYKP2100', true, 'sara.ali@stud.demo.test', 'sara.ali@stud.demo.test', 1,
     'Jeg har lært mye om kommunikasjon med eldre pasienter med kognitiv svikt, og har brukt tolk for første gang.')
) v(period, code, is_mid, student, answerer, question_order, value)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join users st on lower(st.email) = v.student
join users u on lower(u.email) = v.answerer
join answer_sets aset on aset.class_id = c.id and aset.student_user_id = st.id and aset.user_id = u.id
                     and aset.is_mid_semester = v.is_mid
join forms f on f.id = aset.form_id and f.is_main_form
join question_groups g on g.form_id = f.id and g.type = 1
join questions q on q.group_id = g.id and q.sort_order = v.question_order;

-- Each set's answered questions, which the save keeps and nothing else does
-- (answers.RecountAnswered): the questions of groups that take answers with
-- a value.
update answer_sets s set answered_questions = x.ids
  from (select a.answer_set_id, array_agg(a.question_id order by a.question_id) as ids
          from answers a join questions q on q.id = a.question_id join question_groups g on g.id = q.group_id
         where g.type in (1, 2) and a.value is not null and btrim(a.value) <> ''
         group by a.answer_set_id) x
 where s.id = x.answer_set_id;

insert into comments (answer_set_id, question_id, user_id, comment, commented_at, created_at, updated_at)
select aset.id, q.id, u.id, v.comment, v.at::timestamptz, v.at::timestamptz, v.at::timestamptz
from (values
    ('ola.nordmann@stud.demo.test', 'hilde.bakken@sykehus.test', 'Beregner doser og infusjonshastigheter korrekt.',
     'Ola regner riktig på tabletter og mikstur, men trenger fortsatt støtte ved beregning av infusjonshastighet for antibiotika. Vi øver på dette de neste ukene.',
     '2026-10-08 13:26+02'),
    ('ola.nordmann@stud.demo.test', 'ola.nordmann@stud.demo.test', 'Gir strukturert muntlig rapport, for eksempel etter ISBAR.',
     'Jeg synes det er vanskelig å holde rapporten kort når pasienten har mange problemstillinger. Jeg har laget en ISBAR-lapp som jeg bruker ved vaktskifte.',
     '2026-10-07 20:05+02'),
    ('jonas.berg@stud.demo.test', 'per.kristian.dahl@demo.test', 'Håndterer legemidler etter gjeldende prosedyrer, med dobbeltkontroll der det kreves.',
     'Jonas har to ganger delt ut legemidler uten dobbeltkontroll. Dette ble tatt opp i veiledningssamtalen 8. oktober, og skriftlig varsel følger.',
     '2026-10-09 12:40+02')
) v(student, answerer, question, comment, at)
join periods p on p.name = 'Høst 2026'
join subjects s on s.subject_code = 'SYKP2100'
join classes c on c.period_id = p.id and c.subject_id = s.id
join users st on lower(st.email) = v.student
join users u on lower(u.email) = v.answerer
join answer_sets aset on aset.class_id = c.id and aset.student_user_id = st.id and aset.user_id = u.id
                     and aset.is_mid_semester
join question_groups g on g.form_id = aset.form_id
join questions q on q.group_id = g.id and q.text = v.question;

-- Expectations: Veiledet (2) at mid-placement, Delvis selvstendig (1) at the
-- end, in SYKP2100 this autumn and in Ida Karlsen's earlier placements.
insert into expectations (class_id, form_id, question_id, is_mid_semester, value)
select c.id, f.id, q.id, half.is_mid, half.value
from periods p
join classes c on c.period_id = p.id
join subjects s on s.id = c.subject_id
join forms f on f.name = 'Vurdering av praksisstudier i sykepleie'
join question_groups g on g.form_id = f.id and g.type = 2
join questions q on q.group_id = g.id
cross join (values (true, '2'), (false, '1')) half(is_mid, value)
where (p.name, s.subject_code) in (('Høst 2026', 'SYKP2100'), ('Høst 2025', 'SYKP1200'), ('Vår 2026', 'SYKP3100'));

-- Warning, supervisor invitations, signing forms ------------------------------

-- The class, student and teacher are found first (a materialized CTE): Citus
-- routes an INSERT … SELECT into a table with an identity column through
-- the coordinator, which plans a join of unrelated rows only this way.
insert into warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement,
                      pass_requirement_summary, submitted_at, created_at, updated_at)
with who as materialized (
    select c.id as class_id, st.id as student_id, te.id as teacher_id
    from periods p
    join classes c on c.period_id = p.id
    join subjects s on s.id = c.subject_id
    join users st on lower(st.email) = 'jonas.berg@stud.demo.test'
    join users te on lower(te.email) = 'per.kristian.dahl@demo.test'
    where p.name = 'Høst 2026' and s.subject_code = 'SYKP2100'
)
select who.class_id, who.student_id, who.teacher_id,
       'Etter midtvurderingen er det tvil om du vil bestå praksisstudiet. Det gjelder læringsutbyttene om legemiddelhåndtering og faglig forsvarlighet. '
       || 'Du har ved to anledninger delt ut legemidler uten den dobbeltkontrollen avdelingens prosedyre krever, og du har flere ganger utført '
       || 'oppgaver du ikke har fått opplæring i uten å be om veiledning. Vurderingskriteriene for disse læringsutbyttene er derfor foreløpig ikke oppnådd.',
       'For å bestå må du innen praksisperioden slutter 27. november 2026 vise at du: '
       || '1) håndterer legemidler etter avdelingens prosedyre, med dobbeltkontroll der det kreves; '
       || '2) beregner doser og infusjonshastigheter korrekt uten hjelp; '
       || '3) kjenner dine egne begrensninger og ber om veiledning før du utfører oppgaver du ikke har fått opplæring i. '
       || 'Forventet nivå på disse punktene ved sluttvurderingen er «Delvis selvstendig».',
       'Trygg legemiddelhåndtering med dobbeltkontroll, korrekt doseberegning, og at du ber om veiledning når du er usikker. '
       || 'Du får tilbud om en samtale med praksislærer og veileder, og kan gi skriftlige merknader til varselet.',
       '2026-10-14 14:20+02', '2026-10-13 16:05+02', '2026-10-14 14:20+02'
from who;

-- Ola's invitation was accepted; Mathias's first one expired and was replaced
-- by a new one that is still open.
insert into supervisor_invitations (class_id, student_user_id, email, expires_at, accepted_at,
                                    accepted_by_user_id, replaced_at, created_at)
select c.id, st.id, v.email, v.expires::timestamptz, v.accepted::timestamptz, acc.id,
       v.replaced::timestamptz, v.created::timestamptz
from (values
    ('ola.nordmann@stud.demo.test',   'hilde.bakken@sykehus.test', '2026-08-20 10:00+02', '2026-08-23 10:00+02', '2026-08-20 12:31+02', 'hilde.bakken@sykehus.test', null),
    ('mathias.hansen@stud.demo.test', 'tone.hagen@sykehus.test',   '2026-09-01 09:10+02', '2026-09-04 09:10+02', null,                  null,                        '2026-11-20 08:15+01'),
    ('mathias.hansen@stud.demo.test', 'tone.hagen@sykehus.test',   '2026-11-20 08:15+01', '2026-11-23 08:15+01', null,                  null,                        null)
) v(student, email, created, expires, accepted, accepted_by, replaced)
join periods p on p.name = 'Høst 2026'
join subjects s on s.subject_code = 'SYKP2100'
join classes c on c.period_id = p.id and c.subject_id = s.id
join users st on lower(st.email) = v.student
left join users acc on lower(acc.email) = v.accepted_by;

-- Last spring's result: signed by all three, locked, archived and submitted.
insert into signing_forms (
    student_reference_id, class_id, student_user_id, is_locked,
    mid_semester_completed_date, end_semester_completed_date,
    signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
    signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method,
    signed_by_advisor_date, signed_by_advisor_user_id, signed_by_advisor_sign_in_method,
    attendance_passed, work_requirements_passed, specific_competence_areas_passed,
    general_competence_areas_passed, teacher_comment, overall_passed,
    mid_semester_student_has_given_feedback, mid_semester_specific_competence_areas_begun,
    version, locked_at, assessment_result_archived_at, assessment_result_submitted_at,
    created_at, updated_at)
-- Found first, as for the warning above.
with r as materialized (
    select r.id, r.class_id, r.student_user_id, r.advisor_user_id, te.id as teacher_id
    from student_references r
    join classes c on c.id = r.class_id
    join periods p on p.id = c.period_id
    join subjects s on s.id = c.subject_id
    join users st on st.id = r.student_user_id
    join users te on lower(te.email) = 'per.kristian.dahl@demo.test'
    where p.name = 'Vår 2026' and s.subject_code = 'SYKP1200'
      and lower(st.email) = 'ola.nordmann@stud.demo.test' and r.is_primary
)
select r.id, r.class_id, r.student_user_id, true,
       '2026-03-13', '2026-04-24',
       '2026-04-24 15:10+02', r.teacher_id, 'feide',
       '2026-04-25 18:45+02', r.student_user_id, 'feide',
       '2026-04-25 09:02+02', r.advisor_user_id, 'code',
       'yes', 'yes', 'yes', 'yes',
       'Ola har hatt god progresjon gjennom praksisperioden og arbeider nå selvstendig med stell, observasjon og dokumentasjon hos hjemmeboende pasienter.',
       'passed', 'yes', 'yes',
       6, '2026-04-25 18:45+02', '2026-04-28 18:45+02', '2026-04-29 02:00+02',
       '2026-03-13 10:30+01', '2026-04-25 18:45+02'
from r;

-- Ida Karlsen's two earlier placements: signed by all three, passed, locked
-- and archived.
insert into signing_forms (
    student_reference_id, class_id, student_user_id, is_locked,
    mid_semester_completed_date, end_semester_completed_date,
    signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
    signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method,
    signed_by_advisor_date, signed_by_advisor_user_id, signed_by_advisor_sign_in_method,
    attendance_passed, work_requirements_passed, specific_competence_areas_passed,
    general_competence_areas_passed, teacher_comment, overall_passed,
    mid_semester_student_has_given_feedback, mid_semester_specific_competence_areas_begun,
    version, locked_at, assessment_result_archived_at, assessment_result_submitted_at,
    created_at, updated_at)
select r.id, r.class_id, r.student_user_id, true,
       c.mid_semester_date, c.end_semester_date,
       c.end_semester_date + time '14:00', te.id, 'feide',
       c.end_semester_date + time '18:30', r.student_user_id, 'feide',
       c.end_semester_date + time '16:10', r.advisor_user_id, 'vipps',
       'yes', 'yes', 'yes', 'yes', v.comment, 'passed', 'yes', 'yes',
       6, c.end_semester_date + time '18:30', c.end_semester_date + 3 + time '18:30', c.end_semester_date + 4 + time '02:00',
       c.mid_semester_date + time '10:30', c.end_semester_date + time '18:30'
from (values
    ('Høst 2025', 'SYKP1200', 'Ida har arbeidet jevnt og tar nå ansvar for stell og observasjon hos sine pasienter, med veiledning ved legemiddelhåndtering.'),
    ('Vår 2026',  'SYKP3100', 'Ida møter pasientene med respekt og trygghet, og planlegger og gjennomfører samtaler selvstendig.')
) v(period, code, comment)
join periods p on p.name = v.period
join subjects s on s.subject_code = v.code
join classes c on c.period_id = p.id and c.subject_id = s.id
join student_references r on r.class_id = c.id and r.is_primary
join users st on st.id = r.student_user_id and lower(st.email) = 'ida.karlsen@stud.demo.test'
join users te on lower(te.email) = 'per.kristian.dahl@demo.test';

-- This autumn: mid-placement confirmed, end section not yet completed.
insert into signing_forms (
    student_reference_id, class_id, student_user_id, mid_semester_completed_date,
    mid_semester_student_has_given_feedback, mid_semester_specific_competence_areas_begun,
    version, created_at, updated_at)
select r.id, r.class_id, r.student_user_id, '2026-10-09', v.feedback, v.begun, 2,
       '2026-10-09 13:00+02', '2026-10-09 13:40+02'
from (values
    ('ola.nordmann@stud.demo.test', 'yes', 'yes'),
    ('jonas.berg@stud.demo.test',   'yes', 'no')
) v(student, feedback, begun)
join users st on lower(st.email) = v.student
join student_references r on r.student_user_id = st.id and r.is_primary
join classes c on c.id = r.class_id
join periods p on p.id = c.period_id
join subjects s on s.id = c.subject_id
where p.name = 'Høst 2026' and s.subject_code = 'SYKP2100';

-- Audit trail for the records above -------------------------------------------

insert into audit_log (occurred_at, actor_user_id, action, entity, entity_id, student_user_id, class_id, details)
select a.delivered_at, a.user_id, 'answerSet.delivered', 'answerSet', a.id, a.student_user_id, a.class_id,
       jsonb_build_object('formId', a.form_id, 'isMidSemester', a.is_mid_semester)
from answer_sets a
where a.delivered_at is not null;

insert into audit_log (occurred_at, actor_user_id, action, entity, entity_id, student_user_id, class_id, details)
select w.submitted_at, w.teacher_user_id, 'warning.submitted', 'warning', w.id, w.student_user_id, w.class_id, '{}'
from warnings w
where w.submitted_at is not null;

-- Found first, as for the warning above (Citus pushes down no VALUES with
-- functions that are not immutable).
insert into audit_log (occurred_at, actor_user_id, action, entity, entity_id, student_user_id, class_id, details)
with e as materialized (
select e.at, e.actor, e.action, 'signingForm', sf.id, sf.student_user_id, sf.class_id, e.details
from signing_forms sf
cross join lateral (values
    (sf.signed_by_teacher_date, sf.signed_by_teacher_user_id, 'signingForm.signed',
     jsonb_build_object('as', 'Teacher', 'signInMethod', sf.signed_by_teacher_sign_in_method)),
    (sf.signed_by_advisor_date, sf.signed_by_advisor_user_id, 'signingForm.signed',
     jsonb_build_object('as', 'Advisor', 'signInMethod', sf.signed_by_advisor_sign_in_method)),
    (sf.signed_by_student_date, sf.signed_by_student_user_id, 'signingForm.signed',
     jsonb_build_object('as', 'Student', 'signInMethod', sf.signed_by_student_sign_in_method)),
    (sf.locked_at, null::bigint, 'signingForm.locked', '{}'::jsonb),
    (sf.assessment_result_archived_at, null::bigint, 'signingForm.archived', '{}'::jsonb),
    (sf.assessment_result_submitted_at, null::bigint, 'signingForm.submitted', '{}'::jsonb)
) e(at, actor, action, details)
where e.at is not null
)
select * from e;

-- Texts ------------------------------------------------------------------------
-- The school's name, organisation number and theme come from the registry, so
-- that every demo school seeded from this file still looks like itself; only
-- neutral overrides are set here, without replacing any already present.

insert into catalogue_entries (language, key, value) values
    ('nb', 'contactEmail', 'praksis@demo.test'),
    ('en', 'contactEmail', 'praksis@demo.test'),
    ('nn', 'contactEmail', 'praksis@demo.test'),
    ('nb', 'supervisorInvitation.subtitle',
     'Du er invitert som praksisveileder for en sykepleierstudent. Logg inn med Vipps eller engangskode, så finner du studenten og vurderingsskjemaene.'),
    ('en', 'supervisorInvitation.subtitle',
     'You have been invited to supervise a nursing student. Sign in with Vipps or a one-time code to find the student and the assessment forms.'),
    ('nn', 'supervisorInvitation.subtitle',
     'Du er invitert som praksisrettleiar for ein sjukepleiarstudent. Logg inn med Vipps eller eingongskode, så finn du studenten og vurderingsskjemaa.'),
    ('nb', 'signingForm.intro',
     'Sluttvurderingen signeres av praksislærer, student og praksisveileder, hver på sin enhet og i valgfri rekkefølge. Når alle tre har signert, låses skjemaet og resultatet overføres til studieadministrativt system.'),
    ('en', 'signingForm.intro',
     'The final assessment is signed by the practice teacher, the student and the supervisor, each on their own device and in any order. Once all three have signed, the form is locked and the result is transferred to the student administration system.'),
    ('nn', 'signingForm.intro',
     'Sluttvurderinga blir signert av praksislærar, student og praksisrettleiar, kvar på si eiga eining og i vilkårleg rekkjefølgje. Når alle tre har signert, blir skjemaet låst og resultatet overført til studieadministrativt system.')
on conflict (language, key) do nothing;
