import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { agentSocket, type AgentSocketEvents, type ReturnChange } from '@vatwise/domain';
import type { Socket } from 'socket.io-client';
import { api } from '../api/base-api';
import type { RootState } from '../store/root';

type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** What a change to the workspace's businesses makes stale: every list of them (the dashboard's rows are one). */
const businessListTags = ['Businesses', 'ClientRequests', 'Dashboard'] as const;

/** Coming back to the window reads the lists again at most this often: switching windows is not a change. */
export const focusReadEveryMs = 10_000;

/**
 * The returns open on this page, by id: a query of one return's own takes its id as its argument
 * (features/vat-returns/api.ts); the lists of returns take a VRN in an object.
 */
function openReturnIds(state: RootState): string[] {
  const reads = api.util.selectInvalidatedBy(state as Parameters<typeof api.util.selectInvalidatedBy>[0], [
    'VatReturns',
  ]);
  return [...new Set(reads.flatMap(({ originalArgs }) => (typeof originalArgs === 'string' ? [originalArgs] : [])))];
}

/** A return's own reads: the return (with its review), its notes, and the lists that show its review. */
const returnTags = (id: string) =>
  [{ type: 'VatReturns', id } as const, { type: 'ReturnNotes', id } as const, 'BusinessActivity', 'Dashboard'] as const;

/**
 * Keeps the screens of a workspace true to the server while the live channel is open (AgentLive
 * calls this with its socket). The server says only what changed, by id (packages/domain's
 * AgentSocketEvents), to the workspace's members: this browser then reads again, as its user,
 * what it shows of it. What the socket cannot have said — changes made while it was away, or
 * between the page's first read and its first connection — is read again on each connection and
 * when the person comes back to the window. Returns what stops it.
 */
export function followWorkspaceChanges(socket: Socket<AgentSocketEvents>, dispatch: Dispatch): () => void {
  const { events } = agentSocket;
  const readBusinessesAgain = () => dispatch(api.util.invalidateTags([...businessListTags]));
  const readReturnAgain = ({ id }: ReturnChange) => dispatch(api.util.invalidateTags([...returnTags(id)]));
  // One invalidation, so that a read both need (the dashboard) is made once.
  const readAllAgain = () =>
    dispatch((_, getState) =>
      dispatch(api.util.invalidateTags([...businessListTags, ...openReturnIds(getState()).flatMap(returnTags)])),
    );

  let lastFocusRead = Date.now();
  const onFocus = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastFocusRead < focusReadEveryMs) return;
    lastFocusRead = Date.now();
    readAllAgain();
  };

  socket.on(events.businessesChanged, readBusinessesAgain);
  socket.on(events.returnChanged, readReturnAgain);
  socket.on('connect', readAllAgain);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    socket.off(events.businessesChanged, readBusinessesAgain);
    socket.off(events.returnChanged, readReturnAgain);
    socket.off('connect', readAllAgain);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}
