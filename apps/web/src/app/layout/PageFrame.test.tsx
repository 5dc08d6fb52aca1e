import { AppShell } from '@mantine/core';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { launcherClearance } from '../../features/assistant';
import { initI18n } from '../../shared/i18n/i18n';
import { renderPage } from '../../test/render-page';
import { PageFrame } from './PageFrame';

describe('the main area under the assistant’s floating launcher', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('has room kept for it below the page, so it covers none of the page’s last content', async () => {
    renderPage(
      <AppShell>
        <Routes>
          <Route element={<PageFrame bottomClearance={launcherClearance} />}>
            <Route path="*" element={<button type="button">Download CSV</button>} />
          </Route>
        </Routes>
      </AppShell>,
      '/app/vat-operations',
    );
    await screen.findByRole('button', { name: 'Download CSV' });
    const main = screen.getByTestId('main-content');
    // The launcher is 52 px, 20 px from the bottom: the page keeps at least that much room.
    expect(launcherClearance).toBeGreaterThanOrEqual(52 + 20);
    expect(main).toHaveClass('vw-floating-clearance');
    expect(main.style.getPropertyValue('--vw-floating-clearance')).toBe(`${launcherClearance}px`);
  });
});
