import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { passHmrcStartPages } from '../support/hmrc';

/**
 * The embedded HMRC sandbox simulator's OAuth journey in a real browser, against the real server:
 * HMRC's sign-in page, the grant page, and the way back to VAT Wise's /hmrc-callback.
 */
const clientId = 'vatwise-local-sandbox';
const clientSecret = 'local-sandbox-secret-not-for-hmrc';

async function createTestUser(request: APIRequestContext) {
  const token = await request.post('/hmrc-sandbox/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const created = await request.post('/hmrc-sandbox/create-test-user/organisations', {
    headers: { accept: 'application/vnd.hmrc.1.0+json', authorization: `Bearer ${accessToken}` },
    data: { serviceNames: ['mtd-vat'] },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { userId: string; password: string };
}

function authorizeUrl(baseURL: string, state: string) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    scope: 'read:vat write:vat',
    redirect_uri: `${baseURL}/hmrc-callback`,
    state,
  });
  return `/hmrc-sandbox/oauth/authorize?${query.toString()}`;
}

test.describe('signing in to the HMRC sandbox simulator', () => {
  // A wrong password is answered 401, which the browser reports on the console itself.
  test.use({ expectedConsoleErrors: { allow: [/status of 401/] } });

  test('sign in, give permission, and return to VAT Wise with a code and the state', async ({ page, baseURL }) => {
    const user = await createTestUser(page.request);
    await page.goto(authorizeUrl(baseURL ?? '', 'journey-1'));
    await passHmrcStartPages(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByRole('banner')).toContainText('Local HMRC sandbox simulator');

    await page.getByLabel('User ID').fill(user.userId);
    await page.getByLabel('Password').fill('not-the-password');
    await page.locator('#submit').click();
    await expect(page.locator('#login-issued-error')).toHaveText('Invalid user ID or password. Try again.');

    await page.getByLabel('Password').fill(user.password);
    await page.locator('#submit').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('permission to use your HMRC data');
    await expect(page.getByRole('listitem')).toHaveText([/View your VAT information/, /Change your VAT information/]);
    await page.getByRole('button', { name: 'Give permission' }).click();

    await expect(page).toHaveURL(/\/hmrc-callback\?code=[0-9a-f]{32}&state=journey-1$/);
  });

  test('refusing permission returns with error=access_denied', async ({ page, baseURL }) => {
    const user = await createTestUser(page.request);
    await page.goto(authorizeUrl(baseURL ?? '', 'journey-2'));
    await passHmrcStartPages(page);
    await page.getByLabel('User ID').fill(user.userId);
    await page.getByLabel('Password').fill(user.password);
    await page.locator('#submit').click();
    await page.getByRole('link', { name: 'Do not give permission' }).click();
    await expect(page).toHaveURL(/\/hmrc-callback\?error=access_denied&.*state=journey-2/);
  });
});
