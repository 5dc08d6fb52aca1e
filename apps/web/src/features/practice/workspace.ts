import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';
import { describeError, errorCodeOf } from '../../shared/api/http-errors';

export const PRACTICE_PATH = '/app/practice';

/**
 * After the session's workspace changes (another practice, or the user's own businesses), the
 * page loads afresh rather than patching the store: every cached answer (businesses, returns,
 * the dashboard, the signed-in user) and the live socket belong to the workspace they were read
 * in, so the simplest way to have none of them left over is to start the app again. An object,
 * so tests can watch the reload instead of jsdom failing to navigate.
 */
export const workspace = {
  reload(): void {
    window.location.assign(PRACTICE_PATH);
  },
};

/** A practice's name as the start of a unique slug: 'Bright & Co.' -> 'bright-co-k3x9q2'. */
export function practiceSlug(name: string, random: () => string = randomSuffix): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${base || 'practice'}-${random()}`;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** better-auth's practice (organization) error codes this screen words itself. */
const practiceCodes = new Set([
  'ORGANIZATION_ALREADY_EXISTS',
  'ORGANIZATION_NOT_FOUND',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
  'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
  'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
  'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
  'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
  'INVITATION_LIMIT_REACHED',
  'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
  'INVITATION_NOT_FOUND',
  'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
  'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
  'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
  'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
  'MEMBER_NOT_FOUND',
  'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
  'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
]);

/**
 * A failed practice call in words: better-auth answers {code, message} with its own codes, which
 * the shared describeError would only call 'Bad request (400)'; VAT Wise's own codes
 * (NOT_IN_A_PRACTICE, PRACTICE_ROLE_REQUIRED) and everything else go through it as usual.
 */
export function describePracticeError(error: FetchBaseQueryError | SerializedError | undefined, t: TFunction): string {
  const code = errorCodeOf(error);
  if (code && practiceCodes.has(code)) return t(`practice:errors.${code}`);
  return describeError(error, t);
}

/** What a mutation's unwrap() threw, in the shape describeError reads (it is typed unknown). */
export function asQueryError(caught: unknown): FetchBaseQueryError | SerializedError {
  if (typeof caught !== 'object' || caught === null) return { message: String(caught) };
  return caught as FetchBaseQueryError | SerializedError;
}
