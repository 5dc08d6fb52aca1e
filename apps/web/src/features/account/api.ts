import { api } from '../../shared/api/base-api';

export interface ReminderSettings {
  dailyDigest: boolean;
  /** Where the server's mail goes: SMTP, a local outbox folder (not production), or nowhere. */
  delivery: 'smtp' | 'outbox' | 'none';
}

/** The opt-in daily e-mail digest of deadline and payment warnings. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    reminders: build.query<ReminderSettings, void>({ query: () => '/api/reminders' }),
    setReminders: build.mutation<ReminderSettings, { dailyDigest: boolean }>({
      query: (body) => ({ url: '/api/reminders', method: 'PUT', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(accountApi.util.upsertQueryData('reminders', undefined, data));
        } catch {
          // The card shows the error and the switch stays as it was.
        }
      },
    }),
  }),
});
