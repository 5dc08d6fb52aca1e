import { z } from 'zod';
import { isCalendarDate } from '../vat/dates';
import { isValidVrn } from '../vat/vrn';
import { obligationStatuses } from './obligation-statuses';

/**
 * Requests and answers of VAT Wise's own HMRC routes (docs/reference/product.md §7), shared by the server (which
 * validates with them) and the web app (whose forms use the same rules). Money is integer pence;
 * dates are 'YYYY-MM-DD'. HMRC's own wire bodies are in @vatwise/hmrc.
 */

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });
const pence = z.number().int();

/** A VRN: 9 digits whose check digits hold (docs/reference/vat-rules.md §5.1). Spaces and a GB prefix are forgiven. */
export const vrnSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').replace(/^GB/i, ''))
  .refine((value) => /^\d{9}$/.test(value), { message: 'A VAT registration number has 9 digits' })
  .refine(isValidVrn, {
    message: 'This VAT registration number’s check digits do not match: check it for typing mistakes',
  });

/** The HMRC test user id of a sandbox user, which also names its HMRC connection (the product reference's `userId`). */
export const hmrcUserIdSchema = z.string().trim().min(1).max(64);

// --- sandbox users (docs/reference/product.md §3 and 7) -------------------------------------------------

export const sandboxUserTypes = ['Individual', 'Organisation', 'Agent'] as const;
export const sandboxUserTypeSchema = z.enum(sandboxUserTypes, { message: 'Please select a user type.' });
export type SandboxUserType = z.infer<typeof sandboxUserTypeSchema>;

export const createSandboxUserBodySchema = z.object({ userType: sandboxUserTypeSchema });

/** Authority granted to VAT Wise for an HMRC user (times are ISO 8601 instants). */
export const authorisationSchema = z.object({
  authorisedAt: z.string(),
  /** When the authority ends (HMRC: 18 months after the grant) unless renewed. */
  expiresAt: z.string(),
  /** The current access token's end; VAT Wise refreshes it by itself. */
  accessTokenExpiresAt: z.string(),
  /** HMRC refused to refresh the tokens: the user must grant authority again. */
  needsReauthorisation: z.boolean(),
});
export type Authorisation = z.infer<typeof authorisationSchema>;

export const sandboxUserSchema = z.object({
  userId: z.string(),
  /** The test user's sign-in password: shown to its owner only, to sign in on HMRC's page. */
  password: z.string(),
  userType: sandboxUserTypeSchema,
  userFullName: z.string(),
  emailAddress: z.string(),
  vrn: z.string().nullable(),
  organisationName: z.string().nullable(),
  agentServicesAccountNumber: z.string().nullable(),
  /** HMRC's VAT registration date for the test user's VRN: the fact an agent asks a client's authority with. */
  vatRegistrationDate: z.string().nullable(),
  createdAt: z.string(),
  authorisation: authorisationSchema.nullable(),
});
export type SandboxUser = z.infer<typeof sandboxUserSchema>;

export const sandboxUserListSchema = z.object({ sandboxUsers: z.array(sandboxUserSchema) });

/** What the browser keeps as `authorizationDetails` (docs/reference/product.md §3): nothing secret. */
export const authorizationDetailsSchema = z.object({
  userId: z.string(),
  userType: sandboxUserTypeSchema,
  vrn: z.string().nullable(),
  authorisedAt: z.string(),
  expiresAt: z.string(),
});
export type AuthorizationDetails = z.infer<typeof authorizationDetailsSchema>;

// --- authorisation (OAuth with HMRC) --------------------------------------------------------

/** An Agent Reference Number, as HMRC writes it (the agent services account's identifier). */
export const arnSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]ARN\d{7}$/, { message: 'An Agent Reference Number is written like XARN1234567' });

