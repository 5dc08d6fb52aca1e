import { connectAgentServices, openScreen } from '../support/journeys';
import { expect, test } from '../support/fixtures';
import { signUp } from '../support/hmrc';

/**
 * An agent who connected their agent services account alone, then starts a practice: the
 * Practice screen offers at once to bring it along, listing it; once moved, Clients finds it.
 * On the way, the navigation marks only the screen that is open.
 */
test('an agent starts a practice and brings their agent services account into it', async ({ page }) => {
  // Sign-up, HMRC's window and two page reloads.
  test.setTimeout(90_000);
  await signUp(page, 'Noah Jones', 'own-work');
  await connectAgentServices(page);
  const arn = (await page.getByTestId('sandbox-user-arn').first().innerText()).match(/[A-Z]ARN\d{7}/)?.[0] ?? '';
  expect(arn).not.toBe('');

  const practiceName = `Jones & Co ${Date.now()}`;
  await page.goto('/app/practice');
  await page.getByRole('textbox', { name: 'Practice name' }).fill(practiceName);
  await page.getByRole('button', { name: 'Start practice' }).click();

  // After the reload, in the practice: the dialog lists what would move, and nothing moved yet.
  const dialog = page.getByTestId('own-work-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('own-work-list')).toContainText(`Your agent services account ${arn}`);
  await expect(dialog.getByTestId('own-work-list')).toContainText('1 sandbox test user');
  await dialog.getByRole('button', { name: `Bring it into ${practiceName}` }).click();

  await expect(page.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Owner.`);
  await expect(page.getByTestId('own-work')).toHaveCount(0);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.locator('a[data-active]')).toHaveCount(1);

  await openScreen(page, 'Clients');
  await expect(page.getByTestId('no-agent-authority')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask for authority' })).toBeVisible();

  await openScreen(page, 'Practice dashboard');
  await expect(navigation.locator('a[data-active]')).toHaveCount(1);
  await expect(navigation.getByRole('link', { name: 'Practice dashboard', exact: true })).toHaveAttribute(
    'data-active',
    'true',
  );
});
