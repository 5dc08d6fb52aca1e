import { z } from 'zod';
import { isoDateSchema } from './common';

/**
 * HMRC's Create Test User API (sandbox only), docs/reference/hmrc-vat-api.md §2.1–2.3. Responses are loose objects:
 * HMRC emits fields its schemas do not list (`groupIdentifier`, `agentCode`), so unknown fields are
 * kept rather than rejected. Every identifier is a string.
 */

/** Services an individual may enrol for (HMRC's create-individual-request schema). */
export const individualServiceNames = [
  'national-insurance',
  'self-assessment',
  'mtd-income-tax',
  'customs-services',
  'goods-vehicle-movements',
  'import-control-system',
  'mtd-vat',
  'common-transit-convention-traders',
  'common-transit-convention-traders-legacy',
] as const;

/** Services an organisation may enrol for (HMRC's create-organisation-request schema). */
export const organisationServiceNames = [
  'corporation-tax',
  'paye-for-employers',
  'submit-vat-returns',
  'national-insurance',
  'self-assessment',
  'mtd-income-tax',
  'mtd-vat',
  'lisa',
  'secure-electronic-transfer',
  'relief-at-source',
  'customs-services',
  'goods-vehicle-movements',
  'import-control-system',
  'safety-and-security',
  'common-transit-convention-traders',
  'common-transit-convention-traders-legacy',
  'excise-movement-control-system',
  'modernisation-of-authorisations',
  'pillar-2',
] as const;

// The agent JSON schema lists only agent-services; HMRC's Service.scala also lets agents have pillar-2 (2.2).
/** Services an agent may enrol for. */
export const agentServiceNames = ['agent-services', 'pillar-2'] as const;

function serviceNamesSchema<const Names extends readonly [string, ...string[]]>(names: Names) {
  return z
    .array(z.enum(names))
    .refine((chosen) => new Set(chosen).size === chosen.length, { message: 'service names must be unique' });
}

// GB/XI EORIs, or the EU form (HMRC's request schemas).
const eoriNumberSchema = z
  .string()
  .min(3)
  .max(17)
  .regex(/^(GB|XI)[0-9]{12,15}$|^[A-Z]{2}[0-9]{1,15}$/, { message: 'must be a GB, XI or EU EORI number' });

/** Body of `POST /create-test-user/individuals`. Send `serviceNames: []` rather than no body (2.1). */
export const createIndividualRequestSchema = z.object({
  serviceNames: serviceNamesSchema(individualServiceNames),
  eoriNumber: eoriNumberSchema.optional(),
  /** Only with national-insurance or mtd-income-tax; reuse gives 400 NINO_ALREADY_USED. */
  nino: z.string().optional(),
});
export type CreateIndividualRequest = z.infer<typeof createIndividualRequestSchema>;

/** Body of `POST /create-test-user/organisations`. */
export const createOrganisationRequestSchema = z.object({
  serviceNames: serviceNamesSchema(organisationServiceNames),
  eoriNumber: eoriNumberSchema.optional(),
  exciseNumber: z
    .string()
    .regex(/^[A-Z]{2}[a-zA-Z0-9]{11}$/, { message: 'must be 2 capitals and 11 letters or digits' })
    .optional(),
  nino: z.string().optional(),
  // The server reads `taxpayerType` although HMRC's schema spells it `taxPayerType` (2.2).
  taxpayerType: z.enum(['Individual', 'Partnership']).optional(),
  pillar2Id: z.string().optional(),
});
export type CreateOrganisationRequest = z.infer<typeof createOrganisationRequestSchema>;

/** Body of `POST /create-test-user/agents`. */
export const createAgentRequestSchema = z.object({
  serviceNames: serviceNamesSchema(agentServiceNames),
});
export type CreateAgentRequest = z.infer<typeof createAgentRequestSchema>;

const testUserAddressSchema = z.looseObject({
  line1: z.string(),
  line2: z.string(),
  postcode: z.string(),
});

const individualDetailsSchema = z.looseObject({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDateSchema,
  address: testUserAddressSchema,
});

/** VAT (MTD) identifiers: present when the user was created with mtd-vat (or submit-vat-returns). */
const vatIdentifierFields = {
  vrn: z
    .string()
    .regex(/^\d{9}$/, { message: 'must be 9 digits' })
    .optional(),
  vatRegistrationDate: isoDateSchema.optional(),
};

/** Sign-in details every test user has (2.3). */
const testUserCredentialFields = {
  /** The sign-in user ID (12 digits). */
  userId: z.string().min(1),
  /** 12 letters and digits. */
  password: z.string().min(1),
  userFullName: z.string(),
  emailAddress: z.string(),
  /** Emitted by HMRC though not in its schema. */
  groupIdentifier: z.string().optional(),
};

/** 201 answer to creating an individual. */
export const createIndividualResponseSchema = z.looseObject({
  ...testUserCredentialFields,
  individualDetails: individualDetailsSchema,
  ...vatIdentifierFields,
  saUtr: z.string().optional(),
  nino: z.string().optional(),
  mtdItId: z.string().optional(),
  eoriNumber: z.string().optional(),
});
export type CreateIndividualResponse = z.infer<typeof createIndividualResponseSchema>;

/** 201 answer to creating an organisation. */
export const createOrganisationResponseSchema = z.looseObject({
  ...testUserCredentialFields,
  organisationDetails: z.looseObject({ name: z.string(), address: testUserAddressSchema }),
  individualDetails: individualDetailsSchema.optional(),
  ...vatIdentifierFields,
  saUtr: z.string().optional(),
  nino: z.string().optional(),
  mtdItId: z.string().optional(),
  empRef: z.string().optional(),
  ctUtr: z.string().optional(),
  crn: z.string().optional(),
  lisaManagerReferenceNumber: z.string().optional(),
  secureElectronicTransferReferenceNumber: z.string().optional(),
  pensionSchemeAdministratorIdentifier: z.string().optional(),
  eoriNumber: z.string().optional(),
  exciseNumber: z.string().optional(),
  // The wire spelling is `taxpayerType`; HMRC's schema and example say `taxPayerType` (2.3), so accept both.
  taxpayerType: z.string().optional(),
  taxPayerType: z.string().optional(),
  pillar2Id: z.string().optional(),
});
export type CreateOrganisationResponse = z.infer<typeof createOrganisationResponseSchema>;

/** 201 answer to creating an agent. */
export const createAgentResponseSchema = z.looseObject({
  ...testUserCredentialFields,
  /** The ARN, e.g. `NARN0396245`; present with agent-services. */
  agentServicesAccountNumber: z.string().optional(),
  /** 10 digits; emitted by HMRC though not in its schema. */
  agentCode: z.string().optional(),
});
export type CreateAgentResponse = z.infer<typeof createAgentResponseSchema>;

/** 200 answer to `GET /create-test-user/services`. */
export const testUserServicesResponseSchema = z.array(
  z.looseObject({
    key: z.string(),
    name: z.string(),
    /** `INDIVIDUAL`, `ORGANISATION` and/or `AGENT`. */
    allowedUserTypes: z.array(z.string()),
  }),
);
export type TestUserServicesResponse = z.infer<typeof testUserServicesResponseSchema>;
