import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AssistAnswer, AssistFeedbackItem } from '@vatwise/domain';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { AssistPanel } from './AssistPanel';
import { acknowledgementRetryMs } from './use-acknowledgement';
import { prefersWelsh } from './use-hmrc-assist';

const acknowledge = vi.fn((body: { id: string; reportId: string; presentedAt: string }) => ({
  unwrap: () => Promise.resolve({ presentedAt: body.presentedAt.replace(/\.\d{3}Z$/, 'Z') }),
}));
vi.mock('./api', () => ({ assistApi: { useAcknowledgeAssistMutation: () => [acknowledge] } }));

const item = (itemNumber: string, title: string, url?: string): AssistFeedbackItem => ({
  itemNumber,
  title,
  body: `Body of ${title}  (kept as HMRC wrote it)`,
  action: `Action for ${title}`,
  links: url ? [{ title: `Guidance for ${title}`, url }] : [],
  path: '/vatReturn/box1',
});
const answer: AssistAnswer = {
  state: 'ready',
  periodEnd: '2026-09-30',
  current: true,
  report: {
    reportId: '0b6f3a51-9a3c-4a8e-8f0e-2c1d5b1e7a10',
    correlationId: 'c-1',
    boxesFingerprint: 'f',
    status: 'ok',
    error: null,
    english: [item('001', 'Second by title, first by HMRC', 'https://www.gov.uk/vat'), item('002', 'Another')],
    welsh: [item('001', 'Cyntaf yn Gymraeg'), item('002', 'Ail yn Gymraeg')],
    requestedAt: '2026-10-02T10:00:00.000Z',
    requestedBy: { id: 'u', name: 'Una' },
    presentedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
  },
};

function renderPanel(assist: Parameters<typeof AssistPanel>[0]['assist']) {
  return render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <AssistPanel returnId="r1" assist={assist} />
      </Suspense>
    </MantineProvider>,
  );
}

describe('AssistPanel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => acknowledge.mockClear());
  afterEach(() => cleanup());

  it('says it is waiting, in a live region', async () => {
    renderPanel({ phase: 'waiting', answer: null, waiting: true });
    const waiting = await screen.findByTestId('assist-waiting');
    expect(waiting.getAttribute('role')).toBe('status');
    expect(waiting.textContent).toContain('HMRC Assist is checking these figures…');
    expect(screen.getByTestId('hmrc-assist').textContent).toContain('does not stop you filing');
  });

  it('shows HMRC’s messages verbatim in HMRC’s order, links as links, and acknowledges them once shown', async () => {
    renderPanel({ phase: 'answered', answer, waiting: false });
    const messages = await screen.findAllByTestId('assist-message');
    expect(messages.map((message) => message.textContent?.slice(0, 10))).toEqual(['001Second ', '002Another']);
    expect(messages[0]?.textContent).toContain('Body of Second by title, first by HMRC  (kept as HMRC wrote it)');
    const link = within(messages[0] as HTMLElement).getByRole('link', {
      name: 'Guidance for Second by title, first by HMRC',
    });
    expect(link.getAttribute('href')).toBe('https://www.gov.uk/vat');
    await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(1));
    const sent = acknowledge.mock.calls[0]?.[0];
    expect(sent).toMatchObject({ id: 'r1', reportId: answer.report?.reportId });
    expect(Date.parse(sent?.presentedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await screen.findByTestId('assist-acknowledged')).toBeTruthy();

    // HMRC's Welsh texts, on request.
    fireEvent.click(screen.getByText('Cymraeg'));
    const welsh = await screen.findAllByTestId('assist-message');
    expect(welsh[0]?.textContent).toContain('Cyntaf yn Gymraeg');
    expect(acknowledge).toHaveBeenCalledTimes(1);
  });

  it('tries a failed acknowledgement again, with the time first shown, then offers the person a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const refused = () => ({ unwrap: () => Promise.reject(new Error('HMRC did not answer')) });
      acknowledge.mockImplementationOnce(refused).mockImplementationOnce(refused).mockImplementationOnce(refused);
      renderPanel({ phase: 'answered', answer, waiting: false });
      await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(acknowledgementRetryMs[0]);
      await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(2));
      await vi.advanceTimersByTimeAsync(acknowledgementRetryMs[1]);
      await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(3));
      const failed = await screen.findByTestId('assist-ack-failed');
      expect(screen.queryByTestId('assist-acknowledged')).toBeNull();

      fireEvent.click(within(failed).getByRole('button', { name: 'Try again now' }));
      expect(await screen.findByTestId('assist-acknowledged')).toBeTruthy();
      expect(screen.queryByTestId('assist-ack-failed')).toBeNull();
      const times = acknowledge.mock.calls.map((call) => call[0].presentedAt);
      expect(times).toHaveLength(4);
      expect(new Set(times).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the person carry on after the wait, and says when the period has not ended', async () => {
    renderPanel({ phase: 'timedOut', answer: null, waiting: false });
    expect((await screen.findByTestId('assist-timed-out')).textContent).toContain('You may carry on');
    cleanup();
    renderPanel({
      phase: 'answered',
      answer: { state: 'period-not-ended', periodEnd: '2026-12-31', report: null, current: false },
      waiting: false,
    });
    expect((await screen.findByTestId('assist-period-not-ended')).textContent).toContain('once the period has ended');
  });
});

describe('prefersWelsh', () => {
  it('is true only when Welsh ranks above English', () => {
    expect(prefersWelsh(['cy-GB', 'en-GB'])).toBe(true);
    expect(prefersWelsh(['cy'])).toBe(true);
    expect(prefersWelsh(['en-GB', 'cy'])).toBe(false);
    expect(prefersWelsh(['es', 'en'])).toBe(false);
    expect(prefersWelsh([])).toBe(false);
  });
});
