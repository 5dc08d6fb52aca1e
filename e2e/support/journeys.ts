import { type Page, expect } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { authoriseInHmrcWindow } from './hmrc';

/** A main-navigation link, clicked as a person would. */
export async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click();
}

/** Connects an agent services account: an Agent test user authorised on Grant Authority. */
export async function connectAgentServices(page: Page) {
  await page.goto('/app/grant-authority');
  await page.getByRole('radio', { name: 'Agent' }).check();
  await page.getByRole('button', { name: 'Create sandbox user' }).click();
  const card = page.locator('[data-testid^="sandbox-user-"]').first();
  await expect(card.getByTestId('sandbox-user-id')).toHaveText(/^\d{12}$/);
  await authoriseInHmrcWindow(page, card);
}

/**
 * On Clients: a new test client asked for authority, accepted by VAT Wise's sandbox authoriser on
 * HMRC's page, and so one of the agent's businesses. Checks the screen's accessibility on the way.
 */
export async function addAcceptedClient(page: Page): Promise<{ clientVrn: string; clientName: string }> {
  await openScreen(page, 'Clients');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clients');
  await expect(page.getByTestId('client-requests-empty')).toBeVisible();

  // A new test client fills in what the client would tell the agent.
  await page.getByRole('button', { name: 'New test client' }).click();
  const vrn = page.getByRole('textbox', { name: /Client's VAT registration number/ });
  await expect(vrn).toHaveValue(/^\d{9}$/);
  const clientVrn = await vrn.inputValue();
  await expect(page.getByLabel(/Client's VAT registration date/)).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  const clientName = await page.getByRole('textbox', { name: /Client name/ }).inputValue();
  await page.getByRole('button', { name: 'Ask for authority' }).click();
  await expect(page.getByTestId('client-link-url')).toContainText('/appoint-someone-to-deal-with-HMRC-for-you/');

  const request = page.getByTestId('client-request').filter({ hasText: clientName });
  await expect(request.getByTestId('client-request-status')).toHaveText('Waiting for client');
  // The screen with a request waiting, its link and its actions meets WCAG 2.1 AA.
  await expectNoAxeViolations(page, '/app/clients with a waiting request');
  await request.getByRole('button', { name: 'Client accepts (sandbox)' }).click();
  await expect(request.getByTestId('client-request-status')).toHaveText('Accepted', { timeout: 90_000 });
  return { clientVrn, clientName };
}

/** On VAT Submissions for the current business: starts the first open period's return; its id. */
export async function startFirstReturn(page: Page): Promise<{ returnId: string; vrn: string; periodStart: string }> {
  await openScreen(page, 'VAT Submissions');
  await page.getByTestId('open-period').first().getByRole('button', { name: 'Start return' }).click();
  await expect(page).toHaveURL(/\/app\/vat-submissions\/[^/]+$/);
  const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as {
    vrn: string;
    periodStart: string;
  };
  return { returnId, ...draft };
}

/** Imports one sale of £500 net, £100 VAT, dated `date`, on the open Return page. */
export async function importOneSale(page: Page, date: string, description: string) {
  await page.getByRole('button', { name: 'Import a file' }).click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('File', { exact: true }).setInputFiles({
    name: 'sales.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Date,Description,Net,VAT\n${date},${description},500.00,100.00\n`),
  });
  await wizard.getByRole('button', { name: 'Import 1 record' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByTestId('box-1')).toHaveText('£100.00');
}

/** Today as the dashboard and receipts write it. */
export function ukTodayText(): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date());
}
