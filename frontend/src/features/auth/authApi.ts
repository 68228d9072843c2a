import { api } from '@/api/apiSlice';
import type * as wire from '@/api/types';
import { ME_PATH } from './meRequest';
import type { CodeVariant, CurrentUser, SignInResult } from './types';

/** Sign-in, the session and the signed-in user. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /api/auth/{external|simple}/sign-in {email}`: e-mails a code.
     * 202 whether or not the address has an account; 429 when asked too often.
     */
    requestCode: build.mutation<null, { variant: CodeVariant } & wire.CodeRequestInput>({
      query: ({ variant, email }) => ({ url: `auth/${variant}/sign-in`, method: 'POST', body: { email } }),
    }),
    /** `POST /api/auth/external/signed-in {email, code}` → `{token}`; 400 with reason `code` for a wrong code. */
    signInWithCode: build.mutation<SignInResult, wire.CodeSignInInput>({
      query: (body) => ({ url: 'auth/external/signed-in', method: 'POST', body }),
    }),
    /** `POST /api/auth/signed-in {code, state, redirectToLocal: false}` → `{token}`: the end of a Feide sign-in. */
    feideSignedIn: build.mutation<
      SignInResult,
      Pick<wire.FeideSignedInInput, 'code'> & { state: NonNullable<wire.FeideSignedInInput['state']> | null }
    >({
      query: ({ code, state }) => ({
        url: 'auth/signed-in',
        method: 'POST',
        body: { code, ...(state ? { state } : {}), redirectToLocal: false },
      }),
    }),
    /** `POST /api/auth/vipps/signed-in {code, redirectUri, state}` → `{token}`: the end of a Vipps sign-in. */
    vippsSignedIn: build.mutation<SignInResult, Required<wire.VippsSignedInInput>>({
      query: (body) => ({ url: 'auth/vipps/signed-in', method: 'POST', body }),
    }),
    /** `GET /api/auth/refresh` → `{token}`: a new token for the same session. Not cached. */
    refreshToken: build.mutation<wire.TokenAnswer, void>({
      query: () => ({ url: 'auth/refresh', method: 'GET' }),
    }),
    /** `POST /api/auth/sign-out` (204): ends the session on the server. */
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
    }),
    /** `GET /api/users/me`: the signed-in user with roles and class relations. */
    getMe: build.query<CurrentUser, void>({
      query: () => ME_PATH,
      providesTags: ['Me'],
    }),
    /** `POST /api/users/me/privacy-policy` → `{privacyPolicyAcceptedAt}`: records the acceptance. */
    acceptPrivacyPolicy: build.mutation<{ privacyPolicyAcceptedAt: string }, void>({
      query: () => ({ url: 'users/me/privacy-policy', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            authApi.util.updateQueryData('getMe', undefined, (user) => {
              user.privacyPolicyAcceptedAt = data.privacyPolicyAcceptedAt;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /** `PUT /api/users/me/language {language}` (204): stores the user's choice; their e-mails follow it. */
    setMyLanguage: build.mutation<null, wire.LanguageChoiceInput>({
      query: (body) => ({ url: 'users/me/language', method: 'PUT', body }),
      async onQueryStarted({ language }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            authApi.util.updateQueryData('getMe', undefined, (user) => {
              user.language = language;
            }),
          );
        } catch {
          // Tried again at the next change of language or sign-in.
        }
      },
    }),
  }),
});

export const {
  useRequestCodeMutation,
  useSignInWithCodeMutation,
  useFeideSignedInMutation,
  useVippsSignedInMutation,
  useRefreshTokenMutation,
  useSignOutMutation,
  useGetMeQuery,
  useAcceptPrivacyPolicyMutation,
  useSetMyLanguageMutation,
} = authApi;
