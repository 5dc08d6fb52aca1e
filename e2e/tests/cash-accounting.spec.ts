import { startFirstReturn } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * Cash accounting (VAT Notice 731): once the business is on the scheme, a sale counts in the
 * return for the period it was paid in; an unpaid invoice is left out and said to be waiting, and is listed apart to be marked paid.
 */

/** 'YYYY-MM-DD' moved by `days`, as the date field takes it: DD/MM/YYYY. */
const typedDate = (iso: string, days = 0) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

test.describe('Cash accounting', () => {
  test.setTimeout(120_000);

  test('a cash-accounting return counts the paid sale and leaves the unpaid one out', async ({ page }) => {
    await signUpWithBusiness(page, 'Cass Cashbook');
    const { periodStart } = await startFirstReturn(page);

    const schemes = page.getByRole('region', { name: 'VAT schemes' });
    await expect(schemes.getByTestId('no-schemes')).toBeVisible();
    await schemes.getByRole('button', { name: 'Add a scheme' }).click();
    await schemes.getByLabel('From').fill(typedDate(periodStart));
    await schemes.getByRole('button', { name: 'Save the business’s VAT schemes' }).click();
    await expect(schemes.getByTestId('schemes-in-effect')).toContainText('Cash accounting');

    const addSale = async (description: string, net: string, paidOn: string | null) => {
      await page.getByRole('button', { name: 'Add a record' }).click();
      const form = page.getByRole('dialog', { name: 'Add a record' });
      await form.getByRole('textbox', { name: 'Date', exact: true }).fill(typedDate(periodStart, 1));
      await form.getByRole('textbox', { name: 'Description' }).fill(description);
      await form.getByRole('textbox', { name: 'Net amount' }).fill(net);
      if (paidOn) await form.getByRole('textbox', { name: 'Paid on' }).fill(paidOn);
      await form.getByRole('button', { name: 'Save record' }).click();
      await expect(form).toBeHidden();
    };

    // Invoiced and paid in the period: VAT of £200 (20% of £1,000, worked out by the form).
    await addSale('Shop fit-out, paid', '1000.00', typedDate(periodStart, 10));
    await expect(page.getByTestId('box-1')).toHaveText('£200.00');
    // Invoiced in the period but not paid yet: not in this return.
    await addSale('Consulting, awaiting payment', '500.00', null);
    await expect(schemes.getByTestId('unpaid-records')).toHaveText(
      '1 unpaid invoice is not in this return: cash accounting counts it when paid.',
    );
    await expect(page.getByTestId('box-1')).toHaveText('£200.00');
    await expect(page.getByTestId('box-6')).toHaveText('£1,000');

    // The unpaid invoice is listed apart; marked paid within the period, it joins the return.
    await page.getByTestId('records-show').getByText('Unpaid invoice (1)').click();
    await page.getByRole('button', { name: 'Edit record: Consulting, awaiting payment' }).click();
    const form = page.getByRole('dialog', { name: 'Edit the record' });
    await form.getByRole('textbox', { name: 'Paid on' }).fill(typedDate(periodStart, 20));
    await form.getByRole('button', { name: 'Save record' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('box-1')).toHaveText('£300.00');
    await expect(schemes.getByTestId('unpaid-records')).toHaveCount(0);
  });
});
