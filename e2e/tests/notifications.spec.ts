import { registerAccount, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { closeHmrcWindow, createOrganisation, passHmrcStartPages } from '../support/hmrc';
import { startFirstReturn } from '../support/journeys';
import { outboxMails } from '../support/outbox';

test('a notification (in the app and in the outbox) for a return marked ready', async ({ page, browser }) => {
  // Two people, HMRC's window once: about 15 s on a two-core machine.
  test.setTimeout(90_000);
  const practiceName = `Notified & Co ${Date.now()}`;
  const ownerEmail = uniqueEmail('owner');
  await registerAccount(page.request, ownerEmail, 'Nora Owner');
  await page.goto('/app/practice');
  await page.getByRole('textbox', { name: 'Practice name' }).fill(practiceName);
  await page.getByRole('button', { name: 'Start practice' }).click();
  await expect(page.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Owner.`);
  const preparerEmail = uniqueEmail('preparer');
  const invite = page.getByTestId('invite-form');
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(preparerEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByTestId('pending-invitation').filter({ hasText: preparerEmail });
  await pending.getByRole('button', { name: new RegExp(`^Copy (the )?invitation link for ${preparerEmail}$`) }).click();
  const link = new URL(await pending.getByTestId('invitation-link').inputValue());
  // The practice's client: a business connected in HMRC's window.
  const card = await createOrganisation(page);
  const userId = (await card.getByTestId('sandbox-user-id').textContent()) ?? '';
  await card.getByRole('button', { name: 'Show password' }).click();
  const secret = (await card.getByTestId('sandbox-user-password').textContent()) ?? '';
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^(Authorise|Connect directly as this business)/ }).click();
  const popup = await popupOpened;
  await passHmrcStartPages(popup);
  await popup.getByLabel('User ID').fill(userId);
  await popup.getByLabel('Password').fill(secret);
  await popup.locator('#submit').click();
  await popup.getByRole('button', { name: 'Give permission' }).click();
  await expect(popup.getByTestId('hmrc-callback-granted')).toContainText('VAT Wise successfully granted.');
  await closeHmrcWindow(popup);
  await page.goto('/app');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();

  const preparerContext = await browser.newContext();
  await registerAccount(preparerContext.request, preparerEmail, 'Pat Preparer');
  const preparer = await preparerContext.newPage();
  await preparer.goto(link.pathname + link.search);
  await preparer
    .locator('[data-testid="invitation-for-you"][aria-current="true"]')
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(preparer.getByTestId('current-workspace')).toContainText(`You work in ${practiceName} as Preparer.`);
  const draft = await startFirstReturn(preparer);
  await preparer.getByRole('button', { name: 'Mark ready for review' }).click();
  await expect(preparer.getByTestId('review-state')).toHaveText('Ready for review');

  // The owner's open page hears of it at once, without reloading (a deadline warning for the new
  // client may be there too); the one who did it is not told.
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.locator('[data-testid="notification"][data-kind="marked_ready"]');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText(`VRN ${draft.vrn}`);
  await expect(item).toContainText('Pat Preparer');
  await item.getByRole('link', { name: /^Return ready for review/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/vat-submissions/${draft.returnId}$`));
  await bell.click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const preparersOwn = (await (await preparer.request.get('/api/notifications')).json()) as {
    notifications: { kind: string }[];
  };
  expect(preparersOwn.notifications.filter((one) => one.kind === 'marked_ready')).toEqual([]);

  // And by e-mail: the outbox (no SMTP_URL), with the link to the return.
  await expect
    .poll(() =>
      outboxMails().filter((mail) => mail.to === ownerEmail && mail.subject.endsWith('VAT return ready for review')),
    )
    .toHaveLength(1);
  const [mail] = outboxMails().filter((one) => one.to === ownerEmail && one.subject.endsWith('ready for review'));
  expect(mail?.text).toContain(`Pat Preparer marked a VAT return of`);
  expect(mail?.text).toContain(`/app/vat-submissions/${draft.returnId}`);
  expect(outboxMails().filter((one) => one.to === preparerEmail && one.subject.endsWith('ready for review'))).toEqual(
    [],
  );
  await preparerContext.close();
});
