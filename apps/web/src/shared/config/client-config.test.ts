import { describe, expect, it } from 'vitest';
import { readClientConfig } from './client-config';

function documentWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.id = 'vatwise-config';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('client settings from index.html', () => {
  it('reads the settings the server wrote', () => {
    const config = readClientConfig(
      documentWith(
        '{"helpUrl":"https://help.example.org","showThemeSwitcher":false,"environment":"production","version":"1.2.3","socialProviders":["github","myspace"],"authGuard":false,"hmrcEnvironment":"production","hmrcSimulator":true}',
      ),
    );
    expect(config).toEqual({
      helpUrl: 'https://help.example.org',
      showThemeSwitcher: false,
      environment: 'production',
      version: '1.2.3',
      socialProviders: ['github'],
      authGuard: false,
      hmrcEnvironment: 'production',
      // The simulator never stands in for HMRC production.
      hmrcSimulator: false,
    });
  });

  it('uses the defaults when the page has none, or they are broken', () => {
    expect(readClientConfig(documentWith(undefined)).showThemeSwitcher).toBe(true);
    expect(readClientConfig(documentWith(undefined)).authGuard).toBe(true);
    expect(readClientConfig(documentWith('{broken')).helpUrl).toMatch(/^https:\/\//);
    expect(readClientConfig(documentWith('{"helpUrl":"javascript:alert(1)"}')).helpUrl).toMatch(/^https:\/\//);
  });
});
