import { vrnWithCheckDigits } from '@vatwise/domain';
import { pick, randomDigits, randomFrom } from '../platform/secrets';
import type { UserType } from '../store/store';
import { addDays } from '@vatwise/domain';
import { intBetween, randomFor } from '../vat/random';
import { eoriServices, type TestUserType, testUserServices } from './services';

/**
 * Builds a test user as HMRC's Create Test User API does (docs/reference/hmrc-vat-api.md §2.2, 2.3): sign-in
 * details, names, an address, and one identifier per enrolled service, all flat string fields.
 * Identifiers are random; the caller makes sure they are unique.
 */

const firstNames = ['Ida', 'Arthur', 'Grace', 'Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Noah', 'Freya'];
const lastNames = ['Newton', 'Patel', 'Hughes', 'Begum', 'Walsh', 'Okafor', 'Jones', 'Murray', 'Evans', 'Khan'];
const streets = ['Springfield Rise', 'Abbey Road', 'Station Street', 'Mill Lane', 'Church View', 'High Street'];
const towns = ['Glasgow', 'Aberdeen', 'Leeds', 'Bristol', 'Cardiff', 'Norwich', 'Belfast', 'York'];

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lowerAndDigits = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** NINO prefixes avoid D, F, I, Q, U, V and the never-issued pairs (HMRC's NIM39110). */
const ninoFirst = 'ABCEGHJKLMNOPRSTWXYZ';
const ninoSecond = 'ABCEGHJKLMNPRSTWXYZ';
const refusedNinoPrefixes = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);

function randomNino(): string {
  let prefix = randomFrom(ninoFirst, 1) + randomFrom(ninoSecond, 1);
  while (refusedNinoPrefixes.has(prefix)) prefix = randomFrom(ninoFirst, 1) + randomFrom(ninoSecond, 1);
  return `${prefix}${randomDigits(6)}${randomFrom('ABCD', 1)}`;
}

const postcode = (): string =>
  `${randomFrom(upper, 2)}${randomFrom('123456789', 1)} ${randomFrom('123456789', 1)}${randomFrom(upper, 2)}`;

const address = () => ({
  line1: `${randomFrom('123456789', 1)}${randomDigits(1)} ${pick(streets)}`,
  line2: pick(towns),
  postcode: postcode(),
});

export interface GeneratedTestUser {
  userId: string;
  password: string;
  /** The 201 body, password included. */
  body: Record<string, unknown>;
  vrn: string | undefined;
  /** True when enrolled in mtd-vat (HMRC-MTD-VAT): only then may the VAT (MTD) API be used. */
  mtdVat: boolean;
  nino: string | undefined;
  pillar2Id: string | undefined;
}

export type ParsedRequest =
  { ok: true; serviceNames: string[]; fields: Record<string, string> } | { ok: false; message: string };

const requestFields: Record<UserType, readonly string[]> = {
  individual: ['eoriNumber', 'nino'],
  organisation: ['eoriNumber', 'exciseNumber', 'nino', 'taxpayerType', 'pillar2Id'],
  agent: [],
};

const wireUserType: Record<UserType, TestUserType> = {
  individual: 'INDIVIDUAL',
  organisation: 'ORGANISATION',
  agent: 'AGENT',
};

/**
 * The request body, checked as HMRC's service does: JSON with a `serviceNames` array of services
 * this kind of user may have, no repeats, and the optional identifiers of 2.2 in their formats.
 * HMRC answers a bad body 400 with a plain-text reason, never a JSON error (2.3).
 */
export function parseCreateRequest(userType: UserType, given: unknown): ParsedRequest {
  // No body at all is a user with no services, as on HMRC (its definition makes the body optional).
  const body = given === undefined ? {} : given;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Invalid Json: expected an object such as {"serviceNames":["mtd-vat"]}' };
  }
  const record = body as Record<string, unknown>;
  const names = record.serviceNames ?? [];
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    return { ok: false, message: 'serviceNames must be an array of service names' };
  }
  const serviceNames = names as string[];
  if (new Set(serviceNames).size !== serviceNames.length) {
    return { ok: false, message: 'serviceNames must not repeat a service' };
  }
  for (const name of serviceNames) {
    const service = testUserServices.find((candidate) => candidate.key === name);
    if (!service) return { ok: false, message: `Unknown service name: ${name}` };
    if (!service.allowedUserTypes.includes(wireUserType[userType])) {
      return { ok: false, message: `The service ${name} is not available to ${userType}s` };
    }
  }
  const fields: Record<string, string> = {};
  for (const name of requestFields[userType]) {
    const value = record[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return { ok: false, message: `${name} must be a string` };
    fields[name] = value;
  }
  if (fields.eoriNumber !== undefined && !/^(GB|XI)\d{12,15}$|^[A-Z]{2}\d{1,15}$/.test(fields.eoriNumber)) {
    return { ok: false, message: 'eoriNumber must be a GB, XI or EU EORI number' };
  }
  if (fields.exciseNumber !== undefined && !/^[A-Z]{2}[a-zA-Z0-9]{11}$/.test(fields.exciseNumber)) {
    return { ok: false, message: 'exciseNumber must be 2 capitals followed by 11 letters or digits' };
  }
  if (fields.taxpayerType !== undefined && !['Individual', 'Partnership'].includes(fields.taxpayerType)) {
    return { ok: false, message: 'taxpayerType must be Individual or Partnership' };
  }
  if (fields.nino !== undefined) {
    if (!serviceNames.includes('national-insurance') && !serviceNames.includes('mtd-income-tax')) {
      return { ok: false, message: 'nino may only be given with national-insurance or mtd-income-tax' };
    }
    if (!/^[A-Z]{2}\d{6}[A-D]$/.test(fields.nino)) return { ok: false, message: 'nino is not a valid NINO' };
  }
  return { ok: true, serviceNames, fields };
}

