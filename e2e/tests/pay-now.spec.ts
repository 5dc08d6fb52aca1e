import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';
import { importOneSale, openScreen, startFirstReturn } from '../support/journeys';

/**
 * Paying HMRC from VAT Wise (docs/paying-hmrc.md) against the embedded simulator: the overdue
 * return is filed, leaving £100 owed; Pay now on the liability goes to HMRC's payment page, which
 * sends the browser back to VAT Wise's outcome page, and the liability is then paid.
 */
test.describe('Pay now', () => {
  // Sign-up, HMRC's window, an import, a submission and a payment: a long journey on two cores.
  test.setTimeout(150_000);

  test('a liability is paid through HMRC’s payment journey and shows paid', async ({ page }) => {
    await signUpWithBusiness(page, 'Pat Payer');
    const { returnId } = await startFirstReturn(page);
    const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as { periodStart: string };
    await importOneSale(page, draft.periodStart, 'Consulting');
    await page.getByRole('checkbox', { name: /declaration/ }).check();
    await page.getByRole('button', { name: 'Submit to HMRC' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/vat-submissions/${returnId}/receipt$`));
    // The receipt offers to pay what the return leaves to pay, with what lateness costs.
    const onReceipt = page.getByTestId('owed-card');
    await expect(onReceipt.getByRole('button', { name: /^Pay £100\.00 now/ })).toBeVisible();
    await expect(onReceipt.getByTestId('lateness-costs')).toContainText('interest of about');

    await openScreen(page, 'VAT Operations');
    await page.getByRole('tab', { name: 'Liabilities' }).click();
    const unpaid = page.getByTestId('unpaid-liabilities');
    const card = unpaid.getByTestId('owed-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('£100.00 outstanding');
    // The return is overdue: the card says what has run up and from when each step begins.
    await expect(card.getByTestId('lateness-costs')).toContainText(/days late/);
    await expect(card.getByTestId('lateness-costs')).toContainText('a first penalty of £3.00');

    await card.getByRole('button', { name: /^Pay £100\.00 now for VAT Return Debit Charge/ }).click();
    await expect(page).toHaveURL(/\/hmrc-sandbox\/pay\//);
    await expect(page.getByText('£100.00, the amount your software sent')).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('link', { name: 'Return to VAT Wise' }).click();

    await expect(page).toHaveURL(/\/app\/payments\/return\?journey=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment to HMRC');
    await expect(page.getByTestId('payment-paid')).toContainText('£100.00 paid to HMRC');
    await expect(page.getByTestId('payment-reconciled')).toContainText("HMRC's account shows it");

    await page.getByRole('link', { name: 'See what is owed' }).click();
    await page.getByRole('tab', { name: 'Liabilities' }).click();
    await expect(page.getByTestId('liability-row').first()).toBeVisible();
    await expect(page.getByTestId('unpaid-liabilities')).toHaveCount(0);
  });
});
