import {
  type ApiErrorBody,
  type HmrcDataKind,
  hmrcDataKinds,
  hmrcErrorMessage,
  httpStatusMessage,
  isErrorCode,
  noResponseMessage,
  requestFailedMessage,
  returnViewMessages,
} from '@vatwise/domain';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';

/** better-auth's own error codes that we show in our words. */
const authCodes = new Set([
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'INVALID_TOKEN',
  'INVALID_CODE',
  'INVALID_BACKUP_CODE',
  'INVALID_PASSWORD',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
]);

export function errorCodeOf(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const body = error.data as Partial<ApiErrorBody> | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** HMRC's own codes, when the error passes on HMRC's refusal. */
export function hmrcCodesOf(error: FetchBaseQueryError | SerializedError | undefined): string[] {
  if (!error || !('status' in error)) return [];
  const codes = (error.data as Partial<ApiErrorBody> | undefined)?.hmrc?.codes;
  return Array.isArray(codes) ? codes : [];
}

export function errorStatusOf(error: FetchBaseQueryError | SerializedError | undefined): number | string | undefined {
  return error && 'status' in error ? error.status : undefined;
}

/**
 * One message for any failed call: the catalogue's message for our codes, ours for
 * better-auth's, the product reference's status messages otherwise ('Not authorized (403)'), and
 * 'No response from server - check your connection' when nothing came back.
 */
export function describeError(error: FetchBaseQueryError | SerializedError | undefined, t: TFunction): string {
  if (!error) return t(requestFailedMessage.key);
  if (!('status' in error)) return error.message ?? t(requestFailedMessage.key);
  const code = errorCodeOf(error);
  const body = error.data as Partial<ApiErrorBody> | undefined;
  const hmrc = describeHmrcError(body, t);
  if (hmrc) return hmrc;
  if (code === 'VALIDATION_FAILED' && body?.issues?.length) return body.issues.map((issue) => issue.message).join(' ');
  if (code && isErrorCode(code)) return t(`errors.${code}`);
  if (code && authCodes.has(code)) return t(`auth.errors.${code}`);
  if (error.status === 'FETCH_ERROR') return t(noResponseMessage.key);
  if (error.status === 'TIMEOUT_ERROR') return t('http.timeout');
  if (typeof error.status === 'number') {
    const message = httpStatusMessage(error.status);
    if (message) return `${t(message.key)} (${error.status})`;
  }
  return t(requestFailedMessage.key);
}

/**
 * An error the server kept with a record (a return's last error), in the user's language: our
 * catalogue's message for our codes; HMRC's refusal in HMRC's own words, as the server kept them.
 */
export function describeStoredError(error: { code: string | null; message: string }, t: TFunction): string {
  if (error.code && error.code !== 'HMRC_REFUSED' && isErrorCode(error.code)) return t(`errors.${error.code}`);
  return error.message;
}

const isHmrcKind = (kind: string): kind is HmrcDataKind => (hmrcDataKinds as readonly string[]).includes(kind);

/**
 * HMRC's refusal, failure or silence in the product reference's words for the kind of data asked for (docs/reference/product.md
 * §8): translated when the code is one the product reference words, else the server's message (HMRC's
 * own); HMRC's own failure as its status ('Service unavailable (503)').
 */
function describeHmrcError(body: Partial<ApiErrorBody> | undefined, t: TFunction): string | undefined {
  const detail = body?.hmrc;
  if (!detail || !isHmrcKind(detail.kind)) return undefined;
  if (detail.kind === 'returnView' && body.code === 'HMRC_TIMEOUT') return t(returnViewMessages.timeout.key);
  if (detail.kind === 'returnView' && body.code === 'HMRC_UNAVAILABLE' && detail.status === 0) {
    return t(returnViewMessages.noResponse.key);
  }
  // HMRC answered with a failure of its own (500, 502, 503): its status in the product reference's words.
  const hmrcStatus = body.code === 'HMRC_UNAVAILABLE' ? httpStatusMessage(detail.status) : undefined;
  if (hmrcStatus) return `${t(hmrcStatus.key)} (${detail.status})`;
  if (body.code !== 'HMRC_REFUSED') return undefined;
  const message = hmrcErrorMessage(detail.kind, { status: detail.status, codes: detail.codes, message: body.message });
  if (!message.key) return message.text;
  return t(message.key, {
    defaultValue: message.text,
    ...(message.values ? { kind: t(`hmrc.kinds.${detail.kind}`) } : {}),
  });
}
