import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { ContentPage } from './ContentPage';

/** The page's section headings, in order (the table of contents repeats them as links). */
const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the pages HMRC expects beside the privacy policy', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('the terms of use name what VAT Wise does, what the user and an agent answer for, and how to stop', async () => {
    renderPage(<ContentPage namespace="terms" />, '/terms-of-use');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(
      expect.arrayContaining([
        'What VAT Wise is',
        'Your responsibilities',
        'If you act for clients as a tax agent',
        'Fraud prevention data',
        'Availability, and no guarantee',
        "Ending your use, and HMRC's authority",
        'Where to get help',
      ]),
    );
    expect(document.title).toBe('Terms of use · VAT Wise');
    // The declaration the user confirms, in HMRC's words, and two-factor sign-in.
    expect(screen.getByText(/A false declaration can result in prosecution/)).toBeInTheDocument();
    expect(screen.getByText(/Turning on two-factor sign-in/)).toBeInTheDocument();
    // The fraud prevention section sends the reader to the privacy policy for what is sent.
    const fraud = screen.getByRole('region', { name: 'Fraud prevention data' });
    expect(within(fraud).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    // HMRC's own service for withdrawing the authority.
    expect(screen.getByRole('link', { name: 'Manage authorised applications' })).toHaveAttribute(
      'href',
      'https://www.tax.service.gov.uk/applications-manage-authority',
    );
    expect(screen.getByRole('link', { name: 'accessibility statement' })).toHaveAttribute('href', '/accessibility');
    // The link markers never show as text.
    expect(document.body.textContent).not.toMatch(/<\/?\w+>/);
  });

  it('the accessibility statement names its standard, how it is checked, its limitations, reporting and its date', async () => {
    renderPage(<ContentPage namespace="accessibility" />, '/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(
      expect.arrayContaining([
        'How accessible it is',
        'How it is checked',
        'Known limitations',
        'Reporting a problem',
        'If you are not happy with the answer',
        'Preparation of this statement',
      ]),
    );
    // The tab's title is set by an effect once the page's own words are in; on a loaded machine that
    // can come a moment after the heading.
    await waitFor(() => expect(document.title).toBe('Accessibility statement · VAT Wise'));
    expect(
      screen.getByText(/Web Content Accessibility Guidelines \(WCAG\) version 2\.1 at level AA/),
    ).toBeInTheDocument();
    expect(screen.getByText(/axe-core, run in Chromium/)).toBeInTheDocument();
    expect(screen.getByText(/prepared on 1 December 2026/)).toBeInTheDocument();
    expect(screen.getByText(/reviewed by 1 December 2027/)).toBeInTheDocument();
  });

  it('both read in Spanish, with their links', async () => {
    await i18n.changeLanguage('es');
    const terms = renderPage(<ContentPage namespace="terms" />, '/terms-of-use');
    expect(await screen.findByRole('heading', { level: 1, name: 'Condiciones de uso' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(
      expect.arrayContaining(['Sus responsabilidades', 'Si actúa para clientes como agente fiscal']),
    );
    expect(document.title).toBe('Condiciones de uso · VAT Wise');
    expect(screen.getByRole('link', { name: 'declaración de accesibilidad' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(screen.getAllByRole('link', { name: 'política de privacidad' })[0]).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    terms.unmount();

    renderPage(<ContentPage namespace="accessibility" />, '/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(
      expect.arrayContaining(['Cómo se comprueba', 'Limitaciones conocidas', 'Informar de un problema']),
    );
    expect(screen.getByText(/se preparó el 1 de diciembre de 2026/)).toBeInTheDocument();
  });
});
