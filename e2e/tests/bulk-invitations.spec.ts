import { connectAgentServices, openScreen } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUp } from '../support/hmrc';

/**
 * A tax agent invites several clients at once from a CSV on Clients, against the embedded HMRC
 * simulator: the file is previewed row by row, then sent, and each row shows its own outcome.
 */

test.describe('inviting clients from a CSV', () => {
  test.setTimeout(90_000);

  test('a CSV of clients invited with a result per row', async ({ page }) => {
    await signUp(page, 'Bea Bulk', 'bulk');
    await connectAgentServices(page);
    const testClient = async () => {
      const response = await page.request.post('/api/create_sandbox_user', { data: { userType: 'Organisation' } });
      expect(response.status()).toBe(201);
      return (await response.json()) as { vrn: string; vatRegistrationDate: string };
    };
    const first = await testClient();
    const second = await testClient();
    const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
    const wrongDate = second.vatRegistrationDate === '2001-01-01' ? '02/01/2001' : '01/01/2001';
    const csv = [
      'VRN,Registration date,Name,Email',
      `${first.vrn},${dayFirst(first.vatRegistrationDate)},First Client Ltd,first@example.com`,
      `${second.vrn},${wrongDate},Second Client Ltd,second@example.com`,
      '12345,01/01/2020,Mistyped Ltd,',
    ].join('\n');

    await openScreen(page, 'Clients');
    const section = page.getByRole('region', { name: 'Invite from CSV' });
    await expect(section.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'download',
      'clients-template.csv',
    );
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The preview: two rows ready, the mistyped VRN to correct; nothing sent yet.
    const rows = section.getByTestId('bulk-row');
    await expect(rows).toHaveCount(3);
    await expect(section.getByTestId('bulk-summary')).toHaveText(/^2 ready to send, 1 to correct/);
    await expect(rows.nth(2)).toHaveAttribute('data-outcome', 'refused');
    await expect(rows.nth(2).getByTestId('bulk-reason')).toContainText('The VRN is not valid');

    await section.getByRole('button', { name: 'Send 2 requests to HMRC' }).click();
    await expect(section.getByTestId('bulk-summary')).toHaveText(/^1 sent, 2 refused/, { timeout: 30_000 });
    await expect(rows.nth(0)).toHaveAttribute('data-outcome', 'sent');
    await expect(rows.nth(0).getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(rows.nth(1)).toHaveAttribute('data-outcome', 'refused');
    await expect(rows.nth(1).getByTestId('bulk-reason')).toContainText('registration date does not match');

    // The sent request is now among the agent's requests.
    await expect(page.getByTestId('client-request').filter({ hasText: 'First Client Ltd' })).toBeVisible();
  });
});
