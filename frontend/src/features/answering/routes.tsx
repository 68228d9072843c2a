import type { LoaderFunction, RouteObject } from 'react-router';
import type { RoleName } from '@/features/auth/roles';
import { INDEPENDENCE_SCALE_PATH } from '@/features/scale/paths';
import { prefetchAnswerForm } from './prefetch';

/** The form page and the form view, loaded when first opened. */
const answerFormPage: RouteObject['lazy'] = async () => {
  const { AnswerFormPage } = await import('./components/AnswerFormPage');
  return { Component: AnswerFormPage };
};
const formViewPage: RouteObject['lazy'] = async () => {
  const { FormViewPage } = await import('./components/FormViewPage');
  return { Component: FormViewPage };
};

/**
 * The form page's data, asked for as soon as the route matches, in parallel
 * with its code (the router runs a route's loader while `lazy` loads). It
 * returns at once: the page reads the data from the store, so nothing waits
 * on the loader.
 */
const answerFormData =
  (role: RoleName): LoaderFunction =>
  ({ params }) => {
    prefetchAnswerForm(role, params);
    return null;
  };

/**
 * The form pages under a role's area (spec §2), relative to `/{role}`:
 * - student: `:studentUserId/form/:formId/class/:classId/assignment/:assignmentId`;
 * - teacher and supervisor: `class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId`
 *   and the read-only form view `form/:formId`.
 */
export function answeringRoutes(role: RoleName): RouteObject[] {
  switch (role) {
    case 'Student':
      return [
        {
          path: ':studentUserId/form/:formId/class/:classId/assignment/:assignmentId',
          loader: answerFormData(role),
          lazy: answerFormPage,
        },
      ];
    case 'Teacher':
    case 'Advisor':
      return [
        {
          path: 'class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId',
          loader: answerFormData(role),
          lazy: answerFormPage,
        },
        { path: 'form/:formId', lazy: formViewPage },
      ];
    case 'Admin':
      return [];
  }
}

/** `/independence-scale`: the scale's reference page, outside the role areas. */
export const independenceScaleRoute: RouteObject = {
  path: INDEPENDENCE_SCALE_PATH,
  lazy: async () => {
    const { IndependenceScalePage } = await import('@/features/scale/IndependenceScalePage');
    return { Component: IndependenceScalePage };
  },
};
