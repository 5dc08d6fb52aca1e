import {
  addAcceptedClient,
  connectAgentServices,
  importOneSale,
  openScreen,
  startFirstReturn,
  ukTodayText,
} from '../support/journeys';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signUp } from '../support/hmrc';

/**
 * A tax agent, as a new user would work, against the embedded HMRC simulator: connect an agent
 * services account, add a client (a new sandbox test client, which VAT Wise's sandbox authoriser
 * then accepts for on HMRC's page), read the client's obligations with the agent's authority, and
 * file the client's return with HMRC's agent declaration; the receipt names the agent. Then the
 * client removes the agent in HMRC: the ended authority reads as ended, with the way to ask again.
 */

test.describe('an agent acting for a client', () => {
  // Sign-up, HMRC's window, a second browser accepting as the client, an import and a submission.
  test.setTimeout(180_000);
  // Once the client removes the agent, HMRC refuses the client's VAT reads: the browser logs that 403.
  test.use({ expectedConsoleErrors: { allow: [/status of 403 .*\/api\/vat\//] } });

  test('adds a client, the client accepts, the agent files its return as agent; ended authority on the dashboard with its next step', async ({
    page,
  }) => {
    await signUp(page, 'Ann Agent', 'agent');
    await connectAgentServices(page);
    const { clientVrn, clientName } = await addAcceptedClient(page);

    // The client is now a business, reached with the agent's authority.
    const request = page.getByTestId('client-request').filter({ hasText: clientName });
    await request.getByRole('button', { name: 'Open in VAT Operations' }).click();
    await expect(page).toHaveURL(/\/app\/vat-operations/);
    await expect(page.getByTestId('business-switcher')).toHaveValue(new RegExp(clientName));
    await expect(page.getByTestId('obligation-row').first()).toBeVisible();

    const draft = await startFirstReturn(page);
    const returnId = draft.returnId;
    expect(draft.vrn).toBe(clientVrn);
    await importOneSale(page, draft.periodStart, 'Bookkeeping for the client');

    // The agent confirms HMRC's agent declaration, not the business's.
    await expect(page.getByTestId('declaration-as-agent')).toContainText('as its tax agent');
    await expect(page.getByTestId('declaration-text')).toContainText(
      'I confirm that my client has received a copy of the information contained in this return',
    );
    await page.getByRole('checkbox', { name: /declaration/ }).check();
    await page.getByRole('button', { name: 'Submit to HMRC' }).click();

    await expect(page).toHaveURL(new RegExp(`/app/vat-submissions/${returnId}/receipt$`));
    await expect(page.getByTestId('form-bundle-number')).toHaveText(/^\d{12}$/);
    await expect(page.getByTestId('filed-as-agent')).toHaveText(/^[A-Z]ARN\d{7}$/);
    await expect(page.getByTestId('receipt-declaration')).toContainText('I confirm that my client has received a copy');

    // The practice dashboard: the period just filed, and its VAT now owed past its due date.
    await openScreen(page, 'Practice dashboard');
    await expect(page.getByTestId('dashboard-reading')).toHaveText('Read from HMRC within the last 15 minutes', {
      timeout: 30_000,
    });
    const row = page.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
    await expect(row).toContainText(clientName);
    await expect(row).toContainText(/as agent [A-Z]ARN\d{7}/);
    await expect(row.getByTestId('cell-last-filed')).toHaveText(ukTodayText());
    await expect(row.getByTestId('cell-unpaid')).toHaveText('£100.00');
    await expectNoAxeViolations(page, '/app/practice-dashboard with a client');
    // Filtered to what needs attention and searched by VRN, the row stays; opening it goes to its data.
    await page.getByRole('combobox', { name: 'Show' }).selectOption('unpaid');
    await page.getByRole('textbox', { name: 'Search' }).fill(clientVrn.slice(0, 5));
    await expect(page.getByTestId('dashboard-row')).toHaveCount(1);
    await row.getByRole('button', { name: clientName }).click();
    await expect(page).toHaveURL(/\/app\/vat-operations/);

    await test.step('ended authority on the dashboard with its next step', async () => {
      // The client removes the agent in their HMRC account (the simulator's operator control).
      const removed = await page.request.delete(`/hmrc-sandbox/operator/clients/${clientVrn}/agents`);
      expect(removed.status()).toBe(200);
      // The next VAT call HMRC refuses says so, with the next step.
      await page.reload();
      const askFromOperations = page.getByTestId('ask-client-again').first();
      await expect(askFromOperations).toBeVisible({ timeout: 30_000 });
      await expect(askFromOperations).toHaveAttribute('href', '/app/clients');

      await openScreen(page, 'Practice dashboard');
      await page.reload();
      const ended = page.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
      await expect(ended.getByTestId('cell-authority')).toContainText('Authority ended');
      await expect(ended.getByTestId('cell-authority')).not.toContainText('days left');
      await page.getByRole('combobox', { name: 'Show' }).selectOption('authority');
      await expect(page.getByTestId('dashboard-row')).toHaveCount(1);
      await ended.getByRole('button', { name: `Ask ${clientName} again for authority` }).click();

      // Clients: the client once, its authority ended, asked again in one click.
      await expect(page).toHaveURL(new RegExp(`/app/clients\\?vrn=${clientVrn}$`));
      const card = page.getByTestId('client-request').filter({ hasText: clientName });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('client-request-status')).toHaveText('Authority ended');
      await expect(card.getByRole('button', { name: 'Open in VAT Operations' })).toHaveCount(0);
      await card.getByRole('button', { name: 'Ask again' }).click();
      await expect(card.getByTestId('client-request-status')).toHaveText('Waiting for client');
      await expect(card).toContainText('1 earlier request');
    });
  });
});
