/**
 * The services a test user can be enrolled in, and who may have each (docs/reference/hmrc-vat-api.md §2.2, from
 * HMRC's Service.scala). `GET /create-test-user/services` answers this table.
 */
export type TestUserType = 'INDIVIDUAL' | 'ORGANISATION' | 'AGENT';

export interface TestUserService {
  key: string;
  name: string;
  allowedUserTypes: TestUserType[];
}

const both: TestUserType[] = ['INDIVIDUAL', 'ORGANISATION'];
const organisation: TestUserType[] = ['ORGANISATION'];

export const testUserServices: readonly TestUserService[] = [
  { key: 'national-insurance', name: 'National Insurance', allowedUserTypes: both },
  { key: 'self-assessment', name: 'Self Assessment', allowedUserTypes: both },
  { key: 'mtd-income-tax', name: 'Making Tax Digital Income Tax', allowedUserTypes: both },
  { key: 'mtd-vat', name: 'Making Tax Digital VAT', allowedUserTypes: both },
  { key: 'customs-services', name: 'Customs Services', allowedUserTypes: both },
  { key: 'goods-vehicle-movements', name: 'Goods Vehicle Services', allowedUserTypes: both },
  { key: 'import-control-system', name: 'Import Control System', allowedUserTypes: both },
  { key: 'common-transit-convention-traders', name: 'Common Transit Convention Traders', allowedUserTypes: both },
  {
    key: 'common-transit-convention-traders-legacy',
    name: 'Common Transit Convention Traders Legacy',
    allowedUserTypes: both,
  },
  { key: 'corporation-tax', name: 'Corporation Tax', allowedUserTypes: organisation },
  { key: 'paye-for-employers', name: 'PAYE for Employers', allowedUserTypes: organisation },
  { key: 'submit-vat-returns', name: 'Submit VAT Returns', allowedUserTypes: organisation },
  { key: 'lisa', name: 'Lifetime ISA', allowedUserTypes: organisation },
  { key: 'secure-electronic-transfer', name: 'Secure Electronic Transfer', allowedUserTypes: organisation },
  { key: 'relief-at-source', name: 'Relief at Source', allowedUserTypes: organisation },
  { key: 'safety-and-security', name: 'Safety and Security', allowedUserTypes: organisation },
  { key: 'excise-movement-control-system', name: 'Excise Movement Control System', allowedUserTypes: organisation },
  { key: 'modernisation-of-authorisations', name: 'Modernisation of Authorisations', allowedUserTypes: organisation },
  { key: 'pillar-2', name: 'Pillar 2', allowedUserTypes: ['ORGANISATION', 'AGENT'] },
  { key: 'agent-services', name: 'Agent Services', allowedUserTypes: ['AGENT'] },
];

/** The services whose enrolment carries an EORI number. */
export const eoriServices = new Set([
  'customs-services',
  'goods-vehicle-movements',
  'import-control-system',
  'common-transit-convention-traders',
  'common-transit-convention-traders-legacy',
  'safety-and-security',
  'excise-movement-control-system',
]);
