import { expect, test } from '../support/fixtures';
import { signUp } from '../support/hmrc';

/**
 * The VAT Wise assistant as a user meets it on a server with no model keys: the remembered
 * default (OpenAI) is unavailable, the built-in assistant answers from the knowledge base with
 * its sources, and conversations are kept.
 */

const question = 'What is the VAT registration threshold?';

test.describe('the VAT Wise assistant', () => {
  test.setTimeout(60_000);

  test('answers with Built-in and its sources, and keeps conversations across a reload', async ({ page }) => {
    await signUp(page, 'Ada Assistant');
    await page.getByTestId('nav-vatWise').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VAT Wise');
    await expect(page.getByText('No conversations yet.')).toBeVisible();

    // OpenAI is the default, but this server has no key for it: the page says what will answer.
    const picker = page.getByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveValue('OpenAI (not set up)');
    await expect(page.getByTestId('model-fallback')).toContainText('OPENAI_API_KEY is not set');
    await picker.click();
    await page.getByRole('option', { name: /^Built-in/ }).click();
    await expect(page.getByTestId('model-fallback')).toBeHidden();

    await page.getByRole('textbox', { name: 'Your question' }).fill(question);
    await page.getByRole('textbox', { name: 'Your question' }).press('Enter');

    const messages = page.getByTestId('chat-message');
    await expect(messages.first()).toContainText(question);
    const answer = messages.nth(1);
    await expect(answer).toHaveAttribute('data-role', 'assistant');
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer).toContainText('£90,000');
    await expect(answer).toContainText('Answered by Built-in');
    const sourceLinks = answer.getByTestId('answer-sources').getByRole('link');
    expect(await sourceLinks.count()).toBeGreaterThan(0);
    await expect(sourceLinks.first()).toHaveAttribute('href', /^https:\/\/www\.gov\.uk\//);
    await expect(page.getByTestId('chat-notice')).toHaveText('VAT Wise gives guidance, not professional advice.');

    // The conversation is named after its first question.
    const conversations = page.getByTestId('conversation-item');
    await expect(conversations).toHaveCount(1);
    await expect(conversations.first()).toContainText(question);

    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(conversations).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Ask a VAT question' })).toBeVisible();

    // After a reload the first conversation is still there, and so is the chosen model.
    await page.reload();
    await expect(conversations).toHaveCount(2);
    await expect(conversations.first()).toContainText(question);
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('Built-in');
    // The first history fetch opens the first conversation.
    await expect(conversations.first().getByRole('button', { name: /^What is the VAT registration/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByTestId('chat-message').nth(1)).toContainText('£90,000');

    await page.getByRole('button', { name: `Delete “${question}”` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(conversations).toHaveCount(1);
    await expect(page.getByTestId('conversation-item').filter({ hasText: question })).toHaveCount(0);
    await page.reload();
    await expect(conversations).toHaveCount(1);
  });

  test('the chat panel answers from any page of the main area', async ({ page }) => {
    await signUp(page, 'Pat Panel');
    await page.goto('/app/about');
    await page.evaluate(() => window.localStorage.setItem('selectedLLM', JSON.stringify('Built-in')));
    await page.reload();
    await page.getByTestId('chat-launcher').click();
    const panel = page.getByRole('dialog', { name: 'VAT Wise assistant' });
    await panel.getByRole('button', { name: 'What is the VAT registration threshold?' }).click();
    const answer = panel.getByTestId('chat-message').nth(1);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.getByTestId('answer-sources').getByRole('link').first()).toBeVisible();
    // The panel keeps the user on their page.
    await expect(page).toHaveURL('/app/about');
  });
});
