import { ThemeProvider } from '@mui/material/styles';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { api } from '@/api/apiSlice';
import { Toaster } from '@/components/toast/Toaster';
import { toastReducer } from '@/components/toast/toastSlice';
import { SessionProvider } from '@/features/auth/SessionProvider';
import type { CurrentUser } from '@/features/auth/types';
import { TenantProvider } from '@/features/tenant/TenantProvider';
import { I18nProvider } from '@/i18n/I18nProvider';
import { LANGUAGE_STORAGE_KEY, type Language } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { buildTheme } from '@/theme/buildTheme';
import { demoTenant, demoUser, ROLES } from '@/testing/fixtures';
import { signedInApi, type ApiHandlers } from '@/testing/renderApp';
import type { AnswerSet, AnsweringForm, StudentFormFull } from './types';

// Test fixtures and a renderer for the form pages. Only tests import this file.

const OPTIONS = ['Selvstendig', 'Delvis selvstendig', 'Veiledet', 'Assistert', 'Uselvstendig'].map((label, value) => ({
  label,
  value,
}));

/** A form with a grading group (two questions, one with guidance) and a free-text group. */
export function demoForm(overrides: Partial<AnsweringForm> = {}): AnsweringForm {
  return {
    id: 1,
    name: 'Vurdering av praksisstudier i sykepleie',
    isMainForm: true,
    hasGuidancePdf: false,
    guidancePdfName: null,
    groups: [
      {
        id: 7,
        formId: 1,
        name: 'Pasientsentrert sykepleie',
        type: 2,
        options: OPTIONS,
        order: 1,
        questions: [
          {
            id: 23,
            formQuestionGroupId: 7,
            text: 'Kartlegger pasientens behov for sykepleie systematisk.',
            order: 1,
            helpText: 'Vurder om studenten bruker NEWS2.',
          },
          { id: 24, formQuestionGroupId: 7, text: 'Planlegger og evaluerer sykepleietiltak.', order: 2, helpText: null },
        ],
      },
      {
        id: 1,
        formId: 1,
        name: 'Samlet vurdering',
        type: 1,
        options: [],
        order: 2,
        questions: [{ id: 1, formQuestionGroupId: 1, text: 'Hva har studenten lykkes med?', order: 1, helpText: null }],
      },
    ],
    ...overrides,
  };
}

/** An answer set about Ola (user 5) in class 2, assignment 3 (mid-semester). */
export function demoSet(overrides: Partial<AnswerSet> = {}): AnswerSet {
  return {
    id: 11,
    assignmentId: 3,
    formId: 1,
    classId: 2,
    subjectId: 2,
    studentUserId: 5,
    userId: 16,
    userName: 'Hilde Bakken',
    role: 'advisor',
    roleTag: 'PV',
    isMidSemester: true,
    version: 3,
    deliveredAt: null,
    createdAt: '2026-10-06T11:02:00Z',
    updatedAt: '2026-10-08T11:30:00Z',
    answers: [{ formQuestionId: 23, value: '2', comment: 'Bruker NEWS2 med støtte.' }],
    comments: [
      {
        id: 100,
        formQuestionId: 23,
        userId: 16,
        userName: 'Hilde Bakken',
        role: 'advisor',
        roleTag: 'PV',
        comment: 'Bruker NEWS2 med støtte.',
        createdAt: '2026-10-08T11:30:00Z',
        commentedAt: '2026-10-08T11:30:00Z',
        updatedAt: '2026-10-08T11:30:00Z',
      },
    ],
    ...overrides,
  };
}

/** Ola's own set, with a comment on question 23. */
export function studentSet(): AnswerSet {
  return demoSet({
    id: 12,
    userId: 5,
    userName: 'Ola Nordmann',
    role: 'student',
    roleTag: 'S',
    answers: [{ formQuestionId: 23, value: '1', comment: 'Jeg har brukt NEWS2 hver dag.' }],
    comments: [
      {
        id: 101,
        formQuestionId: 23,
        userId: 5,
        userName: 'Ola Nordmann',
        role: 'student',
        roleTag: 'S',
        comment: 'Jeg har brukt NEWS2 hver dag.',
        createdAt: '2026-10-07T18:14:00Z',
        commentedAt: '2026-10-07T18:14:00Z',
        updatedAt: '2026-10-07T18:14:00Z',
      },
    ],
  });
}

/** Everything answered about Ola for form 1 in class 2. */
export function demoFull(overrides: Partial<StudentFormFull> = {}): StudentFormFull {
  return {
    classId: 2,
    studentUserId: 5,
    formId: 1,
    answerAs: 'advisor',
    midSemester: { assignmentId: 3, isMidSemester: true, student: studentSet(), advisor: null, teacher: null, others: [], expectations: null },
    endSemester: { assignmentId: 4, isMidSemester: false, student: null, advisor: null, teacher: null, others: [], expectations: null },
    ...overrides,
  };
}

/** Hilde Bakken, a supervisor. */
export function supervisor(): CurrentUser {
  return demoUser({
    id: 16,
    displayName: 'Hilde Bakken',
    email: 'hilde.bakken@sykehus.test',
    roles: [ROLES.Advisor],
    teacherClasses: [],
    advisorClasses: [2],
    studentUserReferences: [{ userId: 5 }],
  });
}

/** The supervisor's form page for Ola's mid-semester assessment. */
export const ADVISOR_FORM_PATH = '/advisor/class/2/student/5/form/1/assignment/3';

function SignedIn({ user }: { user: CurrentUser }) {
  return (
    <SessionProvider user={user}>
      <Outlet />
    </SessionProvider>
  );
}

interface RenderPageOptions {
  path: string;
  /** The route pattern and page to show. */
  routes: { path: string; element: ReactNode }[];
  user?: CurrentUser;
  handlers?: ApiHandlers;
  language?: Language;
}

/** Renders a page of this feature signed in, with the fake API answering `handlers`. */
export function renderPage({ path, routes, user = supervisor(), handlers = {}, language = 'nb' }: RenderPageOptions) {
  const fetchMock = signedInApi(user, handlers);
  // The user's own choice, so the school's default language does not take over.
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  setCurrentLanguage(language);
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, toast: toastReducer }),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  const router = createMemoryRouter([{ element: <SignedIn user={user} />, children: routes }], { initialEntries: [path] });
  const result = render(
    <ReduxProvider store={store}>
      <I18nProvider>
        <TenantProvider initialTenant={demoTenant(language)}>
          <ThemeProvider theme={buildTheme()}>
            <RouterProvider router={router} />
            <Toaster />
          </ThemeProvider>
        </TenantProvider>
      </I18nProvider>
    </ReduxProvider>,
  );
  return { ...result, fetchMock, router, store };
}
