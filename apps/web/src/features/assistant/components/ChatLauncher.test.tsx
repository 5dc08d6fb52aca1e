import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { ChatLauncher } from './ChatLauncher';

describe('the assistant’s floating launcher', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is left off paper', async () => {
    fakeServer({ '/api/me': { body: { user: null } } });
    renderPage(<ChatLauncher />, '/app/vat-submissions');
    await screen.findByTestId('chat-launcher');
    // global.css hides .vw-no-print under @media print (a printed receipt must not show it).
    expect(screen.getByTestId('chat-launcher-affix')).toHaveClass('vw-no-print');
  });

  it('opens the chat drawer when pressed before the drawer code has loaded, and Escape closes it', async () => {
    // The browser never idle: the plain button stays until pressed.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    fakeServer({ '/api/me': { body: { user: null } } });
    renderPage(<ChatLauncher />, '/app/vat-submissions');
    const plain = await screen.findByTestId('chat-launcher');
    expect(plain).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(plain);
    expect(await screen.findByRole('dialog', { name: 'VAT Wise assistant' })).toBeInTheDocument();
    const button = screen.getByTestId('chat-launcher');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'VAT Wise assistant' }), { key: 'Escape' });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });
});
