import { startFirstReturn } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';
import { expectNoAxeViolations } from '../support/axe';

/**
 * HMRC Assist for VAT on a return (docs/hmrc-assist-flow.md), against the embedded simulator:
 * filing waits while HMRC checks the figures, HMRC's messages show in its order, their showing is
 * acknowledged to HMRC without a click, and the return still files; the receipt says what was said.
 */

interface FeedbackItem {
  itemNumber: string;
  title: string;
}
interface AssistAnswer {
  state: string;
  report: {
    reportId: string;
    english: FeedbackItem[];
    welsh: FeedbackItem[];
    presentedAt: string | null;
    acknowledgedAt: string | null;
  } | null;
}

test.describe('HMRC Assist for VAT', () => {
  test.setTimeout(120_000);

  test('waits for HMRC, shows its messages in order, acknowledges them, and filing still works', async ({ page }) => {
    await signUpWithBusiness(page, 'Ada Assist');
    const { returnId, periodStart } = await startFirstReturn(page);
    const panel = page.getByTestId('hmrc-assist');
    await expect(panel).toBeVisible();

    // HMRC's answer is held back a little in the browser, so that the wait can be seen.
    await page.route(`**/api/vat_returns/${returnId}/assist`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });

    // A sale with no VAT: the simulator's rules have something to say about these figures.
    await page.getByRole('button', { name: 'Import a file' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByLabel('File', { exact: true }).setInputFiles({
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Date,Description,Net,VAT\n${periodStart},Export of goods,500.00,0.00\n`),
    });
    await wizard.getByRole('button', { name: 'Import 1 record' }).click();
    await expect(wizard).toBeHidden();

    // The changed figures are checked again: the page says so and submitting waits.
    await expect(panel.getByTestId('assist-waiting')).toHaveText('HMRC Assist is checking these figures…');
    await expect(page.getByTestId('assist-submit-waiting')).toBeVisible();
    await page.getByRole('checkbox', { name: /declaration/ }).check();
    const submit = page.getByRole('button', { name: 'Submit to HMRC' });
    await expect(submit).toBeDisabled();

    // HMRC's messages, in HMRC's order, as the server keeps them.
    const messages = panel.getByTestId('assist-message');
    await expect(messages.first()).toBeVisible();
    await expect(panel.getByTestId('assist-waiting')).toBeHidden();
    const answer = (await (await page.request.get(`/api/vat_returns/${returnId}/assist`)).json()) as AssistAnswer;
    expect(answer.state).toBe('ready');
    const english = answer.report?.english ?? [];
    expect(english.length).toBeGreaterThan(0);
    await expect(messages).toHaveCount(english.length);
    for (const [index, item] of english.entries()) {
      await expect(messages.nth(index)).toContainText(`${item.itemNumber}${item.title}`);
    }
    await expect(panel).toContainText('does not stop you filing');

    // Acknowledged to HMRC once shown, with no click: the server holds the time, in whole seconds.
    await expect(panel.getByTestId('assist-acknowledged')).toBeVisible();
    await expect
      .poll(async () => {
        const now = (await (await page.request.get(`/api/vat_returns/${returnId}/assist`)).json()) as AssistAnswer;
        return now.report?.presentedAt ?? '';
      })
      .toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // Accessible, and usable on a phone's width without sideways scrolling.
    await expectNoAxeViolations(page, 'the return with HMRC Assist’s messages');
    await page.setViewportSize({ width: 375, height: 800 });
    await panel.scrollIntoViewIfNeeded();
    expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });

    // HMRC's own Welsh texts, on request (by keyboard: the switch is a pair of radio buttons).
    await panel.getByRole('radio', { name: 'English' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(panel.getByRole('radio', { name: 'Cymraeg' })).toBeChecked();
    await expect(messages.first()).toContainText(answer.report?.welsh[0]?.title ?? 'no Welsh message');
    await panel.getByText('English', { exact: true }).click();
    await panel.getByText('Cymraeg', { exact: true }).click();
    await expect(messages.first()).toContainText(answer.report?.welsh[0]?.title ?? 'no Welsh message');
    await panel.getByText('English', { exact: true }).click();
    await expect(messages.first()).toContainText(english[0]?.title ?? 'no message');

    // Filing goes ahead whatever the feedback said.
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/app/vat-submissions/${returnId}/receipt$`));
    const record = page.getByTestId('assist-record');
    await expect(record).toContainText(answer.report?.reportId ?? 'no report');
    await expect(record.getByTestId('assist-record-presented')).toContainText('acknowledged to HMRC');
    await expect(record.getByTestId('assist-message').first()).toContainText(english[0]?.title ?? 'no message');
  });
});
