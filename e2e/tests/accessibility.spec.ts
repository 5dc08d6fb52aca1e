import type { Page } from '@playwright/test';
import { admin, password } from '../support/accounts';
import { expectNoAxeViolations, expectNoCspViolations, recordCspViolations, waitForSettledPage } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';
import { mainAreaScreens } from '../support/screens';

/**
 * WCAG 2.1 AA on every page: axe-core checks each route of the web app, signed out
 * and signed in, in light and dark mode and in other theme colours. Each page must also run
 * with no Content-Security-Policy violation (the server's policy allows no inline script).
 */

type Scheme = 'light' | 'dark';

/** Stores the appearance before the app starts, as the theme panel would (shared/theme/preferences.ts). */
async function useAppearance(page: Page, scheme: Scheme, colour = 'redruby') {
  const preferences = JSON.stringify({
    theme: `${scheme}.${colour}`,
    radius: 'rounded',
    language: 'en',
    direction: 'ltr',
  });
  await page.addInitScript((value) => window.localStorage.setItem('preferences', value), preferences);
}

/**
 * Signs the page in as the installation's Admin (created by accounts.setup.ts), who may open every
 * screen. Through the API rather than the saved storage state, so a test run beside another on the
 * same machine cannot sign this one in to the other run's server.
 */
async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password } });
  expect(response.ok(), `signing in as ${admin.email}`).toBe(true);
}

async function checkPage(page: Page, path: string, heading: RegExp, label = path) {
  await page.goto(path);
  await waitForSettledPage(page, heading);
  await expectNoAxeViolations(page, label);
  await expectNoCspViolations(page);
}

test.beforeEach(async ({ page }) => {
  await recordCspViolations(page);
});

/** Pages a visitor reaches signed out, main-area pages open to guests included. */
const publicPages: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /VAT/ },
  { path: '/privacy-policy', heading: /Privacy/ },
  { path: '/terms-of-use', heading: /^Terms of use$/ },
  { path: '/accessibility', heading: /^Accessibility statement$/ },
  { path: '/user/login', heading: /^Sign in$/ },
  { path: '/user/register', heading: /^Create an account$/ },
  { path: '/user/forgot-password', heading: /^Forgot your password$/ },
  { path: '/user/reset-password', heading: /^Choose a new password$/ },
  { path: '/unauthorized', heading: /^Not authorised$/ },
  { path: '/error', heading: /^Page not found$/ },
  { path: '/hmrc-callback', heading: /^HMRC authorisation$/ },
  { path: '/app/about', heading: /./ },
];

/** Every screen of the main area as the web app declares them, as the installation's Admin (who may open all of them). */
const mainPages = mainAreaScreens;

