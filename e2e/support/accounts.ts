import type { APIRequestContext, Page } from '@playwright/test';

export const password = 'Correct-Horse-Battery-9';
export const admin = { name: 'Ada Admin', email: 'admin@vatwise.test' };
export const adminStorageState = new URL('../.auth/admin.json', import.meta.url).pathname;

/** A fresh address per test run and call, so tests never collide on the shared database. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@vatwise.test`;
}

/** Creates an account through the API; with a page's request context, that page is then signed in as it. */
export async function registerAccount(request: APIRequestContext, email: string, name = 'Test User') {
  const response = await request.post('/api/auth/sign-up/email', { data: { name, email, password } });
  if (!response.ok()) throw new Error(`registering ${email} failed: ${response.status()} ${await response.text()}`);
}

export async function signInThroughForm(page: Page, email: string, secret = password) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
