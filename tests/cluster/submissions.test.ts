import type { ReturnDraft } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { connectBusiness, readyReturn, useCluster } from './harness';

const cluster = useCluster();

describe('submitting a return across instances', () => {
  it('HMRC receives exactly one return when both instances are asked at once', async () => {
    const { instances, signUp, hmrc } = cluster();
    const user = await signUp();
    const { vrn } = await connectBusiness(user);
    const draft = await readyReturn(user, vrn);

    // Six clicks at once (a double click, a second tab, a retry), every other one on each instance.
    const body = { idempotencyKey: draft.idempotencyKey, declarationAccepted: true };
    const clicks = await Promise.all(
      Array.from({ length: 6 }, (_, click) =>
        user.on(instances[click % instances.length]?.url ?? '').post(`/api/vat_returns/${draft.id}/submit`, body),
      ),
    );
    for (const click of clicks) expect(click.status, click.text).toBeLessThan(500);

    const sent = (await hmrc.requests()).filter(
      (request) => request.method === 'POST' && request.path === `/organisations/vat/${vrn}/returns`,
    );
    expect(sent).toHaveLength(1);

    // Both instances show it submitted, with HMRC's one receipt.
    const receipts = new Set<string | null | undefined>();
    for (const instance of instances) {
      const answer = await user.on(instance.url).get(`/api/vat_returns/${draft.id}`);
      const final = answer.json as ReturnDraft;
      expect(final.status).toBe('submitted');
      receipts.add(final.receipt?.formBundleNumber);
    }
    expect(receipts.size).toBe(1);
    expect([...receipts][0]).toMatch(/^\d{12}$/);
  });
});
