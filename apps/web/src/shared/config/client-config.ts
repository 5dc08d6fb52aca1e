import type { ClientConfig } from '@vatwise/domain';

const defaults: ClientConfig = {
  helpUrl: 'https://www.gov.uk/guidance/making-tax-digital-for-vat',
  showThemeSwitcher: true,
  environment: 'development',
  version: 'dev',
  socialProviders: [],
  authGuard: true,
  hmrcEnvironment: 'sandbox',
  hmrcSimulator: true,
};

/**
 * Checked by hand rather than with the domain's zod schema: this runs before the first
 * paint, and zod would add some 50 KB to the JavaScript every page waits for.
 */
function parseClientConfig(value: unknown): ClientConfig {
  const given = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof ClientConfig, unknown>
  >;
  const environment = ['development', 'production', 'test'].includes(given.environment as string)
    ? (given.environment as ClientConfig['environment'])
    : defaults.environment;
  return {
    helpUrl: typeof given.helpUrl === 'string' && /^https?:\/\//.test(given.helpUrl) ? given.helpUrl : defaults.helpUrl,
    showThemeSwitcher:
      typeof given.showThemeSwitcher === 'boolean' ? given.showThemeSwitcher : defaults.showThemeSwitcher,
    environment,
    version: typeof given.version === 'string' ? given.version : defaults.version,
    socialProviders: Array.isArray(given.socialProviders)
      ? given.socialProviders.filter(
          (provider): provider is 'google' | 'github' => provider === 'google' || provider === 'github',
        )
      : defaults.socialProviders,
    // Only an explicit false turns the guard off.
    authGuard: given.authGuard !== false,
    hmrcEnvironment: given.hmrcEnvironment === 'production' ? 'production' : 'sandbox',
    hmrcSimulator: given.hmrcSimulator !== false && given.hmrcEnvironment !== 'production',
  };
}

/**
 * The server writes its settings into index.html as JSON (see the server's spa routes);
 * the Vite dev server does not, so the defaults stand in.
 */
export function readClientConfig(doc: Document = document): ClientConfig {
  const text = doc.getElementById('vatwise-config')?.textContent;
  if (!text) return defaults;
  try {
    return parseClientConfig(JSON.parse(text));
  } catch {
    return defaults;
  }
}

export const clientConfig = readClientConfig();
