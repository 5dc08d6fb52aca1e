import type { Browser, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signUp } from '../support/hmrc';
import {
  addAcceptedClient,
  connectAgentServices,
  importOneSale,
  openScreen,
  startFirstReturn,
  ukTodayText,
} from '../support/journeys';

/**
 * A tax agents' practice, as its people would work: the owner starts the practice,
 * asks for review before filing, invites a preparer and a reviewer, connects the practice's agent
 * services account and adds a client (who accepts, in the sandbox); the preparer imports the
 * client's sales and marks the return ready; the reviewer finds it on the dashboard and approves;
 * the preparer files it with HMRC's agent declaration; the owner sees who did what.
 */

const practiceName = `Bright Accountants ${Date.now()}`;

/** Someone new, in a browser of their own, who signs up with the address they were invited at. */
async function invitedPerson(browser: Browser, name: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, name, 'member', email);
  await page.goto(invitationLinks.get(email) ?? '/app/practice');
  const invitation = page.getByTestId('invitation-for-you').filter({ hasText: practiceName });
  await invitation.getByRole('button', { name: 'Accept' }).click();
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

test.describe('a practice files a client’s return after review', () => {
  // Three people, HMRC's window, the client's acceptance in a browser, an import and a filing.
  test.setTimeout(300_000);

  test('preparer prepares, reviewer approves, the return is filed as agent and the trail kept', async ({
    page,
    browser,
  }) => {
    await signUp(page, 'Olivia Owner', 'owner');
    await openScreen(page, 'Practice');
    await page.getByRole('textbox', { name: 'Practice name' }).fill(practiceName);
    await page.getByRole('button', { name: 'Start practice' }).click();
    await expect(page.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Owner.`);
    const review = page.getByRole('switch', { name: /Returns need a reviewer's approval before filing/ });
    // The switch turns on once the server has answered.
    await review.click();
    await expect(review).toBeChecked();
    const preparerEmail = uniqueEmail('preparer');
    const reviewerEmail = uniqueEmail('reviewer');
    await invite(page, preparerEmail, 'preparer');
    await invite(page, reviewerEmail, 'reviewer');

    await connectAgentServices(page);
    const { clientVrn, clientName } = await addAcceptedClient(page);

    // The preparer prepares the client's return and marks it ready; it cannot be filed yet.
    const preparer = await invitedPerson(browser, 'Pat Preparer', preparerEmail);
    const draft = await startFirstReturn(preparer);
    expect(draft.vrn).toBe(clientVrn);
    await importOneSale(preparer, draft.periodStart, 'Bookkeeping for the client');
    await preparer.getByRole('button', { name: 'Mark ready for review' }).click();
    await expect(preparer.getByTestId('review-state')).toHaveText('Ready for review');
    await expect(preparer.getByTestId('awaiting-approval')).toBeVisible();
    await expect(preparer.getByRole('button', { name: 'Approve these figures' })).toHaveCount(0);

    // The reviewer finds it on the practice dashboard, approves it and leaves a note.
    const reviewer = await invitedPerson(browser, 'Rita Reviewer', reviewerEmail);
    await openScreen(reviewer, 'Practice dashboard');
    const row = reviewer.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
    await expect(row.getByTestId('cell-review')).toHaveText('Ready for review');
    await row.getByTestId('cell-review').getByRole('button').click();
    await expect(reviewer).toHaveURL(new RegExp(`/app/vat-submissions/${draft.returnId}$`));
    await reviewer.getByRole('button', { name: 'Approve these figures' }).click();
    await expect(reviewer.getByTestId('review-state')).toHaveText('Approved');
    await expect(reviewer.getByTestId('review-approved-by')).toContainText('Rita Reviewer');
    await reviewer.getByRole('textbox', { name: 'Add a note for the team' }).fill('Checked against the bank.');
    await reviewer.getByRole('button', { name: 'Add note' }).click();
    await expect(reviewer.getByTestId('return-note')).toContainText('Checked against the bank.');
    await expectNoAxeViolations(reviewer, '/app/vat-submissions/:id with an approved review');

    // The preparer files the approved figures with HMRC's agent declaration.
    await preparer.reload();
    await expect(preparer.getByTestId('review-state')).toHaveText('Approved');
    await expect(preparer.getByTestId('return-note')).toContainText('Checked against the bank.');
    await expect(preparer.getByTestId('declaration-as-agent')).toContainText('as its tax agent');
    await preparer.getByRole('checkbox', { name: /declaration/ }).check();
    await preparer.getByRole('button', { name: 'Submit to HMRC' }).click();
    await expect(preparer).toHaveURL(new RegExp(`/app/vat-submissions/${draft.returnId}/receipt$`));
    await expect(preparer.getByTestId('filed-as-agent')).toHaveText(/^[A-Z]ARN\d{7}$/);

    // The owner sees who did what, and the dashboard the period filed and its VAT owed past due.
    await openScreen(page, 'VAT Submissions');
    const activity = page.getByTestId('business-activity');
    await expect(activity.getByTestId('activity-row').first()).toContainText('Return submitted to HMRC');
    await expect(activity.getByTestId('activity-row').first()).toContainText('Pat Preparer');
    await expect(activity.locator('[data-kind="approved"]')).toContainText('Rita Reviewer');
    await expect(activity.locator('[data-kind="marked_ready"]')).toContainText('Pat Preparer');
    await openScreen(page, 'Practice dashboard');
    await expect(page.getByTestId('dashboard-reading')).toHaveText('Read from HMRC within the last 15 minutes', {
      timeout: 30_000,
    });
    const ownerRow = page.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
    await expect(ownerRow).toContainText(clientName);
    await expect(ownerRow.getByTestId('cell-review')).toHaveText('—');
    await expect(ownerRow.getByTestId('cell-last-filed')).toHaveText(ukTodayText());
    await expect(ownerRow.getByTestId('cell-unpaid')).toHaveText('£100.00');
    await preparer.context().close();
    await reviewer.context().close();
  });
});
