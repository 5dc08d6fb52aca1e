import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { NineBoxes } from '@vatwise/domain';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { FiledElsewhereNotice } from './FiledElsewhereNotice';

const zero: NineBoxes = { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 };

describe('FiledElsewhereNotice', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows HMRC’s figures beside ours box by box, marks the differences, and says what to do', async () => {
    render(
      <MantineProvider>
        <Suspense fallback="Loading">
          <FiledElsewhereNotice
            found={{
              hmrcBoxes: { ...zero, box1: 11_111, box3: 11_111, box5: 11_111 },
              ourBoxes: { ...zero, box1: 400_000, box3: 400_000, box5: 400_000, box6: 2_000_000 },
              foundAt: '2026-11-24T10:00:00Z',
            }}
          />
        </Suspense>
      </MantineProvider>,
    );
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('HMRC already holds a different return for this period');
    expect(notice).toHaveTextContent('VAT Wise did not file this return and has made no receipt for it.');
    const box1 = screen.getByTestId('elsewhere-box-1');
    expect(within(box1).getByText('£111.11')).toBeInTheDocument();
    expect(within(box1).getByText('£4,000.00')).toBeInTheDocument();
    expect(within(box1).getByText('£3,888.89')).toBeInTheDocument();
    expect(box1).toHaveAttribute('data-differs', 'true');
    expect(screen.getByTestId('elsewhere-box-2')).toHaveAttribute('data-differs', 'false');
    // The net VAT difference (box 5) is what an error correction would put right.
    expect(notice).toHaveTextContent('correct the error (£3,888.89 of net VAT)');
  });
});
