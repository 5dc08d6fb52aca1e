import { fireEvent, screen } from '@testing-library/react';
import type { ModelInfo } from '@vatwise/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { ChatMessages } from './ChatMessages';
import { ModelPicker } from './ModelPicker';
import { initialChatState } from '../chat-initial-state';

/** The server's answer when only the built-in assistant is set up; its reasons are in English. */
const models: ModelInfo[] = [
  { id: 'OpenAI', configured: false, reason: 'OPENAI_API_KEY is not set on the server.', model: null },
  { id: 'Anthropic', configured: false, reason: 'ANTHROPIC_API_KEY is not set on the server.', model: null },
  {
    id: 'OpenAI-compatible',
    configured: false,
    reason: 'OPENAI_COMPATIBLE_BASE_URL is not set on the server.',
    model: null,
  },
  { id: 'Built-in', configured: true, reason: null, model: 'VAT Wise knowledge base' },
];

describe('the assistant in Spanish', () => {
  beforeAll(async () => {
    await initI18n('es');
  });
  afterAll(async () => {
    await changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says in Spanish why the chosen model cannot answer', async () => {
    fakeServer({ '/taxgpt/api/models': { body: { models } } });
    renderPage(<ModelPicker selected="OpenAI" onChange={() => undefined} />);
    const notice = await screen.findByTestId('model-fallback');
    expect(notice).toHaveTextContent('OPENAI_API_KEY no está definida en el servidor.');
    expect(notice).not.toHaveTextContent('is not set on the server');
  });

  it('offers its example questions in Spanish, and asks them as shown', async () => {
    // jsdom lays nothing out and has no scrolling; the list keeps itself scrolled to the newest text.
    HTMLElement.prototype.scrollTo = () => undefined;
    const asked: string[] = [];
    renderPage(<ChatMessages chat={initialChatState()} onExample={(question) => asked.push(question)} />);
    const example = await screen.findByRole('button', { name: '¿Cuál es el umbral de registro del IVA?' });
    fireEvent.click(example);
    expect(asked).toEqual(['¿Cuál es el umbral de registro del IVA?']);
    expect(screen.queryByRole('button', { name: /VAT registration threshold/ })).not.toBeInTheDocument();
  });
});
