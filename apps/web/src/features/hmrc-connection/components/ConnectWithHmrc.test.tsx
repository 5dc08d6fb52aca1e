import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { fakeServer } from '../../../test/fake-server';
import { ConnectWithHmrc } from './ConnectWithHmrc';

// HMRC's window is outside VAT Wise: it grants at once, as the user would.
vi.mock('../use-authorise-popup', () => ({
  useAuthorisePopup: () => async () => ({
    ok: true,
    result: { source: 'vatwise-hmrc-callback', ok: true, userId: 'hmrc-new', vrn: null, authorisation: null },
  }),
}));

const renderConnect = () => renderPage(<ConnectWithHmrc />);

describe('connecting a business by hand', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks before moving a VRN VAT Wise already reaches, and sends replace only when told', async () => {
    const conflict = { status: 409, body: { statusCode: 409, code: 'BUSINESS_ALREADY_CONNECTED', message: 'x' } };
    fakeServer({ '/api/businesses': conflict });
    const fetchMock = vi.mocked(globalThis.fetch);
    renderConnect();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect with HMRC' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /VAT registration number/ }), {
      target: { value: '123456782' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add business' }));

    const question = await screen.findByTestId('reached-elsewhere');
    expect(question).toHaveTextContent('VAT Wise already reaches VRN 123456782 through another HMRC authority.');
    // Keeping the current one sends nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Keep the current one' }));
    expect(screen.queryByTestId('reached-elsewhere')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add business' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace with this authority' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const bodies = await Promise.all(
      fetchMock.mock.calls.map(async ([request]) => (await (request as Request).clone().json()) as object),
    );
    expect(bodies).toEqual([
      { vrn: '123456782', userId: 'hmrc-new' },
      { vrn: '123456782', userId: 'hmrc-new' },
      { vrn: '123456782', userId: 'hmrc-new', replace: true },
    ]);
  });
});
