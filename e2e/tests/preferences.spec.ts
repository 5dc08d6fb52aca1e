import { adminStorageState } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// These journeys are about the shell, not sign-in: they run as the installation's Admin.
test.use({ storageState: adminStorageState });

test('a theme change applies at once and survives a reload', async ({ page }) => {
  await page.goto('/app/about');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const primary = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
  const rubyPrimary = await primary();

  await page.getByRole('button', { name: 'Appearance' }).click();
  await page.getByRole('radio', { name: 'Moss green' }).click();
  await page.getByText('Dark', { exact: true }).click();
  await page.getByText('Flat', { exact: true }).click();

  // Applied with no reload.
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect.poll(primary).not.toBe(rubyPrimary);
  const mossPrimary = await primary();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await primary()).toBe(mossPrimary);
  const radius = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-radius-default').trim(),
  );
  expect(radius).toMatch(/^0(px|rem)?$/);
  await page.getByRole('button', { name: 'Appearance' }).click();
  await expect(page.getByRole('radio', { name: 'Moss green' })).toHaveAttribute('aria-checked', 'true');
});

test('English right to left sets dir=rtl, and the choice survives a reload', async ({ page }) => {
  await page.goto('/app');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('enrtl');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to VAT Wise');
  await expect(html).toHaveAttribute('dir', 'rtl');
});

test('Spanish translates the shell and the content, and sets lang', async ({ page }) => {
  await page.goto('/app/about');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'es-ES');
  await expect(html).toHaveAttribute('dir', 'ltr');
  const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(navigation.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Operaciones de IVA', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('About');
});
