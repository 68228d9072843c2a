// The API's types under the names the web app uses. The shapes come from the
// Go types of the routes: scripts/gen-api writes the OpenAPI document and
// schema.d.ts from it. A schema is named after its Go package and type
// (periods.Period → PeriodsPeriod); a request body's struct gets an Input
// suffix (PeriodsPeriodInput), where only the fields the server requires are
// required. Declare API shapes here as aliases, never by hand: when the Go
// side changes, regenerating makes the type checker show what to adapt.
import type { components } from './schema';

type Schemas = components['schemas'];

/** The error shape of every 4xx and 5xx answer. */
export type Problem = Schemas['HttpapiProblem'];
/** One reason in an error answer, e.g. one invalid field. */
export type ProblemEntry = Schemas['HttpapiProblemEntry'];

/** A calendar date as the API sends it: YYYY-MM-DD. */
export type DateString = Schemas['PeriodsDate'];

/** Where a semester stands, decided by the server from its dates. */
export type PeriodStatus = Schemas['PeriodsStatus'];
/** A semester (`GET /api/periods`, `GET /api/periods/{id}`). */
export type Period = Schemas['PeriodsPeriod'];
/** The body of `POST /api/periods`: the proposal shown, or nothing. */
export type PeriodInput = Schemas['PeriodsPeriodInput'];

// --- Shapes reflected from the Go types of every route. ---

/** A session token (`GET /api/auth/refresh`). */
export type TokenAnswer = Schemas['AuthTokenResponse'];
/** The answer of a finished sign-in: the token, and for Feide and Vipps what the start handed out. */
export type SignedIn = Schemas['SigninSignedIn'];
/** The body of `POST /api/auth/{external|simple}/sign-in`. */
export type CodeRequestInput = Schemas['SigninCodeRequestInput'];
/** The body of `POST /api/auth/external/signed-in`. */
export type CodeSignInInput = Schemas['SigninCodeSignInInput'];
/** The body of `POST /api/auth/signed-in` (Feide). */
export type FeideSignedInInput = Schemas['SigninFeideSignedInBodyInput'];
/** The body of `POST /api/auth/vipps/signed-in`. */
export type VippsSignedInInput = Schemas['SigninVippsSignedInBodyInput'];
/** A course membership read from the user's Feide groups (`GET /api/memberships`). */
export type Membership = Schemas['SigninMembership'];

/** A subject (`GET /api/subjects`). */
export type Subject = Schemas['SubjectsSubject'];

/** A form as lists name it (`GET /api/forms`). */
export type FormSummary = Schemas['FormsSummary'];
/** A label of a grading group and the value an answer stores for it. */
export type GradingOption = Schemas['FormsOption'];
/** A question of a form; the help text guides the supervisor. */
export type FormQuestion = Schemas['FormsQuestion'];
/** A question group: one page of the form page. */
export type FormGroup = Schemas['FormsGroup'];
/** A whole form (`GET /api/forms/{id}`). */
export type Form = Schemas['FormsForm'];
/** A question in the body of `POST`/`PUT /api/forms…`. */
export type FormQuestionInput = Schemas['FormsQuestionInput'];
/** A group in the body of `POST`/`PUT /api/forms…`. */
export type FormGroupInput = Schemas['FormsGroupInput'];
/** The body of `POST /api/forms` and `PUT /api/forms/{id}`. */
export type FormInput = Schemas['FormsInput'];

