import type { DashboardRow } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { arrangeRows, authorityDaysLeft, needsAuthority } from './rows';

const now = new Date('2026-11-24T12:00:00Z');
const authority = (expiresAt: string, needsReauthorisation = false) => ({
  authorisedAt: '2025-06-01T00:00:00Z',
  expiresAt,
  accessTokenExpiresAt: '2026-11-24T16:00:00Z',
  needsReauthorisation,
});
const row = (
  name: string,
  vrn: string,
  standing: Partial<NonNullable<DashboardRow['standing']>> | null,
  extra: Partial<DashboardRow> = {},
): DashboardRow => ({
  vrn,
  name,
  agentArn: null,
  authorisation: authority('2027-12-01T00:00:00Z'),
  standing: standing && {
    nextDue: null,
    overdueReturns: 0,
    unpaidPastDuePence: 0,
    unpaidPastDueCount: 0,
    penaltyPoints: 0,
    penaltyThreshold: 4,
    lastFiled: null,
    ...standing,
  },
  readAt: '2026-11-24T11:59:00Z',
  reading: false,
  problem: null,
  review: null,
  ...extra,
});

const rows = [
  row('Bakery', '101747696', {
    nextDue: { periodStart: '2026-07-01', periodEnd: '2026-09-30', due: '2026-11-07' },
    overdueReturns: 1,
  }),
  row('Cafe', '123456782', {
    nextDue: { periodStart: '2026-10-01', periodEnd: '2026-12-31', due: '2027-02-07' },
    unpaidPastDuePence: 250_00,
  }),
  row('Not read yet', '987654321', null, { readAt: null, reading: true }),
  row(
    'Abbey Builders',
    '555555555',
    { nextDue: { periodStart: '2026-08-01', periodEnd: '2026-10-31', due: '2026-12-07' } },
    {
      authorisation: authority('2026-12-01T00:00:00Z'),
    },
  ),
];
const names = (arranged: DashboardRow[]) => arranged.map((one) => one.name);
const all = { sort: 'nextDue' as const, descending: false, filter: 'all' as const, search: '' };

describe('arranging the dashboard', () => {
  it('sorts by the next due date either way, rows not read yet last both ways', () => {
    expect(names(arrangeRows(rows, all, now))).toEqual(['Bakery', 'Abbey Builders', 'Cafe', 'Not read yet']);
    expect(names(arrangeRows(rows, { ...all, descending: true }, now))).toEqual([
      'Cafe',
      'Abbey Builders',
      'Bakery',
      'Not read yet',
    ]);
    expect(names(arrangeRows(rows, { ...all, sort: 'name' }, now))).toEqual([
      'Abbey Builders',
      'Bakery',
      'Cafe',
      'Not read yet',
    ]);
  });

  it('filters to what needs attention, and searches names and VRNs written with spaces', () => {
    expect(names(arrangeRows(rows, { ...all, filter: 'overdue' }, now))).toEqual(['Bakery']);
    expect(names(arrangeRows(rows, { ...all, filter: 'unpaid' }, now))).toEqual(['Cafe']);
    expect(names(arrangeRows(rows, { ...all, filter: 'authority' }, now))).toEqual(['Abbey Builders']);
    expect(names(arrangeRows(rows, { ...all, filter: 'attention' }, now))).toEqual([
      'Bakery',
      'Abbey Builders',
      'Cafe',
    ]);
    expect(names(arrangeRows(rows, { ...all, search: '123 4567' }, now))).toEqual(['Cafe']);
    expect(names(arrangeRows(rows, { ...all, search: 'BAKE' }, now))).toEqual(['Bakery']);
  });

  it('asks for authority again when HMRC refused it, there is none, or it ends within 14 days', () => {
    expect(needsAuthority(rows[0] as DashboardRow, now)).toBe(false);
    expect(needsAuthority(rows[3] as DashboardRow, now)).toBe(true);
    expect(needsAuthority(row('x', '1', null, { authorisation: null }), now)).toBe(true);
    expect(needsAuthority(row('x', '1', null, { authorisation: authority('2027-12-01T00:00:00Z', true) }), now)).toBe(
      true,
    );
  });

  it('counts an ended client authority under "Authority to renew", with no days left, however long the token lasts', () => {
    const ended = row(
      'Moved Ltd',
      '555555555',
      {},
      { agentArn: 'XARN1234567', authorityEndedAt: '2026-11-24T10:00:00Z' },
    );
    expect(authorityDaysLeft(ended, now)).toBeNull();
    expect(needsAuthority(ended, now)).toBe(true);
    const all = { sort: 'name', descending: false, search: '' } as const;
    expect(arrangeRows([...rows, ended], { ...all, filter: 'authority' }, now).map((one) => one.name)).toContain(
      'Moved Ltd',
    );
    expect(arrangeRows([...rows, ended], { ...all, filter: 'attention' }, now).map((one) => one.name)).toContain(
      'Moved Ltd',
    );
  });

  it('puts returns waiting for a reviewer first, and filters to them', () => {
    const review = (state: 'draft' | 'ready' | 'approved') => ({ returnId: state, periodEnd: '2026-09-30', state });
    const inReview = [
      row('Drafting', '111111111', {}, { review: review('draft') }),
      row('Nothing open', '222222222', {}),
      row('Approved', '333333333', {}, { review: review('approved') }),
      row('Waiting', '444444444', {}, { review: review('ready') }),
    ];
    expect(names(arrangeRows(inReview, { ...all, sort: 'review' }, now))).toEqual([
      'Waiting',
      'Drafting',
      'Approved',
      'Nothing open',
    ]);
    expect(names(arrangeRows(inReview, { ...all, filter: 'toReview' }, now))).toEqual(['Waiting']);
  });
});
