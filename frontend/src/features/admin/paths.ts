/** Where the administration lives. */
export const ADMIN_HOME = '/admin';

/** Addresses of the administration screens (spec §2). */
export const adminPaths = {
  home: ADMIN_HOME,
  forms: `${ADMIN_HOME}/forms`,
  createForm: `${ADMIN_HOME}/forms/create`,
  /** A new form that starts as a main form. */
  createMainForm: `${ADMIN_HOME}/forms/create?main=1`,
  editForm: (formId: number) => `${ADMIN_HOME}/forms/edit/${formId}`,
  subjects: `${ADMIN_HOME}/subjects`,
  semesters: `${ADMIN_HOME}/semesters`,
  semester: (periodId: number) => `${ADMIN_HOME}/semesters/${periodId}`,
  /** The semester's live report; `search` is its filter (`?subjectId=…&classId=…`). */
  semesterReport: (periodId: number, search = '') => `${ADMIN_HOME}/semesters/${periodId}/report${search}`,
  /** The students behind one number of the live report; `search` names the number. */
  reportStudents: (periodId: number, search: string) => `${ADMIN_HOME}/semesters/${periodId}/report/students?${search}`,
  schoolClass: (classId: number) => `${ADMIN_HOME}/class/${classId}`,
  classAdvisor: (classId: number, userId: number) => `${ADMIN_HOME}/class/${classId}/advisor/${userId}`,
  expectations: (classId: number, formId: number, assignmentId: number) =>
    `${ADMIN_HOME}/class/${classId}/form/${formId}/assignment/${assignmentId}`,
  users: `${ADMIN_HOME}/users`,
  user: (userId: number) => `${ADMIN_HOME}/users/${userId}`,
  texts: `${ADMIN_HOME}/texts`,
  archive: `${ADMIN_HOME}/archive`,
  privacy: `${ADMIN_HOME}/privacy`,
  reminders: `${ADMIN_HOME}/reminders`,
} as const;
