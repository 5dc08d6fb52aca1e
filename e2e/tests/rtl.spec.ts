import { expect, test } from '../support/fixtures';
import { signUpWithBusiness } from '../support/hmrc';

/**
 * English laid out right to left: the page mirrors, but a VRN still reads as HMRC writes it,
 * '747 0996 59', not with its groups reordered ('59 0996 747').
 */
test('a VRN reads left to right on a right-to-left page', async ({ page }) => {
  // Sign-up and HMRC's window first: a long journey on two cores.
  test.setTimeout(120_000);
  await signUpWithBusiness(page, 'Rana Rightleft');
  const { current } = (await (await page.request.get('/api/businesses')).json()) as { current: string };
  const grouped = `${current.slice(0, 3)} ${current.slice(3, 7)} ${current.slice(7)}`;

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'VAT Submissions' })
    .click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('enrtl');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const badge = page.getByTestId('business-vrn');
  await expect(badge).toContainText(grouped);
  // Where each group of digits is drawn: left to right means the first group is leftmost.
  const lefts = await badge.evaluate((element, vrn) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(vrn) ?? -1;
      if (at < 0) continue;
      // The groups '123', '4567' and '89' start at 0, 4 and 9.
      return [
        [0, 3],
        [4, 8],
        [9, 11],
      ].map(([start = 0, end = 0]) => {
        const range = document.createRange();
        range.setStart(node, at + start);
        range.setEnd(node, at + end);
        return range.getBoundingClientRect().left;
      });
    }
    return [];
  }, grouped);
  expect(lefts).toHaveLength(3);
  expect(lefts[0]).toBeLessThan(lefts[1] ?? 0);
  expect(lefts[1]).toBeLessThan(lefts[2] ?? 0);
});
