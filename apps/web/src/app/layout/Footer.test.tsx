import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../shared/i18n/i18n';
import { renderPage } from '../../test/render-page';
import { Footer } from './Footer';

describe('the footer every layout shows', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('links to the privacy policy, the terms of use and the accessibility statement, each reached with Tab', async () => {
    const user = userEvent.setup();
    renderPage(<Footer />, '/app');
    const links = [
      ['Privacy policy', '/privacy-policy'],
      ['Terms of use', '/terms-of-use'],
      ['Accessibility statement', '/accessibility'],
    ] as const;
    for (const [name, href] of links) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const [name] of links) {
      await user.tab();
      expect(screen.getByRole('link', { name })).toHaveFocus();
    }
  });

  it('names them in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage(<Footer />, '/');
    expect(await screen.findByRole('link', { name: 'Condiciones de uso' })).toHaveAttribute('href', '/terms-of-use');
    expect(screen.getByRole('link', { name: 'Declaración de accesibilidad' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacy-policy');
  });
});
