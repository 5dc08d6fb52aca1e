import { describe, expect, it } from 'vitest';
import { fromAgentEntry, fromVatEntry } from './entries';

const call = {
  id: 'k1',
  at: '2026-11-23T10:00:00.000Z',
  method: 'GET',
  endpoint: '/organisations/vat/123456789/obligations?status=O',
  status: 200,
  durationMs: 42,
  correlationId: 'c0ffee',
  vrn: '123456789',
  failure: null,
};

describe('dialogue lines', () => {
  it('shows an HMRC call with its answer, time and correlation id', () => {
    expect(fromVatEntry(call)).toEqual({
      id: 'k1',
      at: call.at,
      level: 'success',
      message: 'GET /organisations/vat/123456789/obligations?status=O · 200 · 42 ms · c0ffee',
      source: 'hmrc',
    });
  });

  it('marks a refusal or a call without an answer as an error', () => {
    expect(fromVatEntry({ ...call, status: 403 }).level).toBe('error');
    const lost = fromVatEntry({ ...call, status: null, correlationId: null, failure: 'No answer in time' });
    expect(lost).toMatchObject({
      level: 'error',
      message: 'GET /organisations/vat/123456789/obligations?status=O · No answer in time · 42 ms',
    });
  });

  it("keeps an agent's line as it was written, under the agent's id", () => {
    expect(
      fromAgentEntry({
        id: 'k2',
        at: call.at,
        agentId: 'token-keeper',
        level: 'warning',
        message: 'Trying again soon',
      }),
    ).toEqual({ id: 'k2', at: call.at, level: 'warning', message: 'Trying again soon', source: 'token-keeper' });
  });
});
