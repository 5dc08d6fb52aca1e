import { adminStorageState } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// These journeys are about the shell, not sign-in: they run as the installation's Admin.
test.use({ storageState: adminStorageState });

test.describe('a page chunk that fails to download', () => {
  // The aborted download is reported by the browser itself; that one error is expected.
  test.use({
    expectedConsoleErrors: { allow: [/Failed to load resource/, /Failed to fetch dynamically imported module/] },
  });

  test("shows 'Loading chunk failed' and recovers on retry", async ({ page }) => {
    await page.route(/\/assets\/ContentPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/app/about');
    await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
    // The navigation stays, so the user is not stranded.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.unroute(/\/assets\/ContentPage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('content-about')).toBeVisible();
  });
});

test('on a slow connection the header paints before the styles and scripts arrive, and the app then replaces it', async ({
  page,
}) => {
  const held: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route(/\/assets\/[^/]+\.(js|css)$/, (route) =>
    holding ? void held.push(() => route.continue()) : route.continue(),
  );
  await page.goto('/app', { waitUntil: 'commit' });
  // A stylesheet in the head would hold back every paint until it arrived.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  await expect(page.getByText('VAT Wise', { exact: true })).toBeVisible();
  expect(held.length).toBeGreaterThan(0);

  holding = false;
  for (const release of held) await release();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to VAT Wise/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'VAT Wise' })).toBeVisible();
  await expect(page.locator('.vw-shell')).toBeHidden();
});

test.describe('going offline', () => {
  // The browser itself reports the requests that fail while offline (the live channel's polling).
  test.use({ expectedConsoleErrors: { allow: [/ERR_INTERNET_DISCONNECTED/] } });

  test('a toast appears when the connection drops and leaves after its time-out', async ({ page, context }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    const offline = page.getByTestId('toast').filter({ hasText: 'You are offline' });
    await expect(offline).toBeVisible();

    await context.setOffline(false);
    const online = page.getByTestId('toast').filter({ has: page.getByText('Back online', { exact: true }) });
    await expect(online).toBeVisible();
    await expect(offline).toHaveCount(0);
    // Default time-out 5000 ms, then a 400 ms exit.
    await expect(online).toHaveCount(0, { timeout: 8000 });
  });

  test('a toast is dismissed by a click', async ({ page, context }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    const offline = page.getByTestId('toast').filter({ hasText: 'You are offline' });
    await expect(offline).toBeVisible();
    await offline.click();
    await expect(offline).toHaveCount(0);
    await context.setOffline(false);
  });

  test('the Agents screen is live again once the connection is back', async ({ page, context }) => {
    await page.goto('/app/agents');
    const live = page.getByTestId('live-indicator');
    await expect(live).toHaveAttribute('data-state', 'live');
    await context.setOffline(true);
    await expect(live).not.toHaveAttribute('data-state', 'live');
    await context.setOffline(false);
    await expect(live).toHaveAttribute('data-state', 'live');
  });
});

test('on a phone-sized screen the navigation folds behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const whitepaper = navigation.getByRole('link', { name: 'Whitepaper', exact: true });
  await expect(navigation).not.toBeInViewport();
  // Folded, its links are out of reach of the keyboard and of screen readers, which cannot see it.
  await expect(whitepaper).toHaveCount(0);
  await page.getByRole('button', { name: 'Show or hide navigation' }).click();
  await expect(navigation).toBeInViewport();
  await whitepaper.click();
  await expect(page).toHaveURL('/app/whitepaper');
  await expect(navigation).not.toBeInViewport();
  await expect(page.getByTestId('navigation-links')).toHaveAttribute('inert');
  // Tabbing from the menu button never lands inside the folded navigation.
  await page.getByRole('button', { name: 'Show or hide navigation' }).focus();
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="navigation-links"]'))),
    ).toBe(false);
  }
});

test('on a wide screen the navigation is always shown', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show or hide navigation' })).toBeHidden();
  await expect(page.getByTestId('navigation-links')).not.toHaveAttribute('inert');
});
