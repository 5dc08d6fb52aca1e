import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import { describeError } from '../../../shared/api/http-errors';
import { notify } from '../../../shared/toasts/notifier';
import type { QueryError } from '../../../shared/ui/QueryStates';

export type { QueryError };

/** What `unwrap()` threw, in the shape describeError reads (it is typed unknown). */
export function asQueryError(error: unknown): QueryError {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  return error as FetchBaseQueryError | SerializedError;
}

/** An error toast for a request that failed: `title` says what did not happen, the message why. */
export function notifyFailure(title: string, caught: unknown, t: TFunction): void {
  notify({ type: 'error', title, message: describeError(asQueryError(caught), t) });
}

export interface Issue {
  path: string;
  message: string;
}

/** The `issues` of an error body ({statusCode, code, message, issues}), if it has any. */
export function issuesOf(error: QueryError): Issue[] {
  if (!error || !('status' in error)) return [];
  const body = error.data as { issues?: unknown } | undefined;
  if (!Array.isArray(body?.issues)) return [];
  return body.issues.filter(
    (issue): issue is Issue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as Issue).message === 'string' &&
      typeof (issue as Issue).path === 'string',
  );
}
