import type * as api from '@/api/types';

/** Group type: free text answers. */
export const GROUP_TYPE_TEXT = 1;
/** Group type: graded on the independence scale (the default for new groups). */
export const GROUP_TYPE_GRADING = 2;

/** How the questions of a group are answered. */
export type GroupType = typeof GROUP_TYPE_TEXT | typeof GROUP_TYPE_GRADING;

/** A value of the grading scale: 0 (Selvstendig) to 4 (Uselvstendig). */
export const GRADING_LEVELS = [0, 1, 2, 3, 4] as const;

/** The value one past the last grading label: not relevant. */
export const NOT_RELEVANT = GRADING_LEVELS.length;

/** A form as the list shows it (`GET /api/forms`). */
export type FormSummary = api.FormSummary;

/** A question of a form. */
export type FormQuestion = api.FormQuestion;

/** A label of a grading group. */
export type GradingOption = api.GradingOption;

/** A question group of a form. */
export type FormGroup = api.FormGroup;

/** A whole form (`GET /api/forms/{id}`). */
export type Form = api.Form;

/** A question as the editor sends it: with id when it exists already. */
export type FormQuestionInput = Pick<api.FormQuestionInput, 'id'> &
  Required<Pick<api.FormQuestionInput, 'text' | 'helpText'>>;

/** A group as the editor sends it, with its questions in order. */
export type FormGroupInput = Pick<api.FormGroupInput, 'id'> &
  Required<Pick<api.FormGroupInput, 'name' | 'type'>> & { questions: FormQuestionInput[] };

/** The body of `POST /api/forms` and `PUT /api/forms/{id}`: the whole form, groups in order. */
export type FormInput = Pick<api.FormInput, 'id' | 'name'> &
  Required<Pick<api.FormInput, 'isMainForm'>> & { groups: FormGroupInput[] };

/** A subject (`GET /api/subjects`). */
export type Subject = api.Subject;

/** A semester and where it stands, as the server sends them. */
export type { Period, PeriodStatus } from '@/api/types';

/** A form's place in a class for one half of the semester. */
export type Assignment = api.Assignment;

/** A class: a subject in a semester (`GET /api/classes/{id}`). */
export type SchoolClass = api.SchoolClass;

/** A person as lists show them. */
export type Person = api.Person;

/** The people of a class (`GET /api/classes/{id}/users`). */
export type ClassUsers = api.ClassUsers;

/** An expected level for one question; value "0"–"4", "5" not relevant, null none. */
export type ExpectationAnswer = api.ExpectationAnswer;

/** The expectations of a class for a form and half. */
export type ExpectationSet = api.ExpectationSet;

/** A role as the server names it. */
export type Role = api.Role;

/** A user in the list (`GET /api/users`). */
export type UserListItem = api.UserListItem;

/** A student's class, teacher and supervisor. */
export type StudentReference = api.StudentReference;

/** A user with roles and class relations (`GET /api/users/{id}`). */
export type AdminUser = api.Me;

/**
 * The body of `PATCH /api/users/{id}`; fields left out stay as they are.
 * Role ids as the roles list gives them: the schema's request side names the
 * four ids, its `Role` says a plain number.
 */
export type UserPatch = Omit<api.UserPatchInput, 'roles'> & { roles: Role['id'][] };

/** The body of `POST /api/users`. */
export type NewUser = Omit<api.NewUserInput, 'roles'> & { roles: Role['id'][] };

/** How a school text is edited and checked. */
export type SchoolTextKind = api.SchoolTextKind;

/** One school text in every language: the school's own value and the default. */
export type SchoolText = api.SchoolText;

/** A school's colours and images. */
export type SchoolTheme = api.Theme;

/** The texts editor's data (`GET /api/tenant/texts`). */
export type SchoolTexts = api.SchoolTexts;
