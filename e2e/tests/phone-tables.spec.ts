import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, waitForSettledPage } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';
import { importOneSale } from '../support/journeys';

/**
 * On a phone (390 × 844) the lists of periods, returns, records, obligations and businesses are
 * cards, one per row (StackedTable): each row's status and buttons are in view without scrolling
 * sideways, in English, Spanish and right to left; on a wide screen they are tables as before.
 */

const phone = { width: 390, height: 844 };

/** Neither the page nor any stacked table inside its own frame scrolls sideways. */
async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    page: {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    },
    frames: Array.from(document.querySelectorAll('[data-stacked-table]'), (frame) => ({
      scroll: frame.scrollWidth,
      client: frame.clientWidth,
    })),
  }));
  expect(widths.page.scroll, 'the page’s width').toBeLessThanOrEqual(widths.page.client);
  expect(widths.frames.length, 'stacked tables on the page').toBeGreaterThan(0);
  for (const frame of widths.frames) expect(frame.scroll, 'a table’s width').toBeLessThanOrEqual(frame.client);
}

/** Wholly inside the viewport from side to side (above or below the fold is a scroll down away). */
async function expectAcrossInView(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'a bounding box').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phone.width);
}

/** A badge drawn whole: in view, its words not cut short with an ellipsis. */
async function expectWholeBadge(row: Locator, text: RegExp) {
  const badge = row.locator('.mantine-Badge-root').filter({ hasText: text }).first();
  await expect(badge).toHaveText(text);
  await expectAcrossInView(badge);
  const label = badge.locator('.mantine-Badge-label');
  const widths = await label.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(widths.scroll, `the badge “${await label.textContent()}” is not clipped`).toBeLessThanOrEqual(widths.client);
}

/**
 * A field's cell shows its column's heading before its value, on the start side (the right, right
 * to left), and Chromium still tells screen readers it is a table cell, named with that heading.
 */
async function expectLabelledField(page: Page, cell: Locator, label: string, direction: 'ltr' | 'rtl' = 'ltr') {
  expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(`"${label}"`);
  const cellBox = await cell.boundingBox();
  const valueBox = await cell.locator(':scope > div').boundingBox();
  if (!cellBox || !valueBox) throw new Error('the cell and its value have boxes');
  // The label's column is at least 6rem wide: the value starts well inside the cell.
  if (direction === 'ltr') expect(valueBox.x).toBeGreaterThan(cellBox.x + 60);
  else expect(valueBox.x + valueBox.width).toBeLessThan(cellBox.x + cellBox.width - 60);

  const cdp = await page.context().newCDPSession(page);
  try {
    const marker = `stacked-cell-${Date.now()}`;
    await cell.evaluate((element, value) => element.setAttribute('data-ax-probe', value), marker);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: `[data-ax-probe="${marker}"]`,
    });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    });
    const node = nodes[0];
    expect(node?.role?.value, 'the role Chromium gives the cell').toBe('cell');
    expect(String(node?.name?.value ?? ''), 'the name Chromium gives the cell').toContain(label);
    await cell.evaluate((element) => element.removeAttribute('data-ax-probe'));
  } finally {
    await cdp.detach();
  }
}

async function useLanguage(page: Page, language: 'en' | 'es' | 'enrtl') {
  await page.evaluate((chosen) => {
    const preferences = {
      theme: 'light.redruby',
      radius: 'rounded',
      language: chosen,
      direction: chosen === 'enrtl' ? 'rtl' : 'ltr',
    };
    window.localStorage.setItem('preferences', JSON.stringify(preferences));
  }, language);
  await page.reload();
}

