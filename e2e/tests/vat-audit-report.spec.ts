import { startFirstReturn } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * Checks before filing: the Return page shows the boxes beside earlier periods, and its VAT audit
 * report downloads as a CSV whose lines are the records behind each box.
 */

test.describe('VAT audit report', () => {
  test.setTimeout(120_000);

  test('the Return page downloads the audit report CSV, every record under each box it adds to', async ({ page }) => {
    await signUpWithBusiness(page, 'Ada Auditor');
    const { returnId } = await startFirstReturn(page);
    const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as {
      vrn: string;
      periodStart: string;
      periodEnd: string;
    };

    // Two sales and a purchase, imported from a file: the digital link is its name and rows.
    const csv = [
      'Date,Description,Net,VAT,Rate',
      `${draft.periodStart},Consulting,1000.00,200.00,standard`,
      `${draft.periodStart},Books,50.40,0.00,zero`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import a file' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByLabel('File', { exact: true }).setInputFiles({
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await wizard.getByRole('button', { name: 'Import 2 records' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByTestId('box-6')).toHaveText('£1,050');

    // The comparison with earlier periods (HMRC's copies of the simulated history).
    await expect(page.getByRole('table', { name: 'This return’s boxes beside earlier periods' })).toBeVisible();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Audit report (CSV)' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe(`vat-audit-${draft.vrn}-${draft.periodStart}-to-${draft.periodEnd}.csv`);
    const text = Buffer.concat(await (await file.createReadStream()).toArray())
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const rows = text
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    expect(rows).toContainEqual(['VRN', draft.vrn]);
    const header = rows.findIndex((row) => row[0] === 'Box' && row[1] === 'Record date');
    const lines = rows.slice(header + 1).map((row) => [row[0], row[2], row[8], row[9], row[10]]);
    // Box, description, what it adds, file, row: the sale in boxes 1 and 6, the zero-rated one in box 6 only.
    expect(lines).toEqual([
      ['1', 'Consulting', '200.00', 'sales.csv', '2'],
      ['6', 'Consulting', '1000.00', 'sales.csv', '2'],
      ['6', 'Books', '50.40', 'sales.csv', '3'],
    ]);
    // Box 6 in the header block (its title has a comma, so counted from the end: amount, then lines):
    // the lines' £1,050.40 without its pence.
    expect(rows.find((row) => row[0] === '6')?.slice(-2)).toEqual(['1050.00', '2']);
  });
});
