import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { describeError, describeStoredError } from './http-errors';

describe('error messages for failed calls', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  const t = (key: string) => i18n.t(key);

  it("uses the catalogue's message for our own codes", () => {
    expect(describeError({ status: 409, data: { code: 'LAST_ADMIN' } }, t as never)).toBe(
      'The last Admin cannot be demoted or disabled. Make another user Admin first.',
    );
  });

  it('falls back to the product reference’s status messages with the status in brackets', () => {
    expect(describeError({ status: 403, data: {} }, t as never)).toBe('Not authorized (403)');
    expect(describeError({ status: 502, data: 'bad gateway' }, t as never)).toBe('Gateway error (502)');
    expect(describeError({ status: 418, data: {} }, t as never)).toBe('Request failed');
  });

  it('says so when nothing came back', () => {
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError' }, t as never)).toBe(
      'No response from server - check your connection',
    );
  });

  it('words HMRC’s refusals as the product reference does for the kind of data, in the user’s language', async () => {
    const translate = i18n.t.bind(i18n) as never;
    const insolvent = {
      status: 403,
      data: {
        code: 'HMRC_REFUSED',
        message: 'The Trader is insolvent (Obligations).',
        hmrc: { kind: 'obligations', status: 403, codes: ['RULE_INSOLVENT_TRADER'] },
      },
    };
    expect(describeError(insolvent, translate)).toBe('The Trader is insolvent (Obligations).');
    const unknown = {
      status: 400,
      data: { code: 'HMRC_REFUSED', message: '', hmrc: { kind: 'financialDetails', status: 400, codes: [] } },
    };
    expect(describeError(unknown, translate)).toBe('Failed to fetch financial details data');
    const noAnswer = {
      status: 502,
      data: { code: 'HMRC_UNAVAILABLE', hmrc: { kind: 'returnView', status: 0, codes: [] } },
    };
    expect(describeError(noAnswer, translate)).toBe('VAT Return, No response from server - check your connection');
    await i18n.changeLanguage('es');
    expect(describeError(insolvent, translate)).toBe('El comerciante es insolvente (Obligaciones).');
    expect(describeError(noAnswer, translate)).toBe(
      'Declaración de IVA: el servidor no responde; compruebe su conexión',
    );
    await i18n.changeLanguage('en');
  });

  it('words HMRC’s own failures as the product reference’s status messages with HMRC’s status, not as no response', async () => {
    const translate = i18n.t.bind(i18n) as never;
    const failed = (status: number, kind = 'obligations') => ({
      status: 502,
      data: {
        code: 'HMRC_UNAVAILABLE',
        message: 'No response from HMRC. Try again shortly.',
        hmrc: { kind, status, codes: [] },
      },
    });
    expect(describeError(failed(500), translate)).toBe('Server error (500)');
    expect(describeError(failed(502, 'liabilities'), translate)).toBe('Gateway error (502)');
    expect(describeError(failed(503, 'returnView'), translate)).toBe('Service unavailable (503)');
    // No answer at all is still "no response".
    expect(describeError(failed(0), translate)).toBe('No response from HMRC. Try again shortly.');
    await i18n.changeLanguage('es');
    expect(describeError(failed(503), translate)).toBe('Servicio no disponible (503)');
    await i18n.changeLanguage('en');
  });

  it('shows what a refused form value needs', () => {
    const refused = {
      status: 400,
      data: { code: 'VALIDATION_FAILED', issues: [{ path: 'userType', message: 'Please select a user type.' }] },
    };
    expect(describeError(refused, t as never)).toBe('Please select a user type.');
  });

  it('shows a return’s kept error in the user’s language, and HMRC’s refusal in HMRC’s words', async () => {
    const translate = i18n.t.bind(i18n) as never;
    const notConnected = { code: 'HMRC_NOT_CONNECTED', message: 'This business is not connected to HMRC yet.' };
    const refused = { code: 'HMRC_REFUSED', message: 'The VAT return was already submitted for the given period.' };
    const unexpected = { code: null, message: 'An unexpected error occurred.' };
    await i18n.changeLanguage('es');
    try {
      expect(describeStoredError(notConnected, translate)).toBe(
        'Esta empresa aún no está conectada con HMRC. Conceda la autorización primero en Conceder autorización.',
      );
      expect(describeStoredError(refused, translate)).toBe(refused.message);
      expect(describeStoredError(unexpected, translate)).toBe(unexpected.message);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
