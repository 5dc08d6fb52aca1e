import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { compareBoxes, type NineBoxes, type ReturnComparison } from '@vatwise/domain';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { ComparisonView } from './ReturnChecks';

const zero: NineBoxes = { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 };
const current = { ...zero, box1: 840_000, box3: 840_000, box5: 840_000, box6: 4_200_000 };

const comparison: ReturnComparison = {
  previous: {
    periodKey: '26A1',
    periodStart: '2026-01-01',
    periodEnd: '2026-03-31',
    source: 'submitted',
    boxes: compareBoxes(current, { ...zero, box1: 800_000, box3: 800_000, box5: 800_000, box6: 1_500_000 }),
  },
  lastYear: {
    periodKey: '25A2',
    periodStart: '2025-04-01',
    periodEnd: '2025-06-30',
    source: 'hmrc',
    boxes: compareBoxes(current, { ...zero, box1: 820_000, box3: 820_000, box5: 820_000, box6: 4_100_000 }),
  },
  hmrcUnavailable: false,
  overdueVat: { charges: 1, outstandingPence: 123_456, oldestDue: '2026-05-07' },
};

const show = (value: ReturnComparison) =>
  render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <ComparisonView comparison={value} />
      </Suspense>
    </MantineProvider>,
  );

describe('ComparisonView', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows each box beside both earlier periods, flags the far ones and says where the figures came from', async () => {
    show(comparison);
    const table = await screen.findByRole('table', { name: 'This return’s boxes beside earlier periods' });
    expect(within(table).getByText('Previous period')).toBeInTheDocument();
    expect(within(table).getByText('Same period last year')).toBeInTheDocument();
    const box6 = screen.getByTestId('comparison-box-6');
    expect(box6).toHaveTextContent('£42,000');
    expect(box6).toHaveTextContent('£15,000');
    expect(screen.getByTestId('far-apart-previous-6')).toHaveTextContent('Far apart');
    expect(screen.queryByTestId('far-apart-lastYear-6')).not.toBeInTheDocument();
    expect(screen.queryByTestId('far-apart-previous-1')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /^1 figure is far from the earlier one \(it moved by more than £1,000\.00 and by more than 50%\)/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Previous period: the return filed with VAT Wise\. Same period last year: HMRC’s copy of the filed return\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('overdue-vat')).toHaveTextContent(
      'HMRC shows £1,234.56 of VAT unpaid after its due date',
    );
  });

  it('says when there is nothing to compare with, and why', async () => {
    show({ previous: null, lastYear: null, hmrcUnavailable: true, overdueVat: null });
    expect(await screen.findByTestId('comparison-empty')).toHaveTextContent(
      'HMRC could not be asked for its copy of the earlier returns just now',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('overdue-vat')).not.toBeInTheDocument();
  });
});
