import type { ReturnDraft } from '@vatwise/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { SchemesPanel, spellErrors } from './SchemesPanel';

const vrn = '123456782';
const onCash = {
  id: 'r1',
  vrn,
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  schemes: ['cashAccounting'],
  computed: { cashAccounting: { invoicedFrom: '2025-07-01', unpaidRecords: 12, yearTurnoverPence: 0 } },
} as unknown as ReturnDraft;
const spell = { scheme: 'cashAccounting', startsOn: '2025-07-01', endsOn: null };

describe('the VAT schemes section', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says which schemes apply to the period, and how many unpaid invoices wait for payment', async () => {
    fakeServer({ '/api/vat_schemes': { body: { vrn, schemes: [spell] } } });
    renderPage(<SchemesPanel draft={onCash} editable />);
    expect(await screen.findByTestId('schemes-in-effect')).toHaveTextContent(
      'This return’s period is on: Cash accounting.',
    );
    expect(screen.getByTestId('unpaid-records')).toHaveTextContent(
      '12 unpaid invoices are not in this return: cash accounting counts them when paid.',
    );
    expect(screen.getByText(/belong to the business, not just this return/)).toBeInTheDocument();
    expect(await screen.findAllByTestId('scheme-spell')).toHaveLength(1);
    expect(screen.getByLabelText('Scheme')).toHaveValue('cashAccounting');
  });

  it('sets the business’s whole list, refusing a scheme that ends before it starts', async () => {
    const requests = fakeServer({
      'GET /api/vat_schemes': { body: { vrn, schemes: [] } },
    });
    const draft = { ...onCash, schemes: [], computed: null } as unknown as ReturnDraft;
    renderPage(<SchemesPanel draft={draft} editable />);
    expect(await screen.findByTestId('schemes-in-effect')).toHaveTextContent('No VAT scheme applies');
    expect(await screen.findByTestId('no-schemes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a scheme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the business’s VAT schemes' }));
    expect(await screen.findByText('Enter the day the business started on this scheme')).toBeInTheDocument();
    // Only the list was read: nothing was sent to be saved.
    expect(requests.filter((url) => url.pathname === '/api/vat_schemes')).toHaveLength(1);
  });
});

describe('what a spell needs before it is sent', () => {
  it('a start, and an end that is not before it', () => {
    expect(spellErrors([{ scheme: 'cashAccounting', startsOn: '', endsOn: '' }]).get(0)).toBe('startRequired');
    expect(spellErrors([{ scheme: 'cashAccounting', startsOn: '2026-02-01', endsOn: '2026-01-31' }]).get(0)).toBe(
      'endBeforeStart',
    );
    expect(spellErrors([{ scheme: 'cashAccounting', startsOn: '2026-02-01', endsOn: '2026-02-01' }]).size).toBe(0);
  });
});
