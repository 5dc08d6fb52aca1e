import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * Filing a VAT return as an accountant would, against the embedded HMRC simulator: open a period
 * HMRC is waiting for, import the period's sales from a CSV file, check the nine boxes, tick the
 * declaration and submit (twice, in a hurry), then keep the receipt.
 */

interface ReturnDraftView {
  id: string;
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  status: string;
}

/** A date as the app shows it: 1 Jul 2026. */
const ukDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test.describe('VAT Submissions', () => {
  // Sign-up, HMRC's window, an import and a submission: a long journey on two cores.
  test.setTimeout(120_000);

  test('a return is prepared from a CSV file, submitted once, and its receipt kept', async ({ page }) => {
    await signUpWithBusiness(page, 'Sam Submitter');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VAT Submissions' })
      .click();
    const openPeriods = page.getByTestId('open-period');
    await expect(openPeriods.first()).toBeVisible();
    const periodsBefore = await openPeriods.count();
    await openPeriods.first().getByRole('button', { name: 'Start return' }).click();
    await expect(page).toHaveURL(/\/app\/vat-submissions\/[^/]+$/);
    const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as ReturnDraftView;
    expect(draft.status).toBe('draft');

    // The period's sales, as a bookkeeping export would hold them.
    const csv = [
      'Date,Description,Net,VAT',
      `${draft.periodStart},Consulting for Acme Ltd,"1,000.00",200.00`,
      `${draft.periodEnd},Training day,250.50,50.10`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import a file' }).click();
    const wizard = page.getByRole('dialog');
    await expect(wizard.getByRole('radio', { name: 'Transactions' })).toBeChecked();
    await wizard.getByLabel('File', { exact: true }).setInputFiles({
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await wizard.getByRole('button', { name: 'Import 2 records' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByTestId('record-row')).toHaveCount(2);

    // Box 1 is the VAT on sales; box 6 the sales in whole pounds.
    await expect(page.getByTestId('box-1')).toHaveText('£250.10');
    await expect(page.getByTestId('box-5')).toHaveText('£250.10');
    await expect(page.getByTestId('box-6')).toHaveText('£1,250.00');

    const submissionsSoFar = async () =>
      ((await (await page.request.get('/hmrc-sandbox/operator/calls')).json()) as { calls: Record<string, number> })
        .calls.submitReturn ?? 0;
    const before = await submissionsSoFar();
    const submit = page.getByRole('button', { name: 'Submit to HMRC' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /declaration/ }).check();
    // A double click in a hurry must still send the return once.
    await submit.dblclick();

    await expect(page).toHaveURL(new RegExp(`/app/vat-submissions/${returnId}/receipt$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return submitted');
    await expect(page.getByTestId('form-bundle-number')).toHaveText(/^\d{12}$/);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = await downloaded;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await (await pdf.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

    // HMRC received the return exactly once (no other browser test submits returns).
    expect(await submissionsSoFar()).toBe(before + 1);

    // The period is no longer open, and the return is in the history.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VAT Submissions' })
      .click();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await expect(openPeriods).toHaveCount(periodsBefore - 1);

    // HMRC now shows the obligation as fulfilled.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VAT Operations' })
      .click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
    const obligation = page
      .getByTestId('obligation-row')
      .filter({ hasText: ukDate(draft.periodStart) })
      .filter({ hasText: ukDate(draft.periodEnd) });
    await expect(obligation).toContainText('Fulfilled');
  });
});
