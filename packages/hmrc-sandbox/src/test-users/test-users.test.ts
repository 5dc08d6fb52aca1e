import { addDays, isValidVrn } from '@vatwise/domain';
import {
  createAgentResponseSchema,
  createIndividualResponseSchema,
  createOrganisationResponseSchema,
  hmrcFlatErrorSchema,
  testUserServicesResponseSchema,
} from '@vatwise/hmrc';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basePath, type Sandbox, startSandbox, vatAccept } from '../test/harness';
import { registrationDateFor } from './generate';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

async function create(kind: string, body: string | undefined, headers: Record<string, string> = {}) {
  return sandbox.app.inject({
    method: 'POST',
    url: `${basePath}/create-test-user/${kind}`,
    headers: {
      accept: vatAccept,
      authorization: `Bearer ${await sandbox.appToken()}`,
      'content-type': 'application/json',
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

describe('Create Test User (docs/reference/hmrc-vat-api.md §2)', () => {
  it('creates an organisation with mtd-vat: sign-in details, names and a VRN that passes the check digits', async () => {
    const response = await create('organisations', JSON.stringify({ serviceNames: ['mtd-vat'] }));
    expect(response.statusCode).toBe(201);
    const user = createOrganisationResponseSchema.parse(response.json());
    expect(user.userId).toMatch(/^\d{12}$/);
    expect(user.password).toMatch(/^[a-z0-9]{12}$/);
    expect(user.emailAddress).toBe(`${user.userFullName.replace(' ', '.')}@example.com`.toLowerCase());
    expect(user.groupIdentifier).toMatch(/^\d{12}$/);
    expect(isValidVrn(user.vrn ?? '')).toBe(true);
    const registered = new Date(user.vatRegistrationDate ?? '').getTime();
    const years = (Date.now() - registered) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThanOrEqual(0.99);
    expect(years).toBeLessThanOrEqual(20.01);
  });

  it('dates a VRN’s registration from the VRN itself, and customer information gives the same date', async () => {
    const user = createOrganisationResponseSchema.parse(
      (await create('organisations', JSON.stringify({ serviceNames: ['mtd-vat'] }))).json(),
    );
    // The simulator dates by the UK calendar, which may be a day ahead of UTC's.
    const today = new Date().toISOString().slice(0, 10);
    expect([
      registrationDateFor(user.vrn ?? '', today),
      registrationDateFor(user.vrn ?? '', addDays(today, 1)),
    ]).toContain(user.vatRegistrationDate);
    const tokens = await sandbox.authorise(user);
    const information = await sandbox.vat('GET', `/organisations/vat/${user.vrn}/information`, {
      token: tokens.access_token,
    });
    expect(information.json().customerDetails.effectiveRegistrationDate).toBe(user.vatRegistrationDate);
  });

  it('gives different VRNs different registration dates', () => {
    const dates = new Set(
      ['100000000', '100000001', '100000002', '100000003'].map((vrn) => registrationDateFor(vrn, '2026-01-01')),
    );
    expect(dates.size).toBe(4);
  });

  it('creates an individual with the identifiers of each service asked for', async () => {
    const response = await create(
      'individuals',
      JSON.stringify({ serviceNames: ['mtd-vat', 'national-insurance', 'self-assessment', 'mtd-income-tax'] }),
    );
    const user = createIndividualResponseSchema.parse(response.json());
    expect(user.individualDetails.firstName).toBe(user.userFullName.split(' ')[0]);
    expect(user.nino).toMatch(/^[A-Z]{2}\d{6}[A-D]$/);
    expect(user.saUtr).toMatch(/^\d{10}$/);
    expect(user.mtdItId).toMatch(/^X[A-Z]IT\d{11}$/);
    expect(user.vrn).toMatch(/^\d{9}$/);
  });

  it('creates an agent with an agent services account number', async () => {
    const response = await create('agents', JSON.stringify({ serviceNames: ['agent-services'] }));
    const agent = createAgentResponseSchema.parse(response.json());
    expect(agent.agentServicesAccountNumber).toMatch(/^[A-Z]ARN\d{7}$/);
    expect(agent.agentCode).toMatch(/^\d{10}$/);
    expect(agent).not.toHaveProperty('vrn');
  });

  it('gives each user a VRN of its own', async () => {
    const vrns = new Set<string>();
    for (let index = 0; index < 10; index += 1) vrns.add((await sandbox.createUser('organisations')).vrn ?? '');
    expect(vrns.size).toBe(10);
  });

  it('answers a bad body 400 in plain text naming the problem', async () => {
    const unknown = await create('organisations', JSON.stringify({ serviceNames: ['mtd-everything'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toContain('text/plain');
    expect(unknown.body).toContain('mtd-everything');
    const notForAgents = await create('agents', JSON.stringify({ serviceNames: ['mtd-vat'] }));
    expect(notForAgents.statusCode).toBe(400);
    expect(notForAgents.body).toContain('mtd-vat is not available to agents');
    expect((await create('individuals', '{not json')).body).toBe('Invalid Json');
  });

  it('creates a user with no services when the request has no body, as HMRC does', async () => {
    const response = await create('organisations', undefined);
    expect(response.statusCode).toBe(201);
    const user = response.json() as Record<string, unknown>;
    expect(user.userId).toMatch(/^\d{12}$/);
    // No mtd-vat service: no VAT registration number, so no VAT account.
    expect(user).not.toHaveProperty('vrn');
  });

  it('refuses a NINO that another test user already has: 400 NINO_ALREADY_USED', async () => {
    const body = JSON.stringify({ serviceNames: ['national-insurance'], nino: 'AB123456C' });
    expect((await create('individuals', body)).statusCode).toBe(201);
    const again = await create('individuals', body);
    expect(again.statusCode).toBe(400);
    expect(hmrcFlatErrorSchema.parse(again.json()).code).toBe('NINO_ALREADY_USED');
  });

  it('needs HMRC’s Accept header and an application token', async () => {
    const body = JSON.stringify({ serviceNames: [] });
    const noAccept = await create('individuals', body, { accept: 'application/json' });
    expect(noAccept.statusCode).toBe(406);
    expect(noAccept.json()).toMatchObject({ code: 'ACCEPT_HEADER_INVALID' });
    const noToken = await sandbox.app.inject({
      method: 'POST',
      url: `${basePath}/create-test-user/individuals`,
      headers: { accept: vatAccept, 'content-type': 'application/json' },
      payload: body,
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'MISSING_CREDENTIALS' });
  });

  it('lists the services and who may have each', async () => {
    const response = await sandbox.app.inject({
      method: 'GET',
      url: `${basePath}/create-test-user/services`,
      headers: { accept: vatAccept, authorization: `Bearer ${await sandbox.appToken()}` },
    });
    const services = testUserServicesResponseSchema.parse(response.json());
    expect(services.find((service) => service.key === 'mtd-vat')?.allowedUserTypes).toEqual([
      'INDIVIDUAL',
      'ORGANISATION',
    ]);
    expect(services.find((service) => service.key === 'agent-services')?.allowedUserTypes).toEqual(['AGENT']);
  });
});
