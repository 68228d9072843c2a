import type * as wire from '@/api/types';
import { api } from '@/api/apiSlice';

/** A course membership read from the user's Feide groups. */
export type Membership = wire.Membership;

/** What the server knows from the user's last Feide sign-in (`/debug/fs`). */
export const debugApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/auth/feide-info`: the Feide userinfo claims; 404 when the user never signed in with Feide. */
    getFeideInfo: build.query<Record<string, unknown>, void>({ query: () => 'auth/feide-info' }),
    /** `GET /api/auth/feide-group-memberships`: the Feide groups, as Feide listed them. */
    getFeideGroups: build.query<unknown[], void>({ query: () => 'auth/feide-group-memberships' }),
    /** `GET /api/memberships`: the course memberships read from those groups. */
    getMemberships: build.query<Membership[], void>({ query: () => 'memberships' }),
  }),
});

export const { useGetFeideInfoQuery, useGetFeideGroupsQuery, useGetMembershipsQuery } = debugApi;
