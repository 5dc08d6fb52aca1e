import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { notifier } from './notifier';
import { Toaster } from './Toaster';

function renderToaster() {
  return render(
    <MantineProvider>
      <Toaster />
    </MantineProvider>,
  );
}

describe('Toaster', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows a toast with its title and message, errors as alerts', async () => {
    renderToaster();
    act(() => {
      notifier.notify({ type: 'error', title: 'Submission failed', message: 'HMRC did not answer', timeOut: 0 });
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Submission failed');
    expect(toast).toHaveTextContent('HMRC did not answer');
    expect(toast).toHaveAttribute('data-type', 'error');
  });

  it('runs the toast action on click; the close button dismisses without it', async () => {
    const user = userEvent.setup();
    renderToaster();
    const openReturn = vi.fn();
    act(() => {
      notifier.notify({ type: 'info', message: 'Return saved', onClick: openReturn, timeOut: 0, id: 'saved' });
      notifier.notify({ type: 'info', message: 'Draft kept', onClick: openReturn, timeOut: 0, id: 'draft' });
    });
    await user.click(await screen.findByText('Return saved'));
    expect(openReturn).toHaveBeenCalledOnce();

    const draft = (await screen.findByText('Draft kept')).closest('[data-testid="toast"]') as HTMLElement;
    const close = draft.querySelector('button[aria-label="Dismiss notification"]') as HTMLButtonElement;
    await user.click(close);
    expect(openReturn).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Draft kept')).not.toBeInTheDocument());
  });
});
