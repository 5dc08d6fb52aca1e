import { screen } from '@testing-library/react';
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
});