test('on a phone, periods, returns, records, obligations and businesses are cards, status and buttons in view', async ({
  page,
}) => {
  // Sign-up and HMRC's window, then three languages and four screens: a long journey on two cores.
  test.setTimeout(180_000);
  await signUpWithBusiness(page, 'Phoebe Phone');
  await page.setViewportSize(phone);

  // VAT Submissions: each open period a card, its status and its Start return button in view.
  await page.goto('/app/vat-submissions');
  await waitForSettledPage(page, /^VAT Submissions/);
  const periods = page.getByTestId('open-period');
  await expect(periods.first()).toBeVisible();
  await expectNoSidewaysScrolling(page);
  for (const period of await periods.all()) {
    await expectWholeBadge(period, /^(Overdue|Open)$/);
    await expectAcrossInView(period.getByRole('button', { name: 'Start return' }));
  }
  await expectLabelledField(page, periods.first().getByRole('cell').nth(1), 'Due');
  // The business's activity below the periods is stacked too: nothing on the page scrolls sideways.
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  await expectNoSidewaysScrolling(page);
  await expectNoAxeViolations(page, 'VAT Submissions at 390 px');

  // The same in Spanish, whose words are longer, and in English laid out right to left.
  await useLanguage(page, 'es');
  await waitForSettledPage(page, /^Declaraciones de IVA/);
  await expect(periods.first()).toBeVisible();
  await expectNoSidewaysScrolling(page);
  for (const period of await periods.all()) {
    await expectWholeBadge(period, /^(Vencido|Abierto)$/);
    await expectAcrossInView(period.getByRole('button', { name: 'Empezar declaración' }));
  }
  await expectLabelledField(page, periods.first().getByRole('cell').nth(1), 'Vence');

  await useLanguage(page, 'enrtl');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await waitForSettledPage(page, /^VAT Submissions/);
  await expect(periods.first()).toBeVisible();
  await expectNoSidewaysScrolling(page);
  for (const period of await periods.all()) {
    await expectWholeBadge(period, /^(Overdue|Open)$/);
    await expectAcrossInView(period.getByRole('button', { name: 'Start return' }));
  }
  await expectLabelledField(page, periods.first().getByRole('cell').nth(1), 'Due', 'rtl');
  await useLanguage(page, 'en');

  // A return started on the phone: its records are cards, each description on top and the buttons
  // to edit and delete in view.
  await waitForSettledPage(page, /^VAT Submissions/);
  await periods.first().getByRole('button', { name: 'Start return' }).click();
  await expect(page).toHaveURL(/\/app\/vat-submissions\/[^/]+$/);
  const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const draft = (await (await page.request.get(`/api/vat_returns/${returnId}`)).json()) as { periodStart: string };
  await importOneSale(page, draft.periodStart, 'Repairs on the phone');
  const record = page.getByTestId('record-row');
  await expect(record).toHaveCount(1);
  await expect(record.getByRole('cell', { name: /^Description Repairs on the phone/ })).toHaveAttribute(
    'data-stacked-part',
    'title',
  );
  await expectNoSidewaysScrolling(page);
  await expectAcrossInView(record.getByRole('button', { name: 'Edit record: Repairs on the phone' }));
  await expectAcrossInView(record.getByRole('button', { name: 'Delete record: Repairs on the phone' }));
  await expectLabelledField(page, record.getByRole('cell').filter({ hasText: '£500.00' }), 'Net');

  // The return is listed in the history as a card, with the way back into it.
  await page.goto('/app/vat-submissions');
  await waitForSettledPage(page, /^VAT Submissions/);
  const history = page.getByTestId('history-row').first();
  await expect(history).toBeVisible();
  await expectNoSidewaysScrolling(page);
  await expectWholeBadge(history, /^Draft$/);
  await expectAcrossInView(history.getByRole('link', { name: 'Continue' }));

  // The practice dashboard: the business a card, opened from its name, its authority whole.
  await page.goto('/app/practice-dashboard');
  await waitForSettledPage(page, /^Practice dashboard/);
  const business = page.getByTestId('dashboard-row').first();
  await expect(business).toBeVisible();
  await expectNoSidewaysScrolling(page);
  await expectAcrossInView(business.getByRole('button', { name: /^Company / }));
  await expectWholeBadge(business.getByTestId('cell-authority'), /days? left$/);
  await expectLabelledField(page, business.getByTestId('cell-authority'), 'HMRC authority');
  await expectNoAxeViolations(page, '/app/practice-dashboard at 390 px');

  // VAT Operations: each obligation a card, its status whole and a fulfilled one's View return in view.
  await page.goto('/app/vat-operations');
  await waitForSettledPage(page, /^VAT Operations/);
  const obligations = page.getByTestId('obligation-row');
  await expect(obligations.first()).toBeVisible();
  await expectNoSidewaysScrolling(page);
  for (const obligation of await obligations.all()) {
    await expectWholeBadge(obligation, /^(Open|Overdue|Fulfilled)$/);
  }
  const viewReturn = page.getByRole('button', { name: 'View return' });
  await expect(viewReturn.first()).toBeVisible();
  for (const button of await viewReturn.all()) await expectAcrossInView(button);
  await expectLabelledField(page, obligations.first().getByRole('cell').nth(1), 'Due date');
  await expectNoAxeViolations(page, '/app/vat-operations at 390 px');

  // The column headings that sort stay on a phone, as buttons above the cards, by click or by key.
  const dueDate = page.getByRole('columnheader', { name: 'Due date' });
  await expectAcrossInView(dueDate);
  await dueDate.getByRole('button').click();
  await expect(dueDate).toHaveAttribute('aria-sort', 'ascending');
  await dueDate.getByRole('button').press('Enter');
  await expect(dueDate).toHaveAttribute('aria-sort', 'descending');

  // On a wide screen the obligations are a table again, headed by its columns, its cells unlabelled.
  await page.setViewportSize({ width: 1280, height: 800 });
  const table = page.getByRole('table', { name: 'VAT obligations' });
  expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('table');
  expect(
    await obligations
      .first()
      .getByRole('cell')
      .nth(1)
      .evaluate((element) => getComputedStyle(element, '::before').content),
  ).toBe('none');
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeInViewport();
});
