/**
 * The error catalogue: every error code the API can answer with, its HTTP status,
 * the translation key of its user message, whether trying again may help, and
 * whether it should be reported (logged as an error rather than a warning).
 * The web app maps `code` to `errors.<code>` in its translations; a test fails
 * when a code here has no translation.
 */
export interface CatalogueEntry {
  readonly status: number;
  /** English text, used by the server in JSON bodies and as the translation fallback. */
  readonly message: string;
  readonly retryable: boolean;
  readonly report: boolean;
}

export const errorCatalogue = {
  NOT_FOUND: {
    status: 404,
    message: 'The requested resource was not found',
    retryable: false,
    report: false,
  },
  VALIDATION_FAILED: {
    status: 400,
    message: 'The request is not valid. Check the highlighted values and try again.',
    retryable: false,
    report: false,
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'The request is too large.',
    retryable: false,
    report: false,
  },
  UNAUTHENTICATED: {
    status: 401,
    message: 'User is not authenticated. Please log in.',
    retryable: false,
    report: false,
  },
  FORBIDDEN: {
    status: 403,
    message: 'You are not authorized to view the page you are trying to access.',
    retryable: false,
    report: false,
  },
  CROSS_SITE_REQUEST: {
    status: 403,
    message: 'This request came from another site and was refused.',
    retryable: false,
    report: true,
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many attempts. Wait a little, then try again.',
    retryable: true,
    report: false,
  },
  USER_NOT_FOUND: {
    status: 404,
    message: 'There is no such user.',
    retryable: false,
    report: false,
  },
  LAST_ADMIN: {
    status: 409,
    message: 'The last Admin cannot be demoted or disabled. Make another user Admin first.',
    retryable: false,
    report: false,
  },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common. Choose one that is harder to guess.',
    retryable: false,
    report: false,
  },
  ACCOUNT_DISABLED: {
    status: 403,
    message: 'This account has been disabled. Contact your administrator.',
    retryable: false,
    report: false,
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The database cannot be reached. Try again shortly.',
    retryable: true,
    report: true,
  },
  SHUTTING_DOWN: {
    status: 503,
    message: 'The server is restarting. Try again shortly.',
    retryable: true,
    report: false,
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'An unexpected error occurred.',
    retryable: true,
    report: true,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}
