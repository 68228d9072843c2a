import { api } from '@/api/apiSlice';
import type { ReminderChoices, ReminderSchedule } from '@/api/types';

const tagged = api.enhanceEndpoints({ addTagTypes: ['ReminderSchedule', 'ReminderChoices'] });

/** Deadline reminders: when the school sends them, and which kinds a person gets. */
export const remindersApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tenant/reminders` (admins). */
    getReminderSchedule: build.query<ReminderSchedule, void>({
      query: () => 'tenant/reminders',
      providesTags: ['ReminderSchedule'],
    }),
    /** `PUT /api/tenant/reminders`: 400 names daysBefore when a day is out of range. */
    saveReminderSchedule: build.mutation<ReminderSchedule, ReminderSchedule>({
      query: (body) => ({ url: 'tenant/reminders', method: 'PUT', body }),
      invalidatesTags: (_s, error) => (error ? [] : ['ReminderSchedule']),
    }),
    /** `GET /api/users/me/reminders`. */
    getMyReminders: build.query<ReminderChoices, void>({
      query: () => 'users/me/reminders',
      providesTags: ['ReminderChoices'],
    }),
    /** `PUT /api/users/me/reminders`. */
    saveMyReminders: build.mutation<ReminderChoices, ReminderChoices>({
      query: (body) => ({ url: 'users/me/reminders', method: 'PUT', body }),
      invalidatesTags: (_c, error) => (error ? [] : ['ReminderChoices']),
    }),
  }),
});

export const { useGetReminderScheduleQuery, useSaveReminderScheduleMutation, useGetMyRemindersQuery, useSaveMyRemindersMutation } =
  remindersApi;