/** The key pages: checked in dark mode too. */
const keyPublicPaths = ['/', '/user/login', '/user/register', '/privacy-policy', '/terms-of-use', '/accessibility'];
const keyMainPaths = [
  '/app',
  '/app/grant-authority',
  '/app/vat-operations',
  '/app/vat-submissions',
  '/app/vat-wise',
  '/app/agents',
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`signed out, ${scheme}`, () => {
    for (const { path, heading } of publicPages) {
      if (scheme === 'dark' && !keyPublicPaths.includes(path)) continue;
      test(`${path} has no WCAG 2.1 AA violation`, async ({ page }) => {
        await useAppearance(page, scheme);
        await checkPage(page, path, heading, `${path} (signed out, ${scheme})`);
      });
    }
  });

  test.describe(`signed in, ${scheme}`, () => {
    for (const { path, heading } of mainPages) {
      if (scheme === 'dark' && !keyMainPaths.includes(path)) continue;
      test(`${path} has no WCAG 2.1 AA violation`, async ({ page }) => {
        await signInAsAdmin(page);
        await useAppearance(page, scheme);
        await checkPage(page, path, heading, `${path} (signed in, ${scheme})`);
      });
    }

    test(`a survey's own page has no WCAG 2.1 AA violation`, async ({ page }) => {
      await signInAsAdmin(page);
      await useAppearance(page, scheme);
      await checkPage(page, '/app/demo/surveys', /^Surveys/);
      const survey = page.locator('main a[href^="/app/demo/surveys/"]').first();
      const href = (await survey.getAttribute('href')) ?? '';
      await checkPage(page, href, /./, `${href} (signed in, ${scheme})`);
    });

    test('the appearance panel and the user menu have no WCAG 2.1 AA violation', async ({ page }) => {
      await signInAsAdmin(page);
      await useAppearance(page, scheme);
      await checkPage(page, '/app', /Welcome to VAT Wise/);
      await page.getByRole('button', { name: 'Appearance' }).click();
      await expect(page.getByRole('radio', { name: 'Moss green' })).toBeVisible();
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page, `/app with the appearance panel open (${scheme})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('radio', { name: 'Moss green' })).toBeHidden();

      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-role')).toBeVisible();
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page, `/app with the user menu open (${scheme})`);
      await page.keyboard.press('Escape');
    });
  });
}

/**
 * Other theme colours, light and dark, on pages full of the primary colour: the palest (whose
 * filled buttons take dark labels), a mid green and the darkest blue. Every colour's text
 * contrast is checked by the theme's unit test (shared/theme/mantine-theme.test.ts).
 */
const colours = ['yellowgranola', 'greenlime', 'bluenavy'];
test.describe('theme colours', () => {
  for (const colour of colours) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${scheme}.${colour} has no WCAG 2.1 AA violation on Home, Grant Authority and register`, async ({
        page,
        browser,
      }) => {
        await signInAsAdmin(page);
        await useAppearance(page, scheme, colour);
        await checkPage(page, '/app', /Welcome to VAT Wise/, `/app (${scheme}.${colour})`);
        await checkPage(page, '/app/grant-authority', /^Grant Authority/, `/app/grant-authority (${scheme}.${colour})`);
        const visitor = await browser.newPage();
        try {
          await recordCspViolations(visitor);
          await useAppearance(visitor, scheme, colour);
          await checkPage(visitor, '/user/register', /^Create an account$/, `/user/register (${scheme}.${colour})`);
        } finally {
          await visitor.close();
        }
      });
    }
  }
});

test.describe('with a business and a return', () => {
  // Sign-up, HMRC's window and a return: a long journey on two cores.
  test.setTimeout(180_000);

  test('the pages of a working business have no WCAG 2.1 AA violation, light and dark', async ({ page }) => {
    await signUpWithBusiness(page, 'Axel Accessible');
    await expectNoAxeViolations(page, '/app/grant-authority with an authorised sandbox user');
    await expectNoCspViolations(page);

    await checkPage(page, '/app', /Welcome to VAT Wise/, '/app with a business');
    await checkPage(page, '/app/vat-operations', /^VAT Operations/, '/app/vat-operations with a business');
    await checkPage(page, '/app/vat-submissions', /^VAT Submissions/, '/app/vat-submissions with a business');

    await page.getByTestId('open-period').first().getByRole('button', { name: 'Start return' }).click();
    await expect(page).toHaveURL(/\/app\/vat-submissions\/[^/]+$/);
    const returnPath = new URL(page.url()).pathname;
    await waitForSettledPage(page);
    await expectNoAxeViolations(page, `${returnPath} (a draft return)`);

    await page.goto(`${returnPath}/receipt`);
    await expect(page.getByTestId('no-receipt')).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoAxeViolations(page, `${returnPath}/receipt (not yet submitted)`);
    await expectNoCspViolations(page);

    // The same pages in dark mode.
    await useAppearance(page, 'dark');
    for (const path of ['/app', '/app/vat-operations', '/app/vat-submissions', '/app/grant-authority', returnPath]) {
      await checkPage(page, path, /./, `${path} with a business (dark)`);
    }
  });
});
