import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { closeHmrcWindow, passHmrcStartPages, signUp } from '../support/hmrc';

/**
 * Connecting to HMRC as a new user would, against the embedded simulator: sign up, create an
 * Organisation sandbox user, authorise it in HMRC's window, then read what HMRC holds.
 */

async function createOrganisation(page: Page) {
  await page.goto('/app/grant-authority');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grant Authority');
  // Creating without a type says what is missing.
  await page.getByRole('button', { name: 'Create sandbox user' }).click();
  await expect(page.getByText('Please select a user type.')).toBeVisible();
  await page.getByRole('radio', { name: 'Organisation' }).check();
  await page.getByRole('button', { name: 'Create sandbox user' }).click();
  const card = page.locator('[data-testid^="sandbox-user-"]').first();
  await expect(card.getByTestId('sandbox-user-id')).toHaveText(/^\d{12}$/);
  await expect(card.getByTestId('authorisation-status')).toHaveText('Not authorised yet');
  return card;
}

test.describe('connecting to HMRC', () => {
  // A refusal from HMRC (the insolvent trader) is an HTTP error the browser reports on its console.
  test.use({ expectedConsoleErrors: { allow: [/status of 403/] } });
  // Sign-up, HMRC's window and four tabs of data: a long journey on two cores.
  test.setTimeout(90_000);

  test('a new user creates a sandbox user and authorises it in HMRC’s window', async ({ page }) => {
    await signUp(page, 'Nora Newcomer');
    const card = await createOrganisation(page);
    const userId = (await card.getByTestId('sandbox-user-id').textContent()) ?? '';
    await card.getByRole('button', { name: 'Show password' }).click();
    const password = (await card.getByTestId('sandbox-user-password').textContent()) ?? '';
    expect(password).toMatch(/^[a-z0-9]{12}$/);

    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Authorise' }).click();
    const popup = await popupOpened;
    await passHmrcStartPages(popup);
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await popup.getByLabel('User ID').fill(userId);
    await popup.getByLabel('Password').fill(password);
    await popup.locator('#submit').click();
    await popup.getByRole('button', { name: 'Give permission' }).click();
    await expect(popup.getByTestId('hmrc-callback-granted')).toContainText('VAT Wise successfully granted.');
    await closeHmrcWindow(popup);

    await expect(page.getByText('VAT Wise successfully granted.').first()).toBeVisible();
    await expect(card.getByTestId('authorisation-status')).toHaveText('Authorised');
    // HMRC's authority lasts 18 months: read in years and days, not thousands of hours.
    await expect(card.getByTestId('authorisation-remaining')).toHaveText(/^1 year \d{1,3} days?$/);
    const details = JSON.parse((await page.evaluate(() => localStorage.getItem('authorizationDetails'))) ?? '{}');
    expect(details).toMatchObject({ userId, userType: 'Organisation' });
    expect(JSON.stringify(details)).not.toContain(password);
    // The business is now in the header.
    await expect(page.getByTestId('business-switcher')).toHaveValue(/Company [A-Z]{3}\d{3}/);

    // VAT Operations: what HMRC holds for it.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VAT Operations' })
      .click();
    await expect(page.getByTestId('vat-operations')).toBeVisible();
    const obligations = page.getByTestId('obligation-row');
    await expect(obligations.first()).toBeVisible();
    await expect(page.getByText('Overdue').first()).toBeVisible();
    await page.getByRole('button', { name: 'View return' }).first().click();
    const returnView = page.getByTestId('return-view');
    await expect(returnView).toContainText('Box 5');
    await expect(returnView).toContainText(/£[\d,]+\.\d{2}/);
    await page.keyboard.press('Escape');
    await expect(returnView).toBeHidden();

    await page.getByRole('tab', { name: 'Liabilities' }).click();
    await expect(page.getByTestId('liability-row').first()).toBeVisible();
    await expect(page).toHaveURL(/tab=liabilities/);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByTestId('payment-row').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Penalties' }).click();
    await expect(page.getByTestId('penalty-row').first()).toBeVisible();
    await page.getByRole('switch', { name: 'Show financial details' }).check();
    await expect(page.getByTestId('financial-details').first()).toContainText(/£[\d,]+\.\d{2}/);

    // An HMRC refusal reaches the screen in the product reference's words.
    await page.getByRole('tab', { name: 'Obligations' }).click();
    await page.getByLabel('Test scenario').selectOption('INSOLVENT_TRADER');
    await expect(page.getByRole('alert').filter({ hasText: 'The Trader is insolvent (Obligations).' })).toBeVisible();
  });

  test('closing HMRC’s window before finishing says so', async ({ page }) => {
    await signUp(page, 'Cora Closer');
    const card = await createOrganisation(page);
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Authorise' }).click();
    const popup = await popupOpened;
    await passHmrcStartPages(popup);
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await popup.close();
    await expect(page.getByText('Authorization window was closed.')).toBeVisible();
    await expect(card.getByTestId('authorisation-status')).toHaveText('Not authorised yet');
  });

  test('a sandbox user can be deleted after confirming', async ({ page }) => {
    await signUp(page, 'Dara Deleter');
    const card = await createOrganisation(page);
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete sandbox user' }).click();
    await expect(page.getByText('Sandbox User deleted successfully.')).toBeVisible();
    await expect(page.getByTestId('sandbox-users-empty')).toBeVisible();
  });
});
