import { adminStorageState, registerAccount, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/**
 * The demo survey screens (docs/reference/product.md §1 and 4, 'Survey demo'): sample data answered by a
 * mocked API after 1000 ms, searched on the list and trimmed on the detail screen.
 */
test.describe('demo surveys', () => {
  test.use({ storageState: adminStorageState });

  test('a keyword search narrows the survey list', async ({ page }) => {
    await page.goto('/app');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Demo', exact: true })
      .click();
    await expect(page).toHaveURL('/app/demo/surveys');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Surveys');
    // The mocked call takes a second and says so while it runs.
    await expect(page.getByRole('status', { name: 'Loading surveys' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading surveys' })).toBeHidden();
    const titles = page.getByTestId('survey-row').getByRole('link');
    await expect(titles).toHaveCount(6);

    const search = page.getByRole('textbox', { name: 'Search surveys' });
    // The label NEW FRAMEWORK, whatever the case typed.
    await search.fill('Framework');
    await expect(titles).toHaveText(['React component patterns', 'Monitor and dock standards']);
    await expect(page.getByTestId('demo-surveys-count')).toHaveText('Showing 2 of 6 surveys');
    await expect(page).toHaveURL('/app/demo/surveys?q=Framework');
    // A word found only in a survey's detail.
    await search.fill('laptops');
    await expect(titles).toHaveText(['Laptop refresh feedback']);
    // Search and filter together, then nothing at all.
    await search.fill('e');
    await page.getByRole('combobox', { name: 'Value' }).selectOption('Hardware');
    await expect(titles).toHaveText(['Laptop refresh feedback', 'Monitor and dock standards']);
    await search.fill('no such survey');
    await expect(titles).toHaveCount(0);
    await expect(page.getByText('No surveys match.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await expect(titles).toHaveCount(6);
  });

  test('a question deleted on the detail screen is gone, and stays gone', async ({ page }) => {
    await page.goto('/app/demo/surveys');
    await page.getByRole('link', { name: 'React component patterns' }).click();
    await expect(page).toHaveURL('/app/demo/surveys/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('React component patterns');
    const questions = page.getByTestId('survey-question');
    await expect(questions).toHaveCount(3);

    // By keyboard: the dialog opens on Cancel, and Escape leaves the question alone.
    const deleteState = page.getByRole('button', { name: 'Delete question State', exact: true });
    await deleteState.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this question?' });
    await expect(dialog).toContainText('“State” will be removed from this survey.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(questions).toHaveCount(3);

    await deleteState.click();
    await dialog.getByRole('button', { name: 'Cancel' }).press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Question “State” deleted.')).toBeVisible();
    await expect(questions).toHaveCount(2);
    await expect(questions.filter({ hasText: 'Which ways of keeping state do you use?' })).toHaveCount(0);
    // The deleted question's button is gone: focus waits on the list's heading instead.
    await expect(page.getByRole('heading', { name: 'Questions (2)' })).toBeFocused();

    // Leaving the survey and coming back does not bring the question back.
    await page.getByRole('link', { name: 'Back to surveys' }).click();
    const row = page.getByTestId('survey-row').filter({ hasText: 'React component patterns' });
    await expect(row.getByRole('cell').last()).toHaveText('2');
    await row.getByRole('link').click();
    await expect(questions).toHaveCount(2);
    await expect(questions.filter({ hasText: 'Which ways of keeping state do you use?' })).toHaveCount(0);
  });
});

test('Editors have the Demo entry; guests neither see it nor get in', async ({ page, browser }) => {
  await registerAccount(page.request, uniqueEmail('demo-editor'));
  await page.goto('/app');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Demo', exact: true }),
  ).toBeVisible();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/user/login');
  await guest.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(guest).toHaveURL('/app');
  await expect(
    guest.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Demo', exact: true }),
  ).toHaveCount(0);
  await guest.goto('/app/demo/surveys');
  await expect(guest).toHaveURL('/unauthorized');
  await guestContext.close();
});