export const getAuthUrlQuerySchema = z.object({
  userId: hmrcUserIdSchema.optional(),
  /** Granting as a tax agent's services account (real HMRC): its ARN, and the agent scopes asked for. */
  agentArn: arnSchema.optional(),
});
export const getAuthUrlResponseSchema = z.object({ url: z.string() });

/** Sent by /hmrc-callback: HMRC's code and the state VAT Wise issued with the authorisation URL. */
export const exchangeCodeBodySchema = z.object({
  code: z.string().trim().min(1, 'The authorisation code is missing'),
  state: z.string().trim().min(1, 'The authorisation state is missing'),
  userId: hmrcUserIdSchema.optional(),
});
export const exchangeCodeResponseSchema = z.object({
  userId: z.string().nullable(),
  vrn: z.string().nullable(),
  authorisation: authorisationSchema,
});

export const checkAuthQuerySchema = z.object({ userId: hmrcUserIdSchema });
export const checkAuthResponseSchema = z.object({
  userExists: z.boolean(),
  authorisation: authorisationSchema.nullable().optional(),
  error: z.string().optional(),
});

export const refreshTokenBodySchema = z.object({ userId: hmrcUserIdSchema });
export const refreshTokenResponseSchema = z.object({ authorisation: authorisationSchema });

// --- businesses (VRNs) -----------------------------------------------------------------------

export const businessSchema = z.object({
  vrn: z.string(),
  name: z.string(),
  /** The HMRC user (test user id, or our connection id for real HMRC) whose authority reaches it. */
  userId: z.string().nullable(),
  authorisation: authorisationSchema.nullable(),
  lastUsedAt: z.string().nullable(),
  /** Set when the authority is a tax agent's (its ARN): the business is the agent's client. */
  agentArn: z.string().nullable(),
  /** When HMRC said the agent's authority for this client ended (null: not ended, or not an agent's). */
  authorityEndedAt: z.string().nullable().optional(),
});
export type Business = z.infer<typeof businessSchema>;

export const businessListSchema = z.object({ businesses: z.array(businessSchema), current: z.string().nullable() });
export const addBusinessBodySchema = z.object({
  vrn: vrnSchema,
  name: z.string().trim().max(160).optional(),
  userId: hmrcUserIdSchema,
  /** Move a VRN VAT Wise already reaches through another HMRC authority to this one. */
  replace: z.boolean().optional(),
});
export const selectBusinessBodySchema = z.object({ vrn: vrnSchema });

// --- VAT data (docs/reference/product.md §7) ------------------------------------------------------------

/** docs/reference/product.md §3: the obligation status values the screen offers. */

const vatTarget = { vrn: vrnSchema, userId: hmrcUserIdSchema.optional() };

export const obligationsQuerySchema = z.object({
  ...vatTarget,
  from: isoDate,
  to: isoDate,
  status: z.enum(obligationStatuses).default('All'),
});
export const dateRangeQuerySchema = z.object({ ...vatTarget, from: isoDate, to: isoDate });
export const penaltiesQuerySchema = z.object(vatTarget);
export const financialsQuerySchema = z.object({
  ...vatTarget,
  chargeReference: z
    .string()
    .trim()
    .regex(/^X[a-zA-Z]\d{12}$/, {
      message: 'A penalty charge reference is X, a letter and 12 digits',
    }),
});
export const returnViewQuerySchema = z.object({
  ...vatTarget,
  periodKey: z.string().regex(/^[#0-9A-Z]{4}$/, { message: 'A period key is 4 characters' }),
});

export const taxPeriodSchema = z.object({ from: isoDate, to: isoDate });

export const obligationSchema = z.object({
  periodKey: z.string(),
  start: isoDate,
  end: isoDate,
  due: isoDate,
  status: z.enum(['O', 'F']),
  received: isoDate.nullable(),
});
export type Obligation = z.infer<typeof obligationSchema>;
export const obligationListSchema = z.object({ obligations: z.array(obligationSchema) });

export const liabilitySchema = z.object({
  taxPeriod: taxPeriodSchema.nullable(),
  type: z.string(),
  originalAmountPence: pence,
  outstandingAmountPence: pence.nullable(),
  due: isoDate.nullable(),
});
export type Liability = z.infer<typeof liabilitySchema>;
export const liabilityListSchema = z.object({ liabilities: z.array(liabilitySchema) });

export const paymentSchema = z.object({ amountPence: pence, received: isoDate.nullable() });
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSchema) });

