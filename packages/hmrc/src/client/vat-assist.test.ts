import type { NineBoxes } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HmrcError } from '../errors';
import type { HmrcClient } from './client';
import { connectedUser, sandboxClient, startSandbox } from './sandbox-harness';
import { assistRequestBody } from './vat-assist';

/** VAT Assist through the client, against the HMRC simulator on a real socket. */

let server: FastifyInstance;
let baseUrl: string;

beforeEach(async () => ({ server, baseUrl } = await startSandbox()));
afterEach(() => server.close());

/** £105.50 VAT on £500 of sales, £52.75 reclaimed on £250 of purchases (HMRC's example), in pence. */
const boxes: NineBoxes = {
  box1: 10550,
  box2: 0,
  box3: 10550,
  box4: 5275,
  box5: 5275,
  box6: 50000,
  box7: 25000,
  box8: 0,
  box9: 0,
};

/** A connected user and the key of an open obligation whose period has ended. */
async function draftFor(hmrc: HmrcClient) {
  const { vrn, context } = await connectedUser(hmrc, baseUrl);
  const { body } = await hmrc.obligations(vrn, { status: 'O' }, context);
  const today = new Date().toISOString().slice(0, 10);
  const open = body.obligations.find((obligation) => obligation.end < today);
  if (!open) throw new Error('the simulated account has no ended open obligation');
  return { vrn, context, periodKey: open.periodKey };
}

describe('the request body', () => {
  it('writes boxes 1-5 with two decimals and 6-9 as whole pounds, from pence', () => {
    expect(JSON.parse(assistRequestBody({ periodKey: '18AD', boxes }))).toEqual({
      periodKey: '18AD',
      vatDueSales: 105.5,
      vatDueAcquisitions: 0,
      totalVatDue: 105.5,
      vatReclaimedCurrPeriod: 52.75,
      netVatDue: 52.75,
      totalValueSalesExVAT: 500,
      totalValuePurchasesExVAT: 250,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
    });
    expect(assistRequestBody({ periodKey: '18AD', boxes })).toContain('"vatDueSales":105.50,');
  });

  it('refuses pence in a whole-pounds box', () => {
    expect(() => assistRequestBody({ periodKey: '18AD', boxes: { ...boxes, box6: 50001 } })).toThrow(RangeError);
  });
});

describe('VAT Assist feedback', () => {
  it('answers the rules-based report, then accepts its acknowledgement', async () => {
    const hmrc = sandboxClient(baseUrl);
    const { vrn, context, periodKey } = await draftFor(hmrc);
    const report = await hmrc.requestAssistFeedback(vrn, { periodKey, boxes }, context);
    expect(report.reportId).toMatch(/^[0-9a-f-]{36}$/i);
    expect(report.correlationId).not.toBe('');
    expect(report.welshFeedback).toHaveLength(report.englishFeedback.length);
    await expect(
      hmrc.acknowledgeAssistReport(vrn, report.reportId, report.correlationId, new Date(), context),
    ).resolves.toBeUndefined();
  });

  it('passes Gov-Test-Scenario: MULTIPLE_FEEDBACK and NO_FEEDBACK', async () => {
    const hmrc = sandboxClient(baseUrl);
    const { vrn, context, periodKey } = await draftFor(hmrc);
    const many = await hmrc.requestAssistFeedback(
      vrn,
      { periodKey, boxes },
      { ...context, testScenario: 'MULTIPLE_FEEDBACK' },
    );
    expect(many.englishFeedback.length).toBeGreaterThan(1);
    expect(many.englishFeedback[0]).toMatchObject({ itemNumber: '001', title: expect.any(String) });
    const none = await hmrc.requestAssistFeedback(
      vrn,
      { periodKey, boxes },
      { ...context, testScenario: 'NO_FEEDBACK' },
    );
    expect(none.englishFeedback).toEqual([]);
    expect(none.welshFeedback).toEqual([]);
  });

  it('turns HMRC’s refusal of inconsistent boxes into an HmrcError with its code', async () => {
    const hmrc = sandboxClient(baseUrl);
    const { vrn, context, periodKey } = await draftFor(hmrc);
    const error = await hmrc
      .requestAssistFeedback(vrn, { periodKey, boxes: { ...boxes, box3: 10551 } }, context)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HmrcError);
    expect((error as HmrcError).codes).toContain('VAT_TOTAL_VALUE');
  });

  it('has an acknowledgement with the wrong correlation id refused', async () => {
    const hmrc = sandboxClient(baseUrl);
    const { vrn, context, periodKey } = await draftFor(hmrc);
    const report = await hmrc.requestAssistFeedback(vrn, { periodKey, boxes }, context);
    const error = await hmrc
      .acknowledgeAssistReport(vrn, report.reportId, 'F'.repeat(64), new Date(), context)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HmrcError);
    expect(error).toMatchObject({ status: 403 });
    expect((error as HmrcError).codes).toContain('CORRELATION_ID');
  });
});
