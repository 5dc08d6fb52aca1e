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
  HMRC_REFUSED: {
    status: 400,
    message: 'HMRC refused the request.',
    retryable: false,
    report: false,
  },
  HMRC_UNAVAILABLE: {
    status: 502,
    message: 'No response from HMRC. Try again shortly.',
    retryable: true,
    report: true,
  },
  HMRC_TIMEOUT: {
    status: 504,
    message: 'Request timed out - please try again',
    retryable: true,
    report: true,
  },
  HMRC_RATE_LIMITED: {
    status: 429,
    message: 'HMRC is busy with too many requests. Try again in a moment.',
    retryable: true,
    report: false,
  },
  BUSINESS_ALREADY_CONNECTED: {
    status: 409,
    message:
      'VAT Wise already reaches this VRN through another HMRC authority. Replace it only if that one no longer works for you.',
    retryable: false,
    report: false,
  },
  VRN_NOT_REACHED: {
    status: 422,
    message:
      'HMRC says this authority cannot reach that VRN. Check the VRN, or grant authority as the business itself (or as its agent, once it has accepted).',
    retryable: false,
    report: false,
  },
  NOT_AN_AGENT_AUTHORITY: {
    status: 409,
    message:
      'This HMRC authority is not an agent services account. Grant authority as your agent services account (an Agent user in the sandbox) first.',
    retryable: false,
    report: false,
  },
  NOTIFICATION_NOT_FOUND: {
    status: 404,
    message: 'There is no such notification among yours: read the list again.',
    retryable: false,
    report: false,
  },
  CLIENT_REQUEST_NOT_FOUND: {
    status: 404,
    message: 'There is no such authorisation request among yours.',
    retryable: false,
    report: false,
  },
  CLIENT_NOT_REGISTERED: {
    status: 422,
    message: 'HMRC has no VAT registration for this VRN. Check the number with your client.',
    retryable: false,
    report: false,
  },
  CLIENT_DATE_MISMATCH: {
    status: 422,
    message:
      'The VAT registration date does not match HMRC’s records for this VRN. Check it with your client (it is on their VAT registration certificate).',
    retryable: false,
    report: false,
  },
  CLIENT_ALREADY_AUTHORISED: {
    status: 409,
    message: 'This client has already authorised you for VAT. Add it as a business instead of asking again.',
    retryable: false,
    report: false,
  },
  CLIENT_REQUEST_PENDING: {
    status: 409,
    message:
      'You already have a request waiting for this client’s answer. Send them its link again, or cancel it first.',
    retryable: false,
    report: false,
  },
  AGENT_SCOPE_MISSING: {
    status: 409,
    message:
      'HMRC has not given VAT Wise permission to end clients’ authority for this agent services account: authorise it again on Grant Authority, then try once more.',
    retryable: false,
    report: false,
  },
  CLIENT_REQUEST_ANSWERED: {
    status: 409,
    message: 'This request is no longer waiting for the client: it has been answered, cancelled or has expired.',
    retryable: false,
    report: false,
  },
  CLIENT_LIST_UNREADABLE: {
    status: 400,
    message:
      'The client list could not be read. Use the template: a header row with VRN, Registration date, Name and Email, then one client a line.',
    retryable: false,
    report: false,
  },
  CLIENT_LIST_TOO_LONG: {
    status: 400,
    message: 'The client list holds more than 200 clients. Split it into files of at most 200 and send each.',
    retryable: false,
    report: false,
  },
  ASSIGNEE_NOT_A_MEMBER: {
    status: 422,
    message: 'Assign the client to a member of this practice.',
    retryable: false,
    report: false,
  },
  SANDBOX_CLIENT_NOT_FOUND: {
    status: 404,
    message:
      'None of your sandbox test users holds this VRN, so VAT Wise cannot answer for the client. Use “New test client” to make one.',
    retryable: false,
    report: false,
  },
  HMRC_NOT_CONNECTED: {
    status: 409,
    message: 'This business is not connected to HMRC yet. Grant authority on Grant Authority first.',
    retryable: false,
    report: false,
  },
  HMRC_REAUTHORISE: {
    status: 409,
    message: 'HMRC no longer accepts VAT Wise’s authority for this user. Grant authority again on Grant Authority.',
    retryable: false,
    report: false,
  },
  CONNECTION_NOT_FOUND: {
    status: 404,
    message: 'VAT Wise has no HMRC authority for this user. Grant authority on Grant Authority first.',
    retryable: false,
    report: false,
  },
  REFRESH_FAILED: {
    status: 502,
    message: 'Failed to refresh token',
    retryable: true,
    report: true,
  },
  OAUTH_STATE_INVALID: {
    status: 400,
    message:
      'This authorisation does not match one you started, or was already used. Start again from Grant Authority.',
    retryable: false,
    report: true,
  },
  AUTHORIZATION_FAILED: {
    status: 502,
    message: 'Authorization failed.',
    retryable: true,
    report: true,
  },
  AUTH_URL_FAILED: {
    status: 500,
    message: 'Failed to retrieve authorization URL.',
    retryable: true,
    report: true,
  },
  CREATE_USER_FAILED: {
    status: 502,
    message: 'Failed to create user.',
    retryable: true,
    report: true,
  },
  SANDBOX_USER_NOT_FOUND: {
    status: 404,
    message: 'There is no such sandbox user.',
    retryable: false,
    report: false,
  },
  SANDBOX_ONLY: {
    status: 409,
    message: 'Sandbox test users exist only in HMRC’s sandbox; VAT Wise is connected to HMRC production.',
    retryable: false,
    report: false,
  },
  AGENT_NOT_FOUND: {
    status: 404,
    message: 'There is no such agent.',
    retryable: false,
    report: false,
  },
  AGENT_PAUSED: {
    status: 409,
    message: 'This agent is paused or disabled. An Admin can resume it on the Agents screen.',
    retryable: false,
    report: false,
  },
  AGENT_BUSY: {
    status: 409,
    message: 'The sandbox authoriser is already running for you. Wait for it to finish or stop it.',
    retryable: true,
    report: false,
  },
  BROWSER_UNAVAILABLE: {
    status: 400,
    message: 'This browser cannot be used on this server. Choose Chromium.',
    retryable: false,
    report: false,
  },
  BROWSER_LAUNCH_FAILED: {
    status: 503,
    message: 'Failed to open browser.',
    retryable: true,
    report: true,
  },
  BROWSER_CLOSED: {
    status: 502,
    message: 'Browser was closed.',
    retryable: true,
    report: false,
  },
  AUTHORIZATION_ABORTED: {
    status: 409,
    message: 'Authorization was aborted.',
    retryable: true,
    report: false,
  },
  BUSINESS_NOT_YOURS: {
    status: 403,
    message: 'This VAT registration number is not one of your businesses.',
    retryable: false,
    report: true,
  },
  PERIOD_NOT_OPEN: {
    status: 409,
    message: 'HMRC does not list this period as open: its return may already be filed.',
    retryable: false,
    report: false,
  },
  RETURN_NOT_FOUND: {
    status: 404,
    message: 'There is no such VAT return.',
    retryable: false,
    report: false,
  },
  RETURN_LOCKED: {
    status: 409,
    message: 'This return has been sent to HMRC and can no longer be changed.',
    retryable: false,
    report: false,
  },
  RETURN_OUT_OF_DATE: {
    status: 409,
    message: 'This page is out of date: reload it before submitting.',
    retryable: false,
    report: false,
  },
  NOT_IN_A_PRACTICE: {
    status: 409,
    message: 'You are working on your own businesses: switch to a practice first.',
    retryable: false,
    report: false,
  },
  PRACTICE_ROLE_REQUIRED: {
    status: 403,
    message: "Your role in this practice does not allow this: ask the practice's owner or an admin.",
    retryable: false,
    report: false,
  },
  WORKSPACE_MOVE_CONFLICT: {
    status: 409,
    message:
      'The practice already reaches one of these businesses through another HMRC authority: remove that business from the practice (or from your own work) first.',
    retryable: false,
    report: false,
  },
  REVIEW_REQUIRED: {
    status: 409,
    message:
      'This practice files a return only after a reviewer approves its figures: mark it ready and ask a reviewer.',
    retryable: false,
    report: false,
  },
  CLIENT_APPROVAL_REQUIRED: {
    status: 409,
    message:
      'This practice files a return only after the client approves its figures as they are now: send it to the client for approval.',
    retryable: false,
    report: false,
  },
  CLIENT_LINK_UNKNOWN: {
    status: 404,
    message: 'This approval link is not known: check that it was copied whole, or ask your accountant for a new one.',
    retryable: false,
    report: false,
  },
  CLIENT_LINK_EXPIRED: {
    status: 410,
    message: 'This approval link has expired: ask your accountant for a new one.',
    retryable: false,
    report: false,
  },
  CLIENT_LINK_USED: {
    status: 409,
    message:
      'This approval link has already been used: your answer is recorded. Ask your accountant if anything needs changing.',
    retryable: false,
    report: false,
  },
  CLIENT_LINK_VOIDED: {
    status: 410,
    message: 'This approval link no longer works: your accountant sent a newer one, or the return was filed.',
    retryable: false,
    report: false,
  },
  CLIENT_FIGURES_CHANGED: {
    status: 409,
    message: 'The figures changed since this page was opened: read them again before approving.',
    retryable: false,
    report: false,
  },
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message:
      'This practice requires two-factor sign-in before anyone reads from or files to HMRC: turn it on under Account and security, then try again.',
    retryable: false,
    report: false,
  },
  OWN_RETURN_APPROVAL: {
    status: 403,
    message: 'You marked this return ready, so another reviewer must approve it.',
    retryable: false,
    report: false,
  },
  AGENT_ARN_NOT_HMRC: {
    status: 409,
    message:
      'That agent reference number is not the one HMRC gave this HMRC account: connect the agent services account itself, without naming another ARN.',
    retryable: false,
    report: true,
  },
  INVITATION_LINK_INVALID: {
    status: 403,
    message:
      'This invitation link is not valid for this invitation: ask the practice for its link again, or verify your address and accept it from your list.',
    retryable: false,
    report: true,
  },
  APPROVER_ROLE_REQUIRED: {
    status: 403,
    message: 'Preparers cannot approve returns: ask a reviewer, an admin or the owner.',
    retryable: false,
    report: false,
  },
  RETURN_NOT_READY: {
    status: 409,
    message: 'This return has not been marked ready for review.',
    retryable: false,
    report: false,
  },
  PERIOD_NOT_ENDED: {
    status: 409,
    message: 'This period has not ended yet: HMRC accepts its return from the day after the period ends.',
    retryable: false,
    report: false,
  },
  RETURN_HAS_PROBLEMS: {
    status: 400,
    message: 'The return cannot be sent as it is: fix the boxes marked.',
    retryable: false,
    report: false,
  },
  RECORD_NOT_FOUND: {
    status: 404,
    message: 'There is no such record.',
    retryable: false,
    report: false,
  },
  IMPORT_HAS_PROBLEMS: {
    status: 400,
    message: 'The file has problems: fix the rows listed, then import it again. Nothing was recorded.',
    retryable: false,
    report: false,
  },
  IMPORTS_BUSY: {
    status: 503,
    message: 'VAT Wise is reading many files at the moment. Try this one again in a minute.',
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