/** A form's place in a class for one half of the semester. */
export type Assignment = Schemas['ClassesAssignment'];
/** A class: a subject in a semester (`GET /api/classes/{id}`). */
export type SchoolClass = Schemas['ClassesClass'];
/** The people of a class (`GET /api/classes/{id}/users`). */
export type ClassUsers = Schemas['ClassesUsers'];
/** One of a student's supervisors; the primary one comes first. */
export type Supervisor = Schemas['ClassesSupervisor'];
/** A class of the signed-in student (`GET /api/classes/me/student`). */
export type StudentClass = Schemas['ClassesStudentClass'];
/** A class on the teacher's home (`GET /api/classes/mine`). */
export type TeacherClass = Schemas['ClassesTeacherClass'];
/** The classes of one semester on the teacher's home. */
export type PeriodClasses = Schemas['ClassesPeriodClasses'];
/** A student of a class at a glance (`GET /api/classes/{id}/students`). */
export type StudentOverview = Schemas['ClassesStudentOverview'];
/** A class on the supervisor's home (`GET /api/classes/advisor`). */
export type AdvisorClass = Schemas['ClassesAdvisorClass'];
/** The answer of adding a supervisor to a class. */
export type AddedAdvisor = Schemas['ClassesAddedAdvisor'];

/** The body of `PATCH /api/classes/{id}/forms`: the ids of the forms the class uses. */
export type ClassFormIds = Schemas['ClassesFormIDs'];
/** The body of `PUT /api/classes`: a class's mid- and end-semester dates. */
export type ClassDatesInput = Schemas['ClassesDatesInput'];
/** The body of `POST /api/classes`. */
export type NewClassInput = Schemas['ClassesNewClassInput'];
/** The body of `POST /api/classes/{id}/advisors`. */
export type NewAdvisorInput = Schemas['ClassesNewAdvisorInput'];
/** The body of `PUT …/students/{studentId}/primary-advisor`. */
export type PrimaryAdvisorInput = Schemas['ClassesPrimaryAdvisorInput'];
/** A body of student ids (a supervisor's or a teacher's students). */
export type StudentIdsInput = Schemas['ClassesStudentIDsInput'];
/** The body of `POST /api/classes/{id}/expectations`. */
export type ExpectationsInput = Schemas['ExpectationsSaveBodyInput'];
/** The body of `POST /api/subjects` and `PUT /api/subjects`. */
export type SubjectInput = Schemas['SubjectsSubjectInput'];
/** The body of `PUT /api/tenant/default-language`. */
export type DefaultLanguageInput = Schemas['HttpapiDefaultLanguageBodyInput'];
/** The answer of `PUT /api/tenant/default-language`. */
export type DefaultLanguageAnswer = Schemas['HttpapiDefaultLanguageAnswer'];

/** A person as lists name them. */
export type Person = Schemas['UsersPerson'];
/** A role as the server names it. */
export type Role = Schemas['UsersRole'];
/** A user in the list (`GET /api/users`). */
export type UserListItem = Schemas['UsersListItem'];
/** A student's place in a class, with teacher and supervisor. */
export type StudentReference = Schemas['UsersStudentReference'];
/** A user with roles and class relations (`GET /api/users/me`, `GET /api/users/{id}`). */
export type Me = Schemas['UsersMe'];
/** The body of `PUT /api/users/me/language`. */
export type LanguageChoiceInput = Schemas['UsersLanguageChoiceInput'];
/** The body of `PATCH /api/users/{id}`. */
export type UserPatchInput = Schemas['UsersPatchInput'];
/** The body of `POST /api/users`. */
export type NewUserInput = Schemas['UsersNewAccountInput'];

/** An expected level for one question. */
export type ExpectationAnswer = Schemas['ExpectationsAnswer'];
/** The expectations of a class for a form and half. */
export type ExpectationSet = Schemas['ExpectationsSet'];
/** What a deadline rule is about: a form's assignment, the signing form's end section or a signature. */
export type DeadlineItem = Schemas['DeadlinesItem'];
/** Who delivers by a deadline. */
export type DeadlineRole = Schemas['DeadlinesRole'];
/** What a deadline rule counts from. */
export type DeadlineAnchor = Schemas['DeadlinesAnchor'];
/** One deadline rule of a semester or class. */
export type DeadlineRule = Schemas['DeadlinesRule'];
/** A rule as the admin sends it. */
export type DeadlineRuleInput = Schemas['DeadlinesRuleInput'];
/** The body of `PUT /api/periods/{id}/deadline-rules` and `PUT /api/classes/{id}/deadline-rules`. */
export type DeadlineRulesInput = Schemas['DeadlinesRulesBodyInput'];
/** A semester's rules (`GET /api/periods/{id}/deadline-rules`). */
export type SemesterDeadlineRules = Schemas['DeadlinesSemesterRules'];
/** A class's rules, its semester's and the due dates they give (`GET /api/classes/{id}/deadline-rules`). */
export type ClassDeadlineRules = Schemas['DeadlinesClassRules'];
/** One due date of a class. */
export type ClassDeadline = Schemas['DeadlinesDeadline'];
/** A role's due date and where it stands (in a half's progress). */
export type DeadlineStatus = Schemas['DeadlinesStatus'];

