import { type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { closeHmrcWindow, createOrganisation, passHmrcStartPages, signUp } from '../support/hmrc';
import { openScreen, startFirstReturn } from '../support/journeys';

/**
 * A practice sends a return to its client, who approves the figures through the link with no
 * account; a change to the figures afterwards voids that approval (docs/practice.md).
 */

/** A test business connected straight to the practice on Grant Authority (no agent request: quicker). */
async function connectBusinessDirectly(page: Page) {
  const card = await createOrganisation(page);
  const userId = (await card.getByTestId('sandbox-user-id').textContent()) ?? '';
  await card.getByRole('button', { name: 'Show password' }).click();
  const password = (await card.getByTestId('sandbox-user-password').textContent()) ?? '';
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /Connect directly|Authorise/ }).click();
  const popup = await popupOpened;
  await passHmrcStartPages(popup);
  await popup.getByLabel('User ID').fill(userId);
  await popup.getByLabel('Password').fill(password);
  await popup.locator('#submit').click();
  await popup.getByRole('button', { name: 'Give permission' }).click();
  await expect(popup.getByTestId('hmrc-callback-granted')).toContainText('VAT Wise successfully granted.');
  await closeHmrcWindow(popup);
  await expect(card.getByTestId('authorisation-status')).toHaveText('Authorised');
}

/** A sale added to the return's period through the API, as the records screen would. */
async function addSale(page: Page, vrn: string, date: string, netPence: number, vatPence: number) {
  const response = await page.request.post('/api/vat_records', {
    data: {
      vrn,
      kind: 'sale',
      date,
      description: `Sale of ${date}`,
      netPence,
      vatPence,
      rate: 'standard',
      treatment: 'normal',
    },
  });
  expect(response.status()).toBe(201);
}

test.describe("the client's approval of a return", () => {
  test.setTimeout(90_000);

  test("a client's approval through its link, and a change afterwards voiding it", async ({ page, browser }) => {
    await signUp(page, 'Opal Owner', 'owner');
    await openScreen(page, 'Practice');
    await page.getByRole('textbox', { name: 'Practice name' }).fill(`Tally & Co ${Date.now()}`);
    await page.getByRole('button', { name: 'Start practice' }).click();
    await expect(page.getByTestId('current-workspace')).toContainText('as Owner.');
    const rule = page.getByRole('switch', { name: /Returns need the client's approval before filing/ });
    await rule.click();
    await expect(rule).toBeChecked();

    await connectBusinessDirectly(page);
    const draft = await startFirstReturn(page);
    await addSale(page, draft.vrn, draft.periodStart, 50_000, 10_000);
    await page.reload();
    await expect(page.getByTestId('box-1')).toHaveText('£100.00');

    const panel = page.getByTestId('client-approval-panel');
    await expect(panel.getByTestId('client-approval-state')).toHaveText('Not sent to the client');
    await expect(panel).toContainText('only after the client approves its figures');
    await panel.getByRole('textbox', { name: /Client’s e-mail address/ }).fill('client@example.com');
    await panel.getByRole('button', { name: 'Send to client for approval' }).click();
    await expect(panel.getByTestId('client-approval-state')).toHaveText('Sent to the client');
    const link = (await panel.getByTestId('client-approval-link').textContent()) ?? '';
    expect(link).toMatch(/\/approve\/[A-Za-z0-9_-]{43}$/);

    // The client, on a phone, with no account.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await phone.newPage();
    await client.goto(new URL(link).pathname);
    await expect(client.getByRole('heading', { level: 1 })).toHaveText('Approve your VAT return');
    await expect(client.getByTestId('client-box-1')).toHaveText('£100.00');
    await expectNoAxeViolations(client, '/approve/:token on a phone');
    await client.getByRole('textbox', { name: 'Your full name' }).fill('Clara Client');
    await client.getByRole('checkbox', { name: /I approve it as correct and complete/ }).check();
    await client.getByRole('button', { name: 'Approve these figures' }).click();
    await expect(client.getByTestId('client-answer-recorded')).toContainText('your approval is recorded');
    await phone.close();

    await page.reload();
    await expect(panel.getByTestId('client-approval-state')).toHaveText('Approved by the client');
    await expect(panel.getByTestId('client-approved-by')).toContainText('Clara Client');

    // A change to the figures afterwards voids the approval.
    await addSale(page, draft.vrn, draft.periodStart, 10_000, 2_000);
    await page.reload();
    await expect(page.getByTestId('box-1')).toHaveText('£120.00');
    await expect(panel.getByTestId('client-approval-state')).toHaveText('Changed since the client approved');
    await expect(panel.getByTestId('client-approval-changed')).toContainText('send the client a new link');
    await expect(panel.getByRole('button', { name: 'Send a new link to the client' })).toBeVisible();
  });
});
