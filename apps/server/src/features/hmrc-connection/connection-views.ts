import {
  type Authorisation,
  type HmrcDataKind,
  hmrcErrorMessage,
  httpStatusMessage,
  returnViewMessages,
} from '@vatwise/domain';
import { HmrcError } from '@vatwise/hmrc';
import { AppError } from '../../plugins/errors';
import type { ConnectionRow } from './repo';

/** How a connection and HMRC's errors are told to the rest of VAT Wise. */

export function authorisationOf(
  connection: Pick<ConnectionRow, 'granted_at' | 'grant_expires_at' | 'access_expires_at' | 'refresh_failed_at'>,
): Authorisation {
  return {
    authorisedAt: connection.granted_at,
    expiresAt: connection.grant_expires_at,
    accessTokenExpiresAt: connection.access_expires_at,
    needsReauthorisation: connection.refresh_failed_at !== null,
  };
}

/** HMRC's refusal or silence in our terms (docs/reference/product.md §8); other errors pass unchanged. */
export function toAppError(kind: HmrcDataKind, error: unknown): unknown {
  if (!(error instanceof HmrcError)) return error;
  const detail = { kind, status: error.status, codes: error.codes };
  if (error.kind === 'timeout') {
    return new AppError(
      'HMRC_TIMEOUT',
      kind === 'returnView' ? returnViewMessages.timeout.text : undefined,
      undefined,
      {
        hmrc: detail,
      },
    );
  }
  if (error.kind === 'network') {
    return new AppError(
      'HMRC_UNAVAILABLE',
      kind === 'returnView' ? returnViewMessages.noResponse.text : undefined,
      undefined,
      { hmrc: detail },
    );
  }
  if (error.status === 429) return new AppError('HMRC_RATE_LIMITED', undefined, undefined, { hmrc: detail });
  // HMRC answered, with a failure of its own: the product reference's words for its status, e.g. 'Service
  // unavailable (503)' (docs/reference/product.md §8); "No response" is only for a call that got no answer.
  if (error.status >= 500) {
    return new AppError('HMRC_UNAVAILABLE', httpStatusMessage(error.status)?.text, undefined, { hmrc: detail });
  }
  const message = hmrcErrorMessage(kind, { status: error.status, codes: error.codes, message: error.message });
  // 401 is ours alone (our session); HMRC's 401 here means its authority was refused.
  const statusCode = error.status === 401 ? 409 : error.status;
  return new AppError('HMRC_REFUSED', message.text, undefined, { statusCode, hmrc: detail });
}

/** True for HMRC's "nothing to list" (a 404 NOT_FOUND instead of an empty list, docs/reference/hmrc-vat-api.md §3.7). */
export function isNothingToList(error: unknown): boolean {
  return error instanceof AppError && error.hmrc?.status === 404 && error.hmrc.codes.includes('NOT_FOUND');
}
