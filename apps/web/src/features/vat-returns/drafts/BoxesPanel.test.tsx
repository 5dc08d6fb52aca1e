import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComputedReturn, VatRecord } from '@vatwise/domain';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { BoxesPanel } from './BoxesPanel';

const purchase: VatRecord = {
  id: 'p1',
  vrn: '123456789',
  createdAt: '2026-01-02T00:00:00Z',
  source: null,
  kind: 'purchase',
  date: '2026-01-02',
  description: 'Office chairs',
  netPence: 617_283,
  vatPence: 123_456,
  rate: 'standard',
  treatment: 'normal',
};
const computed: ComputedReturn = {
  boxes: { box1: 0, box2: 0, box3: 0, box4: 123_456, box5: 123_456, box6: 0, box7: 617_200, box8: 0, box9: 0 },
  contributions: {
    box1: [],
    box2: [],
    box3: [],
    box4: [{ recordId: 'p1', amountPence: 123_456, date: purchase.date, description: purchase.description }],
    box5: [],
    box6: [],
    box7: [{ recordId: 'p1', amountPence: 617_283, date: purchase.date, description: purchase.description }],
    box8: [],
    box9: [],
  },
  contributionCounts: { box1: 0, box2: 0, box3: 0, box4: 1, box5: 0, box6: 0, box7: 1, box8: 0, box9: 0 },
  problems: [{ box: 6, code: 'NOT_WHOLE_POUNDS', message: 'Box 6 must be whole pounds.' }],
  warnings: [{ code: 'NO_SALES', boxes: [1], message: 'No sales this period.' }],
  flatRate: null,
};

describe('BoxesPanel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the nine boxes, marks 3 and 5 as worked out, and lists what makes up a box', async () => {
    render(
      <MantineProvider>
        <Suspense fallback="Loading">
          <BoxesPanel computed={computed} />
        </Suspense>
      </MantineProvider>,
    );
    // Box 4 (VAT) keeps its pence; box 7 (purchases) is the whole pounds HMRC takes.
    expect(await screen.findByTestId('box-4')).toHaveTextContent(/^£1,234\.56$/);
    expect(screen.getByTestId('box-7')).toHaveTextContent(/^£6,172$/);
    for (const box of [1, 2, 3, 5, 6, 8, 9]) expect(screen.getByTestId(`box-${box}`)).toBeInTheDocument();
    expect(screen.getAllByText('Worked out')).toHaveLength(2);
    expect(within(screen.getByTestId('box-card-3')).getByText('Worked out')).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'What makes up box 4 (1 line)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('table', { name: 'What makes up box 4' });
    expect(within(list).getByText('Office chairs')).toBeInTheDocument();

    expect(within(screen.getByTestId('box-problems')).getByText('Box 6 must be whole pounds.')).toBeInTheDocument();
    expect(within(screen.getByTestId('box-warnings')).getByText('No sales this period.')).toBeInTheDocument();
  });

  it('lists the first 100 lines of a big box and says how many there are in all', async () => {
    const records = Array.from({ length: 100 }, (_, index) => ({
      ...purchase,
      id: `p${index}`,
      description: `Chair ${index}`,
    }));
    const big: ComputedReturn = {
      ...computed,
      contributions: {
        ...computed.contributions,
        box4: records.map((record) => ({ recordId: record.id, amountPence: 1, description: record.description })),
      },
      contributionCounts: { ...computed.contributionCounts, box4: 12_345 },
    };
    render(
      <MantineProvider>
        <Suspense fallback="Loading">
          <BoxesPanel computed={big} />
        </Suspense>
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'What makes up box 4 (12345 lines)' }));
    const list = await screen.findByRole('table', { name: 'What makes up box 4' });
    expect(within(list).getAllByRole('row')).toHaveLength(100);
    expect(
      screen.getByText('Showing the first 100 of 12,345 lines; choose this box in the records list to see them all.'),
    ).toBeInTheDocument();
  });
});
