import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { importOneSale, startFirstReturn } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * Spanish is complete where a user works: on the main screens and on a return with its records,
 * no English sentence of the app's own (one the English locale files hold and Spanish words
 * otherwise) is left on screen, and no translation key shows in place of its text.
 */

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text);
  }
  return flat;
}

/** The English sentences (their longest fixed run of words) whose Spanish differs, per namespace. */
function englishOnlySentences(namespaces: Record<string, string>): string[] {
  const sentences = new Set<string>();
  for (const [namespace, folder] of Object.entries(namespaces)) {
    const read = (language: string) =>
      flatten(
        JSON.parse(fs.readFileSync(path.join(webSource, folder, language, `${namespace}.json`), 'utf8')) as Messages,
      );
    const english = read('en');
    const spanish = read('es');
    for (const [key, text] of english) {
      if (spanish.get(key) === text) continue;
      // The fixed words between {{placeholders}} and <tags>: the longest run is what must not show.
      const runs = text.split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/).map((run) => run.trim());
      const longest = runs.sort((a, b) => b.length - a.length)[0] ?? '';
      // Short runs ("Box", "VAT") are often the same word in a Spanish sentence about VAT.
      if (longest.split(/\s+/).length >= 4) sentences.add(longest);
    }
  }
  return [...sentences];
}

const sentences = englishOnlySentences({
  common: 'locales',
  vatReturns: 'features/vat-returns/locales',
  vatOperations: 'features/vat-operations/locales',
  hmrc: 'features/hmrc-connection/locales',
});

async function expectNoEnglishLeft(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const text = await page.locator('body').innerText();
  const left = sentences.filter((sentence) => text.includes(sentence));
  expect(left, `English left on ${where}`).toEqual([]);
  // A key shown in place of its text: "vatReturns:sections.records" or "records.empty".
  expect(text, `a translation key on ${where}`).not.toMatch(/\b[a-z]+[A-Z]?\w*:[a-z]\w*\.[a-z]\w*\b/);
}

test('Spanish leaves no English sentence of the app on its main screens and on a return', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithBusiness(page, 'Sofía Completa');
  const { periodStart } = await startFirstReturn(page);
  await importOneSale(page, periodStart, 'Consultoría');
  const returnUrl = page.url();
  // In English the same page shows many of these sentences: the check below can see them.
  const english = await page.locator('body').innerText();
  expect(sentences.filter((sentence) => english.includes(sentence)).length).toBeGreaterThan(10);

  // The grant's toast was worded in English when shown, before the switch; it leaves after its
  // five seconds, and only what the app shows after the switch counts.
  await expect(page.getByTestId('toast').filter({ hasText: 'VAT Wise successfully granted.' })).toHaveCount(0, {
    timeout: 10_000,
  });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByTestId('box-1')).toHaveText('£100,00');
  await expectNoEnglishLeft(page, 'the Return page');

  for (const [url, name] of [
    ['/app', 'Home'],
    ['/app/vat-submissions', 'VAT Submissions'],
    ['/app/vat-operations', 'VAT Operations'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoEnglishLeft(page, name);
  }
  await page.goto(returnUrl);
  await expect(page.getByTestId('return-page')).toBeVisible();
});
