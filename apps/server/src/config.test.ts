import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fraudHeaderSettingWarnings, loadConfig, reachesHmrc } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/vatwise.sqlite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.showThemeSwitcher).toBe(true);
    expect(config.environment).toBe('development');
  });

  it('turns HMRC Assist on with the embedded simulator and off against HMRC, unless HMRC_ASSIST says', () => {
    const external = { HMRC_CLIENT_ID: 'id', HMRC_CLIENT_SECRET: 'secret' };
    expect(loadConfig({}).hmrc.assist).toBe(true);
    expect(loadConfig({ HMRC_ASSIST: 'off' }).hmrc.assist).toBe(false);
    expect(loadConfig(external).hmrc.assist).toBe(false);
    expect(loadConfig({ ...external, HMRC_ASSIST: 'on' }).hmrc.assist).toBe(true);
    expect(problemsOf({ HMRC_ASSIST: 'maybe' }).join(' ')).toContain('HMRC_ASSIST must be on or off');
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/test' });
  });

  it('trusts no proxy by default, and takes a hop count or the proxies addresses', () => {
    expect(loadConfig({}).network.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).network.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).network.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback, ::1, fd00::/8' }).network.trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true and addresses that are not addresses, saying what to give', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/would believe any X-Forwarded-For.*number of proxies/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33, proxy.example' })[0]).toMatch(
      /^TRUST_PROXY must be false, a number of proxies, or addresses.*not 10\.0\.0\.0\/33, proxy\.example/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('names a bad PORT and the value given', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be a whole number from 1 to 65535 (got "eighty")']);
    expect(problemsOf({ PORT: '70000' })[0]).toContain('PORT must be a whole number from 1 to 65535');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/vat' })[0]).toMatch(/^DATABASE_URL must be a postgres:\/\//);
  });

  it('refuses a PUBLIC_URL or HELP_URL that is not an http address', () => {
    expect(problemsOf({ PUBLIC_URL: 'localhost:3000' })[0]).toContain(
      'PUBLIC_URL must be a full http:// or https:// address',
    );
    expect(problemsOf({ HELP_URL: 'ftp://help' })[0]).toContain('HELP_URL must be a full http:// or https:// address');
  });

  it('lists every bad value at once, not just the first', () => {
    const problems = problemsOf({ PORT: '0', LOG_LEVEL: 'loud', SHOW_THEME_SWITCHER: 'maybe', NODE_ENV: 'staging' });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toContain('LOG_LEVEL must be one of');
    expect(problems.join('\n')).toContain('SHOW_THEME_SWITCHER must be true or false');
    expect(problems.join('\n')).toContain('NODE_ENV must be development, production or test');
  });

  it('reads the theme switcher flag in the usual spellings', () => {
    expect(loadConfig({ SHOW_THEME_SWITCHER: 'off' }).showThemeSwitcher).toBe(false);
    expect(loadConfig({ SHOW_THEME_SWITCHER: 'TRUE' }).showThemeSwitcher).toBe(true);
  });

  it('drops a trailing slash from PUBLIC_URL so links join cleanly', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://vat.example.com/' }).publicUrl).toBe('https://vat.example.com');
  });

  it('needs a social provider id and secret together', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id-only' })).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (only GOOGLE_CLIENT_ID is set)',
    ]);
    const config = loadConfig({ GITHUB_CLIENT_ID: 'gh', GITHUB_CLIENT_SECRET: 'secret' });
    expect(config.auth.github?.clientId).toBe('gh');
    expect(config.auth.google).toBeUndefined();
  });

  it('never turns the auth guard off in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', DISABLE_AUTH_GUARD: 'true' })).toEqual([
      'DISABLE_AUTH_GUARD cannot be used when NODE_ENV is production',
    ]);
    expect(loadConfig({ DISABLE_AUTH_GUARD: 'true' }).auth.guardDisabled).toBe(true);
  });

  it('reads admin emails in any case, and refuses bad mail and origin settings', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'Boss@Example.com, second@example.com' }).auth.adminEmails).toEqual([
      'boss@example.com',
      'second@example.com',
    ]);
    expect(problemsOf({ ADMIN_EMAILS: 'not-an-email' })[0]).toContain('ADMIN_EMAILS must be a comma-separated list');
    expect(problemsOf({ SMTP_URL: 'mail.example.com' })[0]).toContain(
      'SMTP_URL must be an smtp:// or smtps:// address',
    );
    expect(problemsOf({ TRUSTED_ORIGINS: 'https://a.example/path' })[0]).toContain('TRUSTED_ORIGINS must be');
    // Secrets are never echoed back.
    expect(problemsOf({ AUTH_SECRET: 'short' })[0]).toBe('AUTH_SECRET must be at least 32 characters long');
    expect(problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/vat' }).join()).not.toContain('hunter2');
  });

  it('uses the embedded HMRC simulator until HMRC credentials are given', () => {
    const embedded = loadConfig({ PORT: '3100', HOST: '0.0.0.0', PUBLIC_URL: 'https://vat.example.com' }).hmrc;
    expect(embedded).toMatchObject({
      mode: 'embedded',
      baseUrl: 'http://127.0.0.1:3100/hmrc-sandbox',
      authUrl: 'https://vat.example.com/hmrc-sandbox',
      redirectUri: 'https://vat.example.com/hmrc-callback',
      sandbox: { rateLimitPerSecond: 3, operatorControls: true },
    });
    const external = loadConfig({
      HMRC_CLIENT_ID: 'client',
      HMRC_CLIENT_SECRET: 'secret',
      HMRC_BASE_URL: 'https://api.service.hmrc.gov.uk/',
      HMRC_AUTH_URL: 'https://www.tax.service.gov.uk',
      HMRC_REDIRECT_URI: 'https://vat.example.com/hmrc-callback',
    }).hmrc;
    expect(external).toMatchObject({
      mode: 'external',
      baseUrl: 'https://api.service.hmrc.gov.uk',
      authUrl: 'https://www.tax.service.gov.uk',
      clientId: 'client',
    });
  });

  it('checks the HMRC settings', () => {
    expect(problemsOf({ HMRC_CLIENT_SECRET: 'secret-only' })).toEqual([
      'HMRC_CLIENT_ID and HMRC_CLIENT_SECRET must be set together (only HMRC_CLIENT_SECRET is set)',
    ]);
    expect(problemsOf({ HMRC_SANDBOX_RATE_LIMIT: 'fast' })[0]).toContain(
      'HMRC_SANDBOX_RATE_LIMIT must be a whole number',
    );
    expect(problemsOf({ NODE_ENV: 'production', HMRC_SANDBOX_OPERATOR: 'true' })).toEqual([
      'HMRC_SANDBOX_OPERATOR cannot be used when NODE_ENV is production',
    ]);
    expect(loadConfig({ NODE_ENV: 'production' }).hmrc.sandbox.operatorControls).toBe(false);
    expect(problemsOf({ HMRC_SANDBOX_APPLICATIONS: '[{"clientId":"x"}]' })[0]).toContain(
      'HMRC_SANDBOX_APPLICATIONS must be',
    );
    const applications = [{ clientId: 'a', clientSecret: 'b', name: 'Other', redirectUris: ['https://x.example/cb'] }];
    expect(loadConfig({ HMRC_SANDBOX_APPLICATIONS: JSON.stringify(applications) }).hmrc.sandbox.applications).toEqual(
      applications,
    );
  });

  it('refuses, in production against HMRC, settings that would make the fraud prevention headers wrong', () => {
    const realHmrc = { NODE_ENV: 'production', HMRC_CLIENT_ID: 'id', HMRC_CLIENT_SECRET: 'secret' };
    expect(problemsOf({ ...realHmrc, PUBLIC_URL: 'http://10.0.0.5:3000' })).toEqual([
      expect.stringContaining("PUBLIC_URL's address 10.0.0.5 is not public"),
    ]);
    expect(problemsOf({ ...realHmrc, PUBLIC_URL: 'https://vat.example.co.uk', VENDOR_PUBLIC_IP: '127.0.0.1' })).toEqual(
      [
        expect.stringContaining('VENDOR_PUBLIC_IP 127.0.0.1 is not a public address'),
        expect.stringContaining('TRUST_PROXY is not set'),
      ],
    );
    // A proxy ends TLS: the client's address can only be told by it.
    expect(problemsOf({ ...realHmrc, PUBLIC_URL: 'https://vat.example.co.uk', VENDOR_PUBLIC_IP: '8.8.4.4' })).toEqual([
      expect.stringContaining('Gov-Client-Public-IP would be the proxy'),
    ]);
    const sound = loadConfig({
      ...realHmrc,
      PUBLIC_URL: 'https://vat.example.co.uk',
      VENDOR_PUBLIC_IP: '8.8.4.4',
      TRUST_PROXY: '1',
    });
    expect(sound.network.vendorPublicIp).toBe('8.8.4.4');
    // The embedded simulator, a simulator elsewhere, or development: nothing reaches HMRC, so nothing is refused.
    expect(
      loadConfig({ ...realHmrc, HMRC_BASE_URL: 'http://127.0.0.1:9100', PUBLIC_URL: 'http://127.0.0.1:3000' }).hmrc
        .mode,
    ).toBe('external');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' }).hmrc.mode).toBe('embedded');
    expect(loadConfig({ ...realHmrc, NODE_ENV: 'development', PUBLIC_URL: 'http://10.0.0.5' }).hmrc.mode).toBe(
      'external',
    );
  });

  it('warns at start, with the fix, when the vendor address can only be known from each request', () => {
    const settings = (env: Record<string, string>) => {
      const config = loadConfig({ NODE_ENV: 'production', HMRC_CLIENT_ID: 'id', HMRC_CLIENT_SECRET: 's', ...env });
      return fraudHeaderSettingWarnings({
        production: true,
        reachesHmrc: reachesHmrc(config.hmrc),
        publicUrl: config.publicUrl,
        network: config.network,
      });
    };
    expect(settings({ PUBLIC_URL: 'https://vat.example.co.uk', TRUST_PROXY: '1' })).toEqual([
      expect.stringContaining('Set VENDOR_PUBLIC_IP'),
    ]);
    expect(
      settings({ PUBLIC_URL: 'https://vat.example.co.uk', TRUST_PROXY: '1', VENDOR_PUBLIC_IP: '8.8.4.4' }),
    ).toEqual([]);
  });
});
