import { registerAccount, uniqueEmail } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// Each journey signs up its own people: starting a practice changes the session's workspace,
// which must not happen to the shared Admin's session.
test('an owner starts a practice and invites a preparer, who accepts from the link, sees it read-only and leaves', async ({
  page,
  browser,
}) => {
  // Two people, three page reloads: about 25 s on a two-core machine.
  test.setTimeout(90_000);
  const practiceName = `Olive & Co ${Date.now()}`;
  await registerAccount(page.request, uniqueEmail('owner'), 'Olive Owner');
  await page.goto('/app/practice');
  await expect(page.getByTestId('current-workspace')).toHaveText('You work on your own businesses.');
  await page.getByRole('textbox', { name: 'Practice name' }).fill(practiceName);
  await page.getByRole('button', { name: 'Start practice' }).click();
  // The page reloads in the new workspace.
  await expect(page.getByTestId('current-workspace')).toHaveText(
    `You work in ${practiceName} as Owner. Every business and return you see belongs to the practice.`,
  );
  await expect(page.getByTestId('header-practice')).toHaveText(practiceName);

  const preparerEmail = uniqueEmail('preparer');
  const invite = page.getByTestId('invite-form');
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(preparerEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('pending-invitation')).toContainText(preparerEmail);

  const review = page.getByRole('switch', { name: /Returns need a reviewer's approval before filing/ });
  // By keyboard; it turns on once the server has answered the PUT.
  await review.focus();
  await page.keyboard.press('Space');
  await expect(review).toBeChecked();
  await page.reload();
  await expect(review).toBeChecked();
  await expect(page.getByTestId('pending-invitation')).toBeVisible();
  // The owner's view (members, invitations, the form, the switch) meets WCAG 2.1 AA too.
  await expectNoAxeViolations(page, '/app/practice (owner)');

  // Without mail the preparer's address is never verified: the owner hands over the invitation's link.
  const pending = page.getByTestId('pending-invitation').filter({ hasText: preparerEmail });
  await pending.getByRole('button', { name: `Copy invitation link for ${preparerEmail}` }).click();
  const link = new URL(await pending.getByTestId('invitation-link').inputValue());
  expect(link.searchParams.get('token')).toBeTruthy();

  const preparerContext = await browser.newContext();
  await registerAccount(preparerContext.request, preparerEmail, 'Pat Preparer');
  const preparer = await preparerContext.newPage();
  // The address alone, not verified, sees no invitation.
  await preparer.goto('/app/practice');
  await expect(preparer.getByTestId('no-invitations')).toContainText('Only a verified address');
  await preparer.goto(link.pathname + link.search);
  const linked = preparer.locator('[data-testid="invitation-for-you"][aria-current="true"]');
  await expect(linked).toContainText(`Join ${practiceName} as Preparer`);
  await linked.getByRole('button', { name: 'Accept' }).click();
  await expect(preparer.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Preparer.`);
  await expect(preparer.getByTestId('member')).toHaveCount(2);
  await expect(preparer.getByTestId('invite-form')).toHaveCount(0);
  await expect(preparer.getByTestId('policy-read-only')).toContainText("Returns need a reviewer's approval");
  await expectNoAxeViolations(preparer, '/app/practice (preparer)');

  await preparer.getByRole('button', { name: 'Leave practice' }).click();
  await preparer.getByRole('dialog').getByRole('button', { name: 'Yes, leave' }).click();
  await expect(preparer.getByTestId('current-workspace')).toHaveText('You work on your own businesses.');
  await expect(preparer.getByTestId('no-practices')).toBeVisible();
  await preparerContext.close();

  await page.reload();
  await expect(page.getByTestId('member')).toHaveCount(1);
});
