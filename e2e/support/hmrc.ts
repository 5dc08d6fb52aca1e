import { type Locator, type Page, expect } from '@playwright/test';
import { uniqueEmail } from './accounts';

/** Registers a new account through the form; the browser is then signed in as it, on /app. Its e-mail address. */
export async function signUp(page: Page, name: string, label = 'user', email = uniqueEmail(label)): Promise<string> {
  await page.goto('/user/register');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Quarterly-Return-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/app');
  return email;
}

/** Creates an Organisation sandbox user on Grant Authority and returns its card. */
export async function createOrganisation(page: Page): Promise<Locator> {
  await page.goto('/app/grant-authority');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grant Authority');
  await page.getByRole('radio', { name: 'Organisation' }).check();
  await page.getByRole('button', { name: 'Create sandbox user' }).click();
  const card = page.locator('[data-testid^="sandbox-user-"]').first();
  await expect(card.getByTestId('sandbox-user-id')).toHaveText(/^\d{12}$/);
  return card;
}

/** HMRC's start pages before its sign-in form (docs/reference/hmrc-vat-api.md §2.4), passed as a person would. */
export async function passHmrcStartPages(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authorise software');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What you will need');
  await page.getByRole('button', { name: 'Sign in to the HMRC online service' }).click();
}

/**
 * Presses the callback page's "Close this window". The button closes its own window, which can end
 * Playwright's click before the click reports back: the window closing is what proves the click
 * worked, so a click error counts only if the window is still open.
 */
export async function closeHmrcWindow(popup: Page) {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Close this window' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

/** Signs in to HMRC's window as the card's sandbox user and gives VAT Wise permission. */
export async function authoriseInHmrcWindow(page: Page, card: Locator) {
  const userId = (await card.getByTestId('sandbox-user-id').textContent()) ?? '';
  await card.getByRole('button', { name: 'Show password' }).click();
  const password = (await card.getByTestId('sandbox-user-password').textContent()) ?? '';
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
  await expect(card.getByTestId('authorisation-status')).toHaveText('Authorised');
  return { userId, password };
}

/** A new account with an authorised Organisation: a business (VRN) to work on. */
export async function signUpWithBusiness(page: Page, name: string) {
  await signUp(page, name, 'business');
  const card = await createOrganisation(page);
  await authoriseInHmrcWindow(page, card);
  await expect(page.getByTestId('business-switcher')).toHaveValue(/Company [A-Z]{3}\d{3}/);
}
