import type { FlatRateWorking, ReturnDraft } from '@vatwise/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { FlatRatePanel } from './FlatRatePanel';

const working = (relevantGoodsIncVatPence: number, limitedCost: boolean): FlatRateWorking => ({
  turnoverIncVatPence: 6_000_000,
  relevantGoodsIncVatPence,
  specifiedAmountPence: 120_000,
  limitedCost,
  parts: [
    { from: '2026-01-01', to: '2026-03-31', turnoverIncVatPence: 6_000_000, rateTenths: limitedCost ? 165 : 145 },
  ],
  flatRateVatPence: limitedCost ? 990_000 : 870_000,
  outsideSchemeVatPence: 0,
});
const onScheme = (flatRate: FlatRateWorking) =>
  ({
    id: 'r1',
    vrn: '123456789',
    status: 'draft',
    flatRate: { sector: '001', rateTenths: 145, firstYearUntil: null, limitedCostTest: true },
    computed: { flatRate },
  }) as ReturnDraft;

describe('the flat rate scheme panel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turned on, chooses no sector for the user and asks for one before saving', async () => {
    const requests = fakeServer({});
    renderPage(<FlatRatePanel draft={{ id: 'r1', flatRate: null, computed: null } as ReturnDraft} editable />);
    fireEvent.click(await screen.findByRole('switch', { name: /Flat rate scheme/ }));
    // The sector field, empty, asking for a choice.
    expect(screen.getByPlaceholderText('Choose the business’s trade sector')).toHaveValue('');
    expect(screen.getByLabelText('Flat rate')).toHaveValue('');
    // The test is not a switch to leave on or off: the rule is stated instead.
    expect(screen.queryByRole('switch', { name: /Limited cost/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('limited-cost-rule')).toHaveTextContent('16.5% is used instead of the sector’s rate');
    fireEvent.click(screen.getByRole('button', { name: 'Save flat rate settings' }));
    expect(await screen.findByText('Choose a trade sector')).toBeInTheDocument();
    expect(requests.some((url) => url.pathname.startsWith('/api/vat_returns'))).toBe(false);
  });

  it('explains the limited cost trader test from the records, and warns when no purchase is relevant goods', async () => {
    fakeServer({});
    renderPage(<FlatRatePanel draft={onScheme(working(0, true))} editable />);
    expect(await screen.findByTestId('limited-cost-verdict')).toHaveTextContent(
      'Relevant goods (£0.00) are below the bar (£1,200.00): the business is a limited cost trader this period, so 16.5% is used.',
    );
    expect(screen.getByTestId('no-relevant-goods')).toHaveTextContent('No purchase in this period is marked');
  });

  it('says when relevant goods reach the bar and the sector’s rate is used', async () => {
    fakeServer({});
    renderPage(<FlatRatePanel draft={onScheme(working(150_000, false))} editable />);
    expect(await screen.findByTestId('limited-cost-verdict')).toHaveTextContent(
      'Relevant goods (£1,500.00) reach the bar (£1,200.00): the business is not a limited cost trader this period',
    );
    expect(screen.queryByTestId('no-relevant-goods')).not.toBeInTheDocument();
  });
});
