import { expect, test as setup } from '@playwright/test';
import { admin, adminStorageState, registerAccount } from '../support/accounts';

setup('the first account of the installation becomes its Admin', async ({ page }) => {
  await registerAccount(page.request, admin.email, admin.name);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user).toMatchObject({ email: admin.email, role: 0 });
  await page.context().storageState({ path: adminStorageState });
});
