import { adminStorageState, registerAccount, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { createOrganisation, signUp } from '../support/hmrc';

/**
 * The agents, watched live: the sandbox authoriser run from Authorisation User while the Agents
 * screen (open in another tab) shows its dialogue arriving, and an Admin's pause reaching another
 * user's screen within a second.
 */

test.describe('agents', () => {
  test.setTimeout(90_000);

  test('the sandbox authoriser signs in and grants for a test user while the Agents screen shows each step live', async ({
    page,
    context,
  }) => {
    await signUp(page, 'Avery Agent', 'authoriser');
    const card = await createOrganisation(page);
    const userId = (await card.getByTestId('sandbox-user-id').textContent()) ?? '';

    // The Agents screen, open before the run and never reloaded.
    const agents = await context.newPage();
    await agents.goto('/app/agents');
    await expect(agents.getByTestId('live-indicator')).toHaveAttribute('data-state', 'live');
    await expect(agents.getByTestId('agent-sandbox-authoriser')).toContainText('Sandbox authoriser');

    await page.goto('/app/authorisation-user');
    const authoriser = page.getByTestId('sandbox-authoriser');
    await authoriser.getByRole('combobox', { name: 'Sandbox user' }).click();
    await page.getByRole('option', { name: new RegExp(`^${userId}`) }).click();
    // The browser is a field of its own: it must be chosen.
    await authoriser.getByRole('button', { name: 'Authorise with the agent' }).click();
    await expect(authoriser.getByText('Please select a browser.')).toBeVisible();
    await authoriser.getByRole('combobox', { name: 'Browser' }).click();
    await expect(page.getByRole('option', { name: 'Firefox (not available)' })).toBeVisible();
    await page.getByRole('option', { name: 'Chromium', exact: true }).click();
    await authoriser.getByRole('button', { name: 'Authorise with the agent' }).click();

    await expect(authoriser.getByTestId('authoriser-result')).toContainText(`${userId} is authorised`, {
      timeout: 60_000,
    });
    await expect(authoriser.getByTestId('authoriser-steps')).toContainText(`Signing in as ${userId}`);
    await expect(card.getByTestId('authorisation-status')).not.toHaveText('Not authorised yet');

    // Arrived on the other tab without a reload, step by step.
    const dialogue = agents.getByTestId('agents-dialogue');
    for (const step of [
      'Opening Chromium…',
      `Signing in as ${userId}`,
      'Giving VAT Wise permission',
      'HMRC returned an authorisation code',
      `Authorised ${userId}`,
    ]) {
      await expect(dialogue).toContainText(step);
    }
    // The deadline watcher checked the newly connected business too (its HMRC call is then logged).
    await expect(dialogue).toContainText('Deadline watcher');
    // So did the HMRC calls it made, in the VAT dialogue.
    await agents.getByRole('tab', { name: 'VAT dialogue' }).click();
    await expect(agents.getByTestId('vat-dialogue')).toContainText('POST /oauth/token · 200');

    // Clearing asks first; keeping leaves every line, clearing empties the log here and after a reload.
    await agents.getByRole('button', { name: 'Clear', exact: true }).click();
    const confirm = agents.getByRole('dialog', { name: 'Clear the VAT dialogue?' });
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await expect(confirm).toBeHidden();
    await expect(agents.getByTestId('vat-dialogue')).toContainText('POST /oauth/token · 200');
    await agents.getByRole('button', { name: 'Clear', exact: true }).click();
    await confirm.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(agents.getByTestId('vat-dialogue')).toHaveText('No HMRC calls yet.');
    await agents.reload();
    await agents.getByRole('tab', { name: 'VAT dialogue' }).click();
    await expect(agents.getByTestId('vat-dialogue')).toHaveText('No HMRC calls yet.');
    await agents.getByRole('tab', { name: 'Agent dialogue' }).click();
    await expect(agents.getByTestId('agents-dialogue')).toContainText(`Signing in as ${userId}`);
    await agents.close();
  });

  test("an Admin's pause shows on another signed-in user's Agents screen within a second", async ({ browser }) => {
    const userContext = await browser.newContext();
    await registerAccount(userContext.request, uniqueEmail('watcher'), 'Wendy Watcher');
    const userPage = await userContext.newPage();
    await userPage.goto('/app/agents');
    await expect(userPage.getByTestId('live-indicator')).toHaveAttribute('data-state', 'live');
    const seen = userPage.getByTestId('agent-status-token-keeper');
    await expect(seen).toHaveText('Idle');
    // Another user has no controls.
    await expect(userPage.getByTestId('agent-token-keeper').getByRole('button', { name: 'Pause' })).toHaveCount(0);

    const adminContext = await browser.newContext({ storageState: adminStorageState });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/app/agents');
    const agentCard = adminPage.getByTestId('agent-token-keeper');
    try {
      await agentCard.getByRole('button', { name: 'Pause' }).click();
      await expect(adminPage.getByTestId('agent-status-token-keeper')).toHaveText('Paused');
      await expect(seen).toHaveText('Paused', { timeout: 1_000 });
      await expect(userPage.getByTestId('agent-token-keeper')).toContainText('Changed by admin@vatwise.test');
    } finally {
      await agentCard.getByRole('button', { name: 'Resume' }).click();
    }
    await expect(seen).toHaveText('Idle', { timeout: 1_000 });
    await adminContext.close();
    await userContext.close();
  });
});