/** The part an answer-set author plays: student, advisor or teacher. */
export type AuthorRole = Schemas['AnswersRole'];
/** One answer in a set. */
export type Answer = Schemas['AnswersAnswer'];
/** The body of `POST /api/answers`. */
export type AnswersInput = Schemas['AnswersInput'];
/** A comment on a question with its author. */
export type AnswerComment = Schemas['AnswersComment'];
/** One author's answers to one assignment about one student (`GET /api/answers/{id}`). */
export type AnswerSet = Schemas['AnswersSet'];
/** What `POST /api/answers` answers with `Prefer: return=minimal`: the new version and the questions sent, as stored. */
export type SavedAnswerSet = Schemas['AnswersSavedHead'];
/** The answer sets of one assignment, by place. */
export type AnswerHalf = Schemas['AnswersHalf'];
/** Everything answered about a student for one form in a class. */
export type StudentFormFull = Schemas['AnswersFull'];
/** How far one role has come with one half of a form. */
export type RoleProgress = Schemas['AnswersRoleProgress'];
/** One graded question compared across roles. */
export type QuestionComparison = Schemas['AnswersComparison'];
/** One half of a form, answered per role; with its questions on the progress page. */
export type HalfProgress = Schemas['AnswersHalfProgress'];
/** A form of the class and how far each role has come with it. */
export type FormProgress = Schemas['AnswersFormProgress'];
/** The student's progress (`GET …/students/{studentId}/progress`). */
export type StudentProgress = Schemas['AnswersProgress'];

/** A warning of possible failure (`GET …/warning`). */
export type Warning = Schemas['WarningsWarning'];
/** The body of a warning's draft and submission. */
export type WarningDraftInput = Schemas['WarningsDraftInput'];
/** When a warning is due (`GET …/warning/deadline`). */
export type WarningDeadline = Schemas['WarningsDeadline'];

/** A supervisor invitation (`GET /api/invitations/advisor/me`). */
export type Invitation = Schemas['InvitationsInvitation'];
/** The body of `POST /api/invitations/advisor`. */
export type InvitationInput = Schemas['InvitationsSendInput'];
/** The body of `POST /api/invitations/advisor/accept`. */
export type AcceptInvitationInput = Schemas['InvitationsAcceptInput'];
/** An accepted invitation, with whom and what it is for. */
export type AcceptedInvitation = Schemas['InvitationsAccepted'];

/** One line of a student's audit trail. */
export type AuditEntry = Schemas['TrailEntry'];

/** A student's signing form (`GET …/signingform`). */
export type SigningForm = Schemas['SigningForm'];
/** The teacher's progress on the main form for one half and question type. */
export type TeacherAnswerSummary = Schemas['SigningSummary'];
/** `GET …/signingform/validation`. */
export type SigningValidation = Schemas['SigningValidation'];
/** A student whose signing form waits for someone (`GET /api/classes/{id}/signing-status`). */
export type StudentSigningStatus = Schemas['SigningStudentStatus'];
/** The body of `POST`/`PUT …/signingform` (every field optional in the schema). */
export type SigningInput = Schemas['SigningInput'];
/** The body of `POST …/signingform/sign`. */
export type SignRequest = Schemas['SigningSignRequestInput'];

