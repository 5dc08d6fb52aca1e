import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  addDays,
  agentDeclarationText,
  type ComputedReturn,
  type ReturnDraft,
  declarationText,
  ukToday,
  unreviewed,
} from '@vatwise/domain';
import { Suspense } from 'react';
import { userRecord } from '../../../test/users';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../shared/format/format';
import { initI18n } from '../../../shared/i18n/i18n';
import { DeclarationPanel } from './DeclarationPanel';

// The submission is held open, as HMRC's answer can take minutes: every click meanwhile must be refused.
const submit = vi.fn(() => ({ unwrap: () => new Promise<never>(() => undefined) }));
vi.mock('../api', () => ({
  vatReturnsApi: {
    useSubmitReturnMutation: () => [submit],
    util: { invalidateTags: (tags: unknown) => ({ type: 'invalidate', payload: tags }) },
  },
}));
vi.mock('react-redux', () => ({ useDispatch: () => vi.fn() }));
// The signed-in filer: with two-factor sign-in on unless a test says otherwise.
const signedIn = vi.hoisted(() => ({ twoFactorEnabled: true }));
vi.mock('../../auth', () => ({
  useAuth: () => ({ user: userRecord({ twoFactorEnabled: signedIn.twoFactorEnabled }) }),
}));

const boxes = {
  box1: 20_000,
  box2: 0,
  box3: 20_000,
  box4: 5_000,
  box5: 15_000,
  box6: 100_000,
  box7: 25_000,
  box8: 0,
  box9: 0,
};
const computed: ComputedReturn = {
  boxes,
  contributions: { box1: [], box2: [], box3: [], box4: [], box5: [], box6: [], box7: [], box8: [], box9: [] },
  contributionCounts: { box1: 0, box2: 0, box3: 0, box4: 0, box5: 0, box6: 0, box7: 0, box8: 0, box9: 0 },
  problems: [],
  warnings: [],
  flatRate: null,
};
const draft: ReturnDraft = {
  id: 'r1',
  vrn: '123456789',
  periodKey: '26A1',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  due: '2026-05-07',
  status: 'draft',
  idempotencyKey: '11111111-1111-4111-8111-111111111111',
  flatRate: null,
  createdAt: '2026-04-01T00:00:00Z',
  updatedAt: '2026-04-01T00:00:00Z',
  lastError: null,
  receipt: null,
  filedElsewhere: null,
  schemes: [],
  review: unreviewed,
  computed,
};

function renderPanel(
  withComputed: ComputedReturn = computed,
  ofDraft: ReturnDraft = draft,
  agentArn: string | null = null,
  assistWaiting = false,
) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <Suspense fallback="Loading">
          <DeclarationPanel draft={ofDraft} computed={withComputed} agentArn={agentArn} assistWaiting={assistWaiting} />
        </Suspense>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('DeclarationPanel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    submit.mockClear();
    signedIn.twoFactorEnabled = true;
  });

  it('shows HMRC’s declaration word for word and submits only once it is ticked', async () => {
    renderPanel();
    expect(await screen.findByText(declarationText)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Submit to HMRC' });
    expect(button).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /declaration/ }));
    expect(button).toBeEnabled();
    expect(screen.getByText('£150.00')).toBeInTheDocument();
  });

  it('shows HMRC’s agent declaration instead when the business is reached as its tax agent', async () => {
    renderPanel(computed, draft, 'XARN1234567');
    expect(await screen.findByText(agentDeclarationText)).toBeInTheDocument();
    expect(screen.queryByText(declarationText)).not.toBeInTheDocument();
    expect(screen.getByTestId('declaration-as-agent')).toHaveTextContent('ARN XARN1234567');
  });

  it('sends one request for a double click, with the draft’s idempotency key', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    const button = screen.getByRole('button', { name: 'Submit to HMRC' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ id: 'r1', idempotencyKey: draft.idempotencyKey });
    expect(await screen.findByText(/Sending the return to HMRC/)).toBeInTheDocument();
  });

  it('pauses while HMRC Assist checks the figures, and says why', async () => {
    renderPanel(computed, draft, null, true);
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    const button = screen.getByRole('button', { name: 'Submit to HMRC' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', 'assist-submit-waiting');
    expect(screen.getByTestId('assist-submit-waiting')).toHaveTextContent('HMRC Assist checks these figures');
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });

  it('will not submit a period that has not ended, and says from when it can be sent', async () => {
    const periodEnd = addDays(ukToday(), 10);
    renderPanel(computed, { ...draft, periodStart: addDays(periodEnd, -90), periodEnd });
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    const button = screen.getByRole('button', { name: 'Submit to HMRC' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByTestId('period-not-ended')).toHaveTextContent(
      `HMRC accepts its return from ${formatDate(addDays(periodEnd, 1), 'en')}`,
    );
  });

  it('waits for a reviewer’s approval where the practice asks for one, then submits', async () => {
    const required = { ...unreviewed, required: true };
    renderPanel(computed, { ...draft, review: { ...required, state: 'ready' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    expect(screen.getByRole('button', { name: 'Submit to HMRC' })).toBeDisabled();
    expect(screen.getByTestId('awaiting-approval')).toHaveTextContent('only after a reviewer approves');
    cleanup();
    renderPanel(computed, { ...draft, review: { ...required, state: 'approved' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    expect(screen.getByRole('button', { name: 'Submit to HMRC' })).toBeEnabled();
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
  });

  it('will not submit while the boxes have problems', async () => {
    renderPanel({ ...computed, problems: [{ box: 5, code: 'TOTAL_MISMATCH', message: 'Box 5 does not add up.' }] });
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    const button = screen.getByRole('button', { name: 'Submit to HMRC' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks a filer without two-factor sign-in to turn it on, without stopping them submitting', async () => {
    signedIn.twoFactorEnabled = false;
    renderPanel();
    const notice = await screen.findByTestId('two-factor-notice');
    expect(notice).toHaveTextContent('HMRC asks VAT software to show how each person who files proved who they are');
    expect(screen.getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/account#two-factor',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /declaration/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit to HMRC' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('says nothing of two-factor sign-in to a filer who has it on', async () => {
    renderPanel();
    expect(await screen.findByText(declarationText)).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Turn on two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('shows the way to two-factor sign-in when the practice requires it and the server refuses', async () => {
    signedIn.twoFactorEnabled = false;
    const refusal = {
      status: 403,
      data: { statusCode: 403, code: 'TWO_FACTOR_REQUIRED', message: 'This practice requires two-factor sign-in' },
    };
    submit.mockImplementationOnce(() => ({ unwrap: () => Promise.reject(refusal) }));
    renderPanel();
    fireEvent.click(await screen.findByRole('checkbox', { name: /declaration/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit to HMRC' }));
    const error = await screen.findByTestId('submit-error');
    expect(error).toHaveTextContent('turn it on under Account and security');
    expect(within(error).getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/account#two-factor',
    );
    // The error says it: the notice does not say it again.
    expect(screen.queryByTestId('two-factor-notice')).not.toBeInTheDocument();
  });
});
