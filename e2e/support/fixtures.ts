import { test as base, expect } from '@playwright/test';

/**
 * Every page test fails on a console error or an uncaught exception, unless the test says
 * which errors it expects (a test that breaks a download on purpose, say).
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: { allow: RegExp[] } }>({
  // An object, not a bare array: Playwright reads an array option as [value, options].
  expectedConsoleErrors: [{ allow: [] }, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // With the address, so a test can allow one resource's failure and not every other's.
        if (message.type() === 'error') errors.push(`${message.text()} [${message.location().url}]`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      const unexpected = errors.filter((text) => !expectedConsoleErrors.allow.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
