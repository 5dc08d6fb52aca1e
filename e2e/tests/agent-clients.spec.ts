import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { authoriseInHmrcWindow, signUp } from '../support/hmrc';

/**
 * A tax agent, as a new user would work, against the embedded HMRC simulator: connect an agent
 * services account, add a client (a new sandbox test client, which VAT Wise's sandbox authoriser
 * then accepts for on HMRC's page), read the client's obligations with the agent's authority, and
 * file the client's return with HMRC's agent declaration; the receipt names the agent.
 */

test.describe('an agent acting for a client', () => {
  // Sign-up, HMRC's window, a second browser accepting as the client, an import and a submission.
  test.setTimeout(180_000);

  test('adds a client, the client accepts, and the agent files its return as agent', async ({ page }) => {
    await signUp(page, 'Ann Agent', 'agent');
    await page.goto('/app/grant-authority');
    await page.getByRole('radio', { name: 'Agent' }).check();
    await page.getByRole('button', { name: 'Create sandbox user' }).click();
    const card = page.locator('[data-testid^="sandbox-user-"]').first();
    await expect(card.getByTestId('sandbox-user-id')).toHaveText(/^\d{12}$/);
    await authoriseInHmrcWindow(page, card);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clients');
    await expect(page.getByTestId('client-requests-empty')).toBeVisible();

    // A new test client fills in what the client would tell the agent.
    await page.getByRole('button', { name: 'New test client' }).click();
    const vrn = page.getByRole('textbox', { name: /Client's VAT registration number/ });
    await expect(vrn).toHaveValue(/^\d{9}$/);
    const clientVrn = await vrn.inputValue();
    await expect(page.getByLabel(/Client's VAT registration date/)).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const clientName = await page.getByRole('textbox', { name: /Client name/ }).inputValue();
    await page.getByRole('button', { name: 'Ask for authority' }).click();
    await expect(page.getByTestId('client-link-url')).toContainText('/appoint-someone-to-deal-with-HMRC-for-you/');

    const request = page.getByTestId('client-request').filter({ hasText: clientName });
    await expect(request.getByTestId('client-request-status')).toHaveText('Waiting for client');
    // The screen with a request waiting, its link and its actions meets WCAG 2.1 AA.
    await expectNoAxeViolations(page, '/app/clients with a waiting request');
    await request.getByRole('button', { name: 'Client accepts (sandbox)' }).click();
    await expect(request.getByTestId('client-request-status')).toHaveText('Accepted', { timeout: 90_000 });

    // The client is now a business, reached with the agent's authority.
    await request.getByRole('button', { name: 'Open in VAT Operations' }).click();
    await expect(page).toHaveURL(/\/app\/vat-operations/);
    await expect(page.getByTestId('business-switcher')).toHaveValue(new RegExp(clientName));
    await expect(page.getByTestId('obligation-row').first()).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VAT Submissions' })
      .click();
    await page.getByTestId('open-period').first().getByRole('button', { name: 'Start return' }).click();
    await expect(page).toHaveURL(/\/app\/vat-submissions\/[^/]+$/);
    const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as {
      vrn: string;
      periodStart: string;
    };
    expect(draft.vrn).toBe(clientVrn);
    await page.getByRole('button', { name: 'Import a file' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByLabel('File', { exact: true }).setInputFiles({
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Date,Description,Net,VAT\n${draft.periodStart},Bookkeeping for the client,500.00,100.00\n`),
    });
    await wizard.getByRole('button', { name: 'Import 1 record' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByTestId('box-1')).toHaveText('£100.00');

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
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Practice dashboard' })
      .click();
    await expect(page.getByTestId('dashboard-reading')).toHaveText('Read from HMRC within the last 15 minutes', {
      timeout: 30_000,
    });
    const row = page.locator(`[data-testid="dashboard-row"][data-vrn="${clientVrn}"]`);
    await expect(row).toContainText(clientName);
    await expect(row).toContainText(/as agent [A-Z]ARN\d{7}/);
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date());
    await expect(row.getByTestId('cell-last-filed')).toHaveText(today);
    await expect(row.getByTestId('cell-unpaid')).toHaveText('£100.00');
    await expectNoAxeViolations(page, '/app/practice-dashboard with a client');
    // Filtered to what needs attention and searched by VRN, the row stays; opening it goes to its data.
    await page.getByRole('combobox', { name: 'Show' }).selectOption('unpaid');
    await page.getByRole('textbox', { name: 'Search' }).fill(clientVrn.slice(0, 5));
    await expect(page.getByTestId('dashboard-row')).toHaveCount(1);
    await row.getByRole('button', { name: clientName }).click();
    await expect(page).toHaveURL(/\/app\/vat-operations/);
  });
});