/** A copy of everything the school holds about a person. */
export type DataCopy = Schemas['DatacopyInfo'];
/** Whether the caller has a calendar feed address (`GET /api/users/me/calendar`). */
export type CalendarStatus = Schemas['CalendarStatus'];
/** A newly made calendar feed address, shown once (`POST /api/users/me/calendar`). */
export type CalendarFeed = Schemas['CalendarFeed'];
/** What erasing a person removed and kept. */
export type ErasureReport = Schemas['ErasureReport'];
/** When the school's deadline reminders go (`GET /api/tenant/reminders`). */
export type ReminderSchedule = Schemas['RemindersSchedule'];
/** Which deadline reminders the caller gets (`GET /api/users/me/reminders`). */
export type ReminderChoices = Schemas['RemindersChoices'];
/** The school's retention policy (`GET /api/tenant/retention`). */
export type RetentionPolicy = Schemas['RetentionPolicy'];
/** The body of `PUT /api/tenant/retention`: the periods to change. */
export type RetentionChanges = Schemas['RetentionChangesInput'];
/** One kind of personal data in the record of processing. */
export type ProcessingCategory = Schemas['RetentionCategory'];
/** The school's record of processing (`GET /api/tenant/record-of-processing`). */
export type ProcessingRecord = Schemas['RetentionRecord'];

/** A school's delivery of results to its archive (`GET /api/tenant/eformidling`). */
export type ArchiveSettings = Schemas['EformidlingConfig'];
/** The body of `PUT /api/tenant/eformidling`. */
export type ArchiveSettingsInput = Schemas['EformidlingConfigInput'];
/** One form's message to the archive. */
export type Delivery = Schemas['EformidlingDelivery'];
/** An archived result and its delivery. */
export type ArchivedResult = Schemas['EformidlingResult'];
/** `GET /api/archive-deliveries`. */
export type ArchiveOverview = Schemas['EformidlingOverview'];

/** A school's colours and images. */
export type Theme = Schemas['TenantsTheme'];
/** The body of `PUT /api/tenant/theme`. */
export type ThemeInput = Schemas['TenantsThemeInput'];
/** Public information about the school of the current host (`GET /api/tenant`). */
export type PublicTenant = Schemas['TenantsPublicInfo'];
/** One school text in every language. */
export type SchoolText = Schemas['SchooltextsText'];
/** The body of `PUT /api/tenant/texts`: values by text key and language. */
export type SchoolTextChanges = Schemas['SchooltextsChanges'];
/** How a school text is edited and checked. */
export type SchoolTextKind = SchoolText['kind'];
/** The texts editor's data (`GET /api/tenant/texts`). */
export type SchoolTexts = Schemas['SchooltextsEditor'];

/** A student's record across placements (`GET /api/students/{id}/progress`). */
export type ProgressRecord = Schemas['ProgressRecord'];
/** A competence area of the record, with its questions and means. */
export type ProgressArea = Schemas['ProgressArea'];
/** One placement of the record. */
export type ProgressPlacement = Schemas['ProgressPlacement'];
/** Whether the student shares earlier placements (`PUT`/`DELETE /api/progress/sharing`). */
export type ProgressSharing = Schemas['ProgressSharing'];

/** A semester's live report (`GET /api/periods/{id}/report`). */
export type SemesterReport = Schemas['ReportsSemesterReport'];
/** One class of the live report. */
export type ClassReport = Schemas['ReportsClassReport'];
/** One assignment (form and half) of a class in the live report, per role. */
export type ReportAssessment = Schemas['ReportsAssessment'];
/** Delivered, missing and (with a deadline) late, for one role. */
export type ReportRoleCounts = Schemas['ReportsRoleCounts'];
/** The end levels of one competence area of a class. */
export type ReportAreaLevels = Schemas['ReportsAreaLevels'];
/** Which number of the live report a drill-down lists. */
export type ReportMetric = Schemas['ReportsMetric'];
/** A student behind a number of the live report. */
export type ReportStudentRef = Schemas['ReportsStudentRef'];
