import { adminStorageState } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { mainAreaScreens } from '../support/screens';

// These journeys are about the shell, not sign-in: they run as the installation's Admin.
test.use({ storageState: adminStorageState });

/** Every route of the product reference (docs/reference/product.md) (docs/reference/product.md §2) and every screen of the main area (as the web app declares them). */
const pages: { path: string; heading: RegExp; landsOn?: string }[] = [
  { path: '/', heading: /VAT/ },
  ...mainAreaScreens,
  { path: '/user/login', heading: /^Sign in$/ },
  { path: '/user', heading: /^Sign in$/, landsOn: '/user/login' },
  { path: '/user/register', heading: /^Create an account$/ },
  { path: '/user/forgot-password', heading: /^Forgot your password$/ },
  { path: '/user/reset-password', heading: /^Choose a new password$/ },
  { path: '/unauthorized', heading: /^Not authorised$/ },
  { path: '/login', heading: /^Sign in$/, landsOn: '/user/login' },
  { path: '/error', heading: /^Page not found$/ },
  { path: '/privacy-policy', heading: /Privacy/ },
  { path: '/terms-of-use', heading: /^Terms of use$/ },
  { path: '/accessibility', heading: /^Accessibility statement$/ },
  { path: '/hmrc-callback', heading: /^HMRC authorisation$/ },
];

for (const { path, heading, landsOn } of pages) {
  test(`${path} renders its screen with no console errors`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveURL(landsOn ?? path);
    // Nothing is left as a raw translation key.
    await expect(page.locator('body')).not.toContainText(/\b(nav|placeholder|auth|errorPage|header)\.[a-zA-Z]+/);
  });
}

test('the main area links to every screen from its navigation', async ({ page }) => {
  await page.goto('/app');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of [
    'Home',
    'About',
    'Mission',
    'Vision',
    'Technology and Innovation',
    'Security and Compliance',
    'Practice',
    'Audit log',
    'Agents',
    'VAT Operations',
    'VAT Submissions',
    'VAT Wise',
    'Whitepaper',
    'Grant Authority',
    'Create User',
    'Authorisation User',
    'User Management',
  ]) {
    await expect(navigation.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await navigation.getByRole('link', { name: 'VAT Operations', exact: true }).click();
  await expect(page).toHaveURL('/app/vat-operations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^VAT Operations/);
});

test('after a failed token refresh, /login explains the session ended', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});

test('an unknown path lands on /error and its button goes home', async ({ page }) => {
  for (const path of ['/no/such/page', '/app/no-such-screen']) {
    await page.goto(path);
    await expect(page).toHaveURL('/error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  }
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('content-home')).toBeVisible();
});

test('the help link opens the configured help site in a new tab', async ({ page }) => {
  await page.goto('/app');
  const help = page.getByRole('link', { name: /^Help/ });
  await expect(help).toHaveAttribute('href', 'https://help.vatwise.example/guide');
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', /noopener/);
});