/**
 * The VAT registration date of a new VRN: 1 to 20 years before the day it is created (2.3), drawn
 * from the VRN so that the same VRN always gets the same date. It is the known fact an agent gives
 * for the client (agents/) and the customer information's effectiveRegistrationDate.
 */
export function registrationDateFor(vrn: string, today: string): string {
  return addDays(today, -intBetween(randomFor(`registration:${vrn}`), 365, 20 * 365 - 1));
}

/** A new test user for a parsed request; `today` (YYYY-MM-DD) dates the VAT registration. */
export function generateTestUser(
  userType: UserType,
  request: { serviceNames: string[]; fields: Record<string, string> },
  today: string,
): GeneratedTestUser {
  const has = (name: string) => request.serviceNames.includes(name);
  const firstName = pick(firstNames);
  const lastName = pick(lastNames);
  const userId = randomDigits(12);
  const password = randomFrom(lowerAndDigits, 12);
  const body: Record<string, unknown> = {
    userId,
    password,
    userFullName: `${firstName} ${lastName}`,
    emailAddress: `${firstName}.${lastName}@example.com`.toLowerCase(),
    groupIdentifier: randomDigits(12),
  };
  const individualDetails = {
    firstName,
    lastName,
    dateOfBirth: addDays('1950-01-01', Number(randomDigits(4)) % 18_000),
    address: address(),
  };
  if (userType === 'individual') body.individualDetails = individualDetails;
  if (userType === 'organisation') {
    body.organisationDetails = { name: `Company ${randomFrom(upper, 3)}${randomDigits(3)}`, address: address() };
    body.individualDetails = individualDetails;
  }

  let nino: string | undefined;
  if (has('national-insurance') || has('mtd-income-tax')) nino = request.fields.nino ?? randomNino();
  let vrn: string | undefined;
  if (has('mtd-vat') || has('submit-vat-returns')) {
    vrn = vrnWithCheckDigits(randomDigits(7));
    body.vrn = vrn;
    body.vatRegistrationDate = registrationDateFor(vrn, today);
  }
  if (has('self-assessment')) {
    body.saUtr = randomDigits(10);
    if (userType === 'organisation') body.taxpayerType = request.fields.taxpayerType ?? 'Individual';
  }
  if (nino) body.nino = nino;
  if (has('mtd-income-tax')) body.mtdItId = `X${randomFrom(upper, 1)}IT${randomDigits(11)}`;
  if (has('corporation-tax')) {
    body.ctUtr = randomDigits(10);
    body.crn = randomDigits(8);
  }
  if (has('paye-for-employers')) body.empRef = `${randomDigits(3)}/${randomFrom(upper, 10)}`;
  if (has('lisa')) body.lisaManagerReferenceNumber = `Z${randomDigits(6)}`;
  if (has('secure-electronic-transfer')) body.secureElectronicTransferReferenceNumber = randomDigits(12);
  if (has('relief-at-source')) body.pensionSchemeAdministratorIdentifier = `A${randomDigits(7)}`;
  if (request.serviceNames.some((name) => eoriServices.has(name))) {
    body.eoriNumber = request.fields.eoriNumber ?? `GB${randomDigits(12)}`;
  }
  if (has('excise-movement-control-system')) {
    body.exciseNumber = request.fields.exciseNumber ?? `GB${randomFrom(upper, 2)}${randomDigits(9)}`;
  }
  let pillar2Id: string | undefined;
  if (has('pillar-2')) {
    pillar2Id = request.fields.pillar2Id ?? `X${randomFrom(upper, 1)}${randomDigits(13)}`;
    body.pillar2Id = pillar2Id;
  }
  if (has('agent-services')) {
    body.agentServicesAccountNumber = `${randomFrom(upper, 1)}ARN${randomDigits(7)}`;
    body.agentCode = randomDigits(10);
  }
  return { userId, password, body, vrn, mtdVat: has('mtd-vat'), nino, pillar2Id };
}
