import type { Browser, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { authoriseInHmrcWindow, createOrganisation, signUp } from '../support/hmrc';
import { addAcceptedClient, connectAgentServices, openScreen, startFirstReturn } from '../support/journeys';

/**
 * Screens follow what the server holds, with no reload: a window opened before a business is
 * connected shows it once it is, and loses it once it is removed; a practice's members see a
 * client arrive on the dashboard and a return's review change on its page, as others act. The
 * server tells each workspace's browsers what changed on the live channel (businesses:changed,
 * return:changed), and they read it again.
 */

/** Whether the header offered "Connect a business" instead of a business when Grant Authority said it worked. */
async function watchForGrantedToast(page: Page) {
  await page.evaluate(() => {
    const watch = window as unknown as { headerAtGrant?: 'business' | 'none' };
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes('VAT Wise successfully granted.')) return;
      watch.headerAtGrant = document.querySelector('[data-testid="business-switcher"]') ? 'business' : 'none';
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { headerAtGrant?: string }).headerAtGrant);
}

test.describe('screens that follow the server', () => {
  // Sign-up, HMRC's window and a second window on two cores.
  test.setTimeout(90_000);

  test('VAT Operations opened before authority is granted shows the business, then its removal, without a reload', async ({
    page,
  }) => {
    await signUp(page, 'Lena Live', 'live');
    const card = await createOrganisation(page);
    // A second window of the same person, on VAT Operations while there is nothing to show.
    const operations = await page.context().newPage();
    await operations.goto('/app/vat-operations');
    await expect(operations.getByTestId('no-business')).toContainText('Connect a business first');
    const connectLink = operations.getByRole('banner').getByRole('link', { name: 'Connect a business' });
    await expect(connectLink).toBeVisible();

    const headerAtGrant = await watchForGrantedToast(page);
    await authoriseInHmrcWindow(page, card);
    // Grant Authority said so only once its own header had the business.
    expect(await headerAtGrant()).toBe('business');

    await expect(operations.getByTestId('vat-operations-business')).toContainText(/Company [A-Z]{3}\d{3}/);
    await expect(operations.getByTestId('business-switcher')).toHaveValue(/Company [A-Z]{3}\d{3}/);
    await expect(operations.getByTestId('no-business')).toHaveCount(0);
    await expect(connectLink).toHaveCount(0);

    // Removed (there is no button for it yet: the API, as another window would), it goes from both.
    const { businesses } = (await (await page.request.get('/api/businesses')).json()) as {
      businesses: { vrn: string }[];
    };
    const vrn = businesses[0]?.vrn ?? '';
    const removed = await page.request.delete(`/api/businesses/${vrn}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(removed.status()).toBe(200);
    await expect(operations.getByTestId('no-business')).toContainText('Connect a business first');
    await expect(connectLink).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connect a business' })).toBeVisible();
    await operations.close();
  });
});

const practiceName = `Live Accountants ${Date.now()}`;

/** Someone new, in a browser of their own, who signs up with the address they were invited at and joins. */
async function invitedPerson(browser: Browser, name: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, name, 'member', email);
  await page.goto(invitationLinks.get(email) ?? '/app/practice');
  await page
    .getByTestId('invitation-for-you')
    .filter({ hasText: practiceName })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as`);
  return page;
}

async function invite(page: Page, email: string, role: 'preparer' | 'reviewer') {
  const form = page.getByTestId('invite-form');
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByTestId('pending-invitation').filter({ hasText: email });
  await expect(pending).toBeVisible();
  // Without mail no address is verified: the owner hands over the invitation's own link.
  await pending.getByRole('button', { name: `Copy invitation link for ${email}` }).click();
  const link = await pending.getByTestId('invitation-link').inputValue();
  invitationLinks.set(email, new URL(link).pathname + new URL(link).search);
}

/** Each invited address's link, as its sender copied it. */
const invitationLinks = new Map<string, string>();

test.describe('a practice whose members watch each other work', () => {
  // Three people, HMRC's window and the client's acceptance in a browser.
  test.setTimeout(240_000);

  test('the dashboard shows a client who accepts while it is open; the preparer sees the approval on the return', async ({
    page,
    browser,
  }) => {
    await signUp(page, 'Owen Owner', 'owner');
    await openScreen(page, 'Practice');
    await page.getByRole('textbox', { name: 'Practice name' }).fill(practiceName);
    await page.getByRole('button', { name: 'Start practice' }).click();
    await expect(page.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Owner.`);
    const preparerEmail = uniqueEmail('preparer');
    const reviewerEmail = uniqueEmail('reviewer');
    await invite(page, preparerEmail, 'preparer');
    await invite(page, reviewerEmail, 'reviewer');
    const reviewer = await invitedPerson(browser, 'Rhea Reviewer', reviewerEmail);
    const preparer = await invitedPerson(browser, 'Perry Preparer', preparerEmail);

    // The reviewer has the dashboard open, empty, while the owner's client accepts.
    await openScreen(reviewer, 'Practice dashboard');
    await expect(reviewer.getByTestId('no-business')).toContainText('No businesses yet');
    await connectAgentServices(page);
    const { clientVrn, clientName } = await addAcceptedClient(page);
    const row = reviewer.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
    await expect(row).toContainText(clientName);
    await expect(reviewer.getByTestId('no-business')).toHaveCount(0);

    // The preparer's return, marked ready: the reviewer's dashboard says so.
    const draft = await startFirstReturn(preparer);
    expect(draft.vrn).toBe(clientVrn);
    await preparer.getByRole('button', { name: 'Mark ready for review' }).click();
    await expect(preparer.getByTestId('review-state')).toHaveText('Ready for review');
    await expect(row.getByTestId('cell-review')).toHaveText('Ready for review');

    // The reviewer approves and leaves a note; the preparer's open page shows both.
    await row.getByTestId('cell-review').getByRole('button').click();
    await expect(reviewer).toHaveURL(new RegExp(`/app/vat-submissions/${draft.returnId}$`));
    await reviewer.getByRole('button', { name: 'Approve these figures' }).click();
    await expect(reviewer.getByTestId('review-state')).toHaveText('Approved');
    await expect(preparer.getByTestId('review-state')).toHaveText('Approved');
    await expect(preparer.getByTestId('review-approved-by')).toContainText('Rhea Reviewer');
    await reviewer.getByRole('textbox', { name: 'Add a note for the team' }).fill('Figures agree with the bank.');
    await reviewer.getByRole('button', { name: 'Add note' }).click();
    await expect(preparer.getByTestId('return-note')).toContainText('Figures agree with the bank.');

    await preparer.context().close();
    await reviewer.context().close();
  });
});
