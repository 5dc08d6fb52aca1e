import { describe, expect, it } from 'vitest';
import {
  createAgentRequestSchema,
  createAgentResponseSchema,
  createIndividualRequestSchema,
  createIndividualResponseSchema,
  createOrganisationRequestSchema,
  createOrganisationResponseSchema,
  testUserServicesResponseSchema,
} from './test-user';

// Example bodies copied from HMRC's api-platform-test-user definition (examples/*.json).
const individualRequestExample = {
  serviceNames: [
    'national-insurance',
    'self-assessment',
    'mtd-income-tax',
    'customs-services',
    'goods-vehicle-movements',
    'import-control-system',
    'mtd-vat',
    'common-transit-convention-traders',
    'common-transit-convention-traders-legacy',
  ],
  eoriNumber: 'GB123456789012',
};

const organisationRequestExample = {
  serviceNames: [
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
  ],
  eoriNumber: 'GB123456789012',
  exciseNumber: 'GBWK254706100',
  taxpayerType: 'Individual',
};

const individualResponseExample = {
  userId: '945350439195',
  password: 'bLohysg8utsa',
  userFullName: 'Ida Newton',
  emailAddress: 'ida.newton@example.com',
  individualDetails: {
    firstName: 'Ida',
    lastName: 'Newton',
    dateOfBirth: '1960-06-01',
    address: { line1: '45 Springfield Rise', line2: 'Glasgow', postcode: 'TS1 1PA' },
  },
  saUtr: '1000057161',
  nino: 'PE938808A',
  mtdItId: 'XJIT00000328268',
  vrn: '666119668',
  vatRegistrationDate: '2001-11-02',
  eoriNumber: 'GB123456789012',
};

const organisationResponseExample = {
  userId: '085603622877',
  password: 'nyezgdfrlsmc',
  userFullName: 'Ida Newton',
  emailAddress: 'ida.newton@example.com',
  organisationDetails: {
    name: 'Company ABF123',
    address: { line1: '1 Abbey Road', line2: 'Aberdeen', postcode: 'TS1 1PA' },
  },
  individualDetails: {
    firstName: 'Ida',
    lastName: 'Newton',
    dateOfBirth: '1960-06-01',
    address: { line1: '45 Springfield Rise', line2: 'Glasgow', postcode: 'TS1 1PA' },
  },
  saUtr: '8000083480',
  nino: 'XM110477D',
  empRef: '538/EMKXYNSVTH',
  ctUtr: '4000082459',
  vrn: '666119668',
  vatRegistrationDate: '2001-11-02',
  mtdItId: 'XJIT00000328268',
  lisaManagerReferenceNumber: 'Z123456',
  secureElectronicTransferReferenceNumber: '123456789012',
  pensionSchemeAdministratorIdentifier: 'A1234567',
  eoriNumber: 'GB123456789012',
  exciseNumber: 'GBWK254706100',
  crn: '12345678',
  taxPayerType: 'Individual',
  pillar2Id: 'XA1234567890123',
};

const agentResponseExample = {
  userId: '945350439195',
  password: 'bLohysg8utsa ',
  userFullName: 'Ida Newton',
  emailAddress: 'ida.newton@example.com',
  agentServicesAccountNumber: 'NARN0396245',
};

describe('Create Test User requests', () => {
  it("accepts HMRC's example requests for individuals, organisations and agents", () => {
    expect(createIndividualRequestSchema.safeParse(individualRequestExample).success).toBe(true);
    expect(createOrganisationRequestSchema.safeParse(organisationRequestExample).success).toBe(true);
    expect(createAgentRequestSchema.safeParse({ serviceNames: ['agent-services'] }).success).toBe(true);
  });

  it('accepts the VAT Wise request: an organisation with mtd-vat, and an empty service list', () => {
    expect(createOrganisationRequestSchema.parse({ serviceNames: ['mtd-vat'] })).toEqual({ serviceNames: ['mtd-vat'] });
    expect(createIndividualRequestSchema.safeParse({ serviceNames: [] }).success).toBe(true);
  });

  it('refuses a service the user type cannot have, a repeated service and a missing list', () => {
    expect(createIndividualRequestSchema.safeParse({ serviceNames: ['corporation-tax'] }).success).toBe(false);
    expect(createAgentRequestSchema.safeParse({ serviceNames: ['mtd-vat'] }).success).toBe(false);
    expect(createOrganisationRequestSchema.safeParse({ serviceNames: ['mtd-vat', 'mtd-vat'] }).success).toBe(false);
    expect(createOrganisationRequestSchema.safeParse({}).success).toBe(false);
  });

  it('refuses a malformed EORI or excise number', () => {
    expect(createIndividualRequestSchema.safeParse({ serviceNames: [], eoriNumber: 'gb123456789012' }).success).toBe(
      false,
    );
    expect(createOrganisationRequestSchema.safeParse({ serviceNames: [], exciseNumber: 'gbWK254706100' }).success).toBe(
      false,
    );
  });
});

describe('Create Test User responses', () => {
  it("reads HMRC's example individual, with its VRN and VAT registration date", () => {
    const individual = createIndividualResponseSchema.parse(individualResponseExample);
    expect(individual.vrn).toBe('666119668');
    expect(individual.vatRegistrationDate).toBe('2001-11-02');
    expect(individual.individualDetails.address.postcode).toBe('TS1 1PA');
  });

  it("reads HMRC's example organisation with either spelling of taxpayerType", () => {
    const organisation = createOrganisationResponseSchema.parse(organisationResponseExample);
    expect(organisation.organisationDetails.name).toBe('Company ABF123');
    expect(organisation.taxPayerType).toBe('Individual');
    const { taxPayerType, ...rest } = organisationResponseExample;
    expect(createOrganisationResponseSchema.parse({ ...rest, taxpayerType: taxPayerType }).taxpayerType).toBe(
      'Individual',
    );
  });

  it("reads HMRC's example agent", () => {
    expect(createAgentResponseSchema.parse(agentResponseExample).agentServicesAccountNumber).toBe('NARN0396245');
  });

  it('keeps the fields HMRC sends beyond its schema, such as groupIdentifier and agentCode', () => {
    const agent = createAgentResponseSchema.parse({
      ...agentResponseExample,
      groupIdentifier: '123456789012',
      agentCode: '1234567890',
      somethingNew: 'kept',
    });
    expect(agent.groupIdentifier).toBe('123456789012');
    expect(agent.agentCode).toBe('1234567890');
    expect(agent).toHaveProperty('somethingNew', 'kept');
  });

  it('refuses a user without sign-in details, a VRN that is not 9 digits or an impossible date', () => {
    const { userId: _userId, ...withoutUserId } = individualResponseExample;
    expect(createIndividualResponseSchema.safeParse(withoutUserId).success).toBe(false);
    expect(createIndividualResponseSchema.safeParse({ ...individualResponseExample, vrn: 'GB666119668' }).success).toBe(
      false,
    );
    expect(
      createIndividualResponseSchema.safeParse({ ...individualResponseExample, vatRegistrationDate: '2001-02-30' })
        .success,
    ).toBe(false);
  });

  it("reads HMRC's example list of services", () => {
    const services = testUserServicesResponseSchema.parse([
      { key: 'service1', name: 'Service 1', allowedUserTypes: ['INDIVIDUAL', 'ORGANISATION'] },
      { key: 'service2', name: 'Service 2', allowedUserTypes: ['AGENT'] },
    ]);
    expect(services.map((service) => service.key)).toEqual(['service1', 'service2']);
  });
});
