import { importOneSale, startFirstReturn } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * An error found in an earlier return (VAT Notice 700/45): over the limit for correcting it on the
 * return (£10,000 here, box 6 being £500), it stays out of the boxes and the separate notification
 * (form VAT652's content) is ready to download; within it, it goes into box 1.
 */

/** 'YYYY-MM-DD' moved by `days`, as the date field takes it: DD/MM/YYYY. */
const typedDate = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

test.describe('Errors in earlier returns', () => {
  test.setTimeout(120_000);

  test('an error over the limit needs a separate notification, downloaded as a PDF', async ({ page }) => {
    await signUpWithBusiness(page, 'Erin Errors');
    const { returnId, vrn, periodStart } = await startFirstReturn(page);
    await importOneSale(page, periodStart, 'Consulting for Acme Ltd');

    const section = page.getByRole('region', { name: /Errors in earlier returns/ });
    await expect(section.getByText('No errors from earlier returns recorded with this return.')).toBeVisible();
    const add = async (outputTax: string, description: string) => {
      await section.getByLabel('Earlier period: start').fill(typedDate(periodStart, -92));
      await section.getByLabel('Earlier period: end').fill(typedDate(periodStart, -1));
      await section.getByRole('textbox', { name: 'VAT on sales wrong by (£)' }).fill(outputTax);
      await section.getByRole('combobox', { name: /What caused it/ }).selectOption('careless');
      await section.getByRole('textbox', { name: /How the error arose/ }).fill(description);
      await section.getByRole('button', { name: 'Add the error' }).click();
    };

    // £12,000 of VAT on sales left out: more than the £10,000 limit.
    await add('12000.00', 'Invoice 0931 for £60,000 net was left out of the sales day book');
    await expect(section.getByTestId('error-correction-method')).toHaveText('Separate notification needed');
    await expect(section.getByTestId('error-correction-reason')).toContainText('more than the limit of £10,000.00');
    const notification = section.getByTestId('error-notification');
    await expect(notification).toContainText(`VAT registration number ${vrn}`);
    await expect(section.getByTestId('error-notification-total')).toHaveText(/£12,000\.00/);
    // Not in the return's boxes.
    await expect(page.getByTestId('box-1')).toHaveText('£100.00');

    const downloaded = page.waitForEvent('download');
    await notification.getByRole('link', { name: 'Download the notification (PDF)' }).click();
    const pdf = await downloaded;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^vat-error-notification-${vrn}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const bytes = Buffer.concat(await (await pdf.createReadStream()).toArray());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Removed, and replaced by a £50 error within the limit: that one goes into box 1.
    await section.getByRole('button', { name: /Remove the error for/ }).click();
    await expect(section.getByTestId('error-correction-removed')).toBeVisible();
    await add('50.00', 'A sale invoiced at the wrong rate');
    await expect(section.getByTestId('error-correction-method')).toHaveText('Corrected on this return');
    await expect(section.getByTestId('error-notification')).toHaveCount(0);
    await expect(page.getByTestId('box-1')).toHaveText('£150.00');
    const corrections = (await (await page.request.get(`/api/vat_returns/${returnId}/error_corrections`)).json()) as {
      corrections: unknown[];
    };
    expect(corrections.corrections).toHaveLength(1);
  });
});
