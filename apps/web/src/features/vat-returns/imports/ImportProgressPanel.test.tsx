import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { importProgressFeed } from '../../../shared/live/import-progress';
import { ImportProgressPanel } from './ImportProgressPanel';

function renderPanel(phase: 'previewing' | 'importing') {
  render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <ImportProgressPanel draftId="d1" fileName="tills.csv" phase={phase} startedAt={Date.now()} />
      </Suspense>
    </MantineProvider>,
  );
}

const publish = (stage: 'reading' | 'recording' | 'done', done: number, total: number, fileName = 'tills.csv') =>
  act(() => importProgressFeed.publish({ draftId: 'd1', fileName, stage, done, total }));

describe('ImportProgressPanel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => importProgressFeed.reset());

  it("follows the server's steps: sent, read, recorded batch by batch", async () => {
    renderPanel('importing');
    const bar = await screen.findByRole('progressbar', { name: 'Import of tills.csv' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sending tills.csv to VAT Wise…'));
    expect(screen.getByText(/You can close this window/)).toBeInTheDocument();
    publish('reading', 0, 0);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reading tills.csv…'));
    // Another file's progress (an earlier import into the same return) is not this one's.
    publish('recording', 1_000, 2_000, 'other.csv');
    await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('Recording'));
    publish('recording', 12_000, 60_000);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Recording: 12,000 of 60,000 records'));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '20'));
    publish('done', 60_000, 60_000);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Recorded 60,000 records'));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('says the file is being read while its preview is worked out', async () => {
    renderPanel('previewing');
    expect(await screen.findByRole('status')).toHaveTextContent('Reading tills.csv…');
    expect(screen.queryByText(/You can close this window/)).not.toBeInTheDocument();
  });
});
