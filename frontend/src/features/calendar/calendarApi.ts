import { api } from '@/api/apiSlice';
import type { CalendarFeed, CalendarStatus } from '@/api/types';

const tagged = api.enhanceEndpoints({ addTagTypes: ['CalendarFeed'] });

/** The caller's private calendar feed address. */
export const calendarApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/users/me/calendar`: whether an address exists, and since when. */
    getCalendarStatus: build.query<CalendarStatus, void>({
      query: () => 'users/me/calendar',
      providesTags: ['CalendarFeed'],
    }),
    /** `POST /api/users/me/calendar`: a new address, shown once; the old one stops working. */
    renewCalendar: build.mutation<CalendarFeed, void>({
      query: () => ({ url: 'users/me/calendar', method: 'POST' }),
      invalidatesTags: (_feed, error) => (error ? [] : ['CalendarFeed']),
    }),
  }),
});

export const { useGetCalendarStatusQuery, useRenewCalendarMutation } = calendarApi;
