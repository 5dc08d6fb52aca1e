import type {
  MarkNotificationsRead,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesChange,
} from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** The signed-in person's notifications (newest first) and their choices of what they are told. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationPage, { limit: number }>({
      query: ({ limit }) => ({ url: '/api/notifications', params: { limit } }),
      providesTags: ['Notifications'],
    }),
    markRead: build.mutation<{ unread: number }, MarkNotificationsRead>({
      query: (body) => ({ url: '/api/notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notifications'],
    }),
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/api/notifications/preferences',
    }),
    setNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesChange>({
      query: (body) => ({ url: '/api/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('notificationPreferences', undefined, data));
        } catch {
          // The card shows the error; the switches stay as the server last said.
        }
      },
    }),
  }),
});

/** The page the bell and its list share (one read for both). */
export const FIRST_PAGE = 20;