/** One penalty, late submission or late payment, in the terms the screen shows. */
export const penaltySchema = z.object({
  kind: z.enum(['lateSubmission', 'latePayment']),
  /** HMRC's penalty number (late submission) or principal charge reference (late payment). */
  id: z.string(),
  category: z.string(),
  status: z.string(),
  taxPeriod: taxPeriodSchema.nullable(),
  createdOn: isoDate.nullable(),
  expiresOn: isoDate.nullable(),
  /** For financial details: present once HMRC has raised a charge for it. */
  chargeReference: z.string().nullable(),
  amountPence: pence.nullable(),
  outstandingPence: pence.nullable(),
  dueOn: isoDate.nullable(),
  appealStatus: z.string().nullable(),
});
export type Penalty = z.infer<typeof penaltySchema>;

export const penaltiesSchema = z.object({
  totals: z
    .object({
      lateSubmissionPenaltyPence: pence,
      penalisedPrincipalPence: pence,
      latePaymentPenaltyPostedPence: pence,
      latePaymentPenaltyEstimatePence: pence,
    })
    .nullable(),
  lateSubmissionSummary: z
    .object({
      activePoints: z.number().int(),
      inactivePoints: z.number().int(),
      threshold: z.number().int(),
      chargeAmountPence: pence,
      /** 9999-12-31 is HMRC's "no active points". */
      complianceAchievedOn: isoDate,
    })
    .nullable(),
  penalties: z.array(penaltySchema),
});
export type Penalties = z.infer<typeof penaltiesSchema>;

export const financialDetailsSchema = z.object({
  totals: z
    .object({
      overduePence: pence.nullable(),
      notYetDuePence: pence.nullable(),
      balancePence: pence.nullable(),
      creditPence: pence.nullable(),
      clearedPence: pence.nullable(),
    })
    .nullable(),
  documents: z.array(
    z.object({
      postingDate: isoDate.nullable(),
      issueDate: isoDate.nullable(),
      totalPence: pence.nullable(),
      clearedPence: pence.nullable(),
      outstandingPence: pence.nullable(),
      lines: z.array(
        z.object({
          description: z.string(),
          from: isoDate.nullable(),
          to: isoDate.nullable(),
          dueOn: isoDate.nullable(),
          amountPence: pence.nullable(),
        }),
      ),
    }),
  ),
});
export type FinancialDetails = z.infer<typeof financialDetailsSchema>;

/** The nine boxes of a VAT return in pence (docs/reference/hmrc-vat-api.md §3.5 names). */
export const returnBoxesSchema = z.object({
  vatDueSales: pence,
  vatDueAcquisitions: pence,
  totalVatDue: pence,
  vatReclaimedCurrPeriod: pence,
  netVatDue: pence,
  totalValueSalesExVAT: pence,
  totalValuePurchasesExVAT: pence,
  totalValueGoodsSuppliedExVAT: pence,
  totalAcquisitionsExVAT: pence,
});
export type ReturnBoxes = z.infer<typeof returnBoxesSchema>;

export const vatReturnSchema = z.object({ periodKey: z.string(), boxes: returnBoxesSchema });
export type VatReturn = z.infer<typeof vatReturnSchema>;

/** The error body's extra for a call HMRC refused or failed (see hmrc/messages.ts). */
export const hmrcErrorDetailSchema = z.object({
  kind: z.string(),
  status: z.number().int(),
  codes: z.array(z.string()),
});
