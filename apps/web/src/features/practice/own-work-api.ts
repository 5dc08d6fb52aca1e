import type { OwnWork } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** What the signed-in person made alone, and bringing it into the practice they work in. */
export const ownWorkApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownWork: build.query<OwnWork, void>({
      query: () => '/api/practice/own-work',
      // Always read afresh: the offer must match what the person holds now.
      keepUnusedDataFor: 0,
    }),
    moveOwnWork: build.mutation<OwnWork, void>({
      query: () => ({ url: '/api/practice/own-work/move', method: 'POST', body: {} }),
    }),
  }),
});

const OFFER_KEY = 'vatwise.offerOwnWork';

/** Just after starting a practice: the next Practice screen opens the offer at once. */
export const ownWorkOffer = {
  set(practiceId: string): void {
    try {
      sessionStorage.setItem(OFFER_KEY, practiceId);
    } catch {
      // Without storage the offer still waits on the Practice screen.
    }
  },
  /** True once, for the practice just started. */
  take(practiceId: string): boolean {
    try {
      const pending = sessionStorage.getItem(OFFER_KEY);
      sessionStorage.removeItem(OFFER_KEY);
      return pending === practiceId;
    } catch {
      return false;
    }
  },
};
