import { describe, expect, it } from 'vitest';
import { isValidVrn, vrnWithCheckDigits } from './vrn';

describe('isValidVrn', () => {
  it('accepts a VRN from HMRC sandbox test data that uses the newer 9755 series', () => {
    // From HMRC's Check a UK VAT number test-data/vrn.csv: 7×8+2×7+6×6+1×5+2×4+9×3+0×2 = 146; 146+55+90 = 291 = 3×97.
    expect(isValidVrn('726129090')).toBe(true);
  });

  it('accepts VRNs whose check digits follow the original mod-97 series', () => {
    // 1234567 weighs 112; 112 + 82 = 194 = 2×97.
    expect(isValidVrn('123456782')).toBe(true);
    // 9999999 weighs 315; 315 + 73 = 388 = 4×97.
    expect(isValidVrn('999999973')).toBe(true);
  });

  it('accepts further VRNs of the newer 9755 series', () => {
    // 1017476 weighs 98; 98 + 55 + 41 = 194.
    expect(isValidVrn('101747641')).toBe(true);
    // 1000001 weighs 10; 10 + 55 + 32 = 97.
    expect(isValidVrn('100000132')).toBe(true);
  });

  it('refuses 9 digits whose check digits fit neither series', () => {
    expect(isValidVrn('123456789')).toBe(false);
    expect(isValidVrn('123456783')).toBe(false);
    // HMRC's own illustrative values fail the check too: most of test-data/vrn.csv, and the Create Test User example.
    expect(isValidVrn('553557881')).toBe(false);
    expect(isValidVrn('666119668')).toBe(false);
  });

  it('refuses anything that is not exactly 9 digits', () => {
    expect(isValidVrn('')).toBe(false);
    expect(isValidVrn('12345678')).toBe(false);
    expect(isValidVrn('1234567820')).toBe(false);
    expect(isValidVrn('GB123456782')).toBe(false);
    expect(isValidVrn(' 123456782')).toBe(false);
    expect(isValidVrn('123 4567 82')).toBe(false);
    expect(isValidVrn('146295999727')).toBe(false);
  });
});

describe('vrnWithCheckDigits', () => {
  it('appends the mod-97 check digits to a 7-digit base', () => {
    expect(vrnWithCheckDigits('1234567')).toBe('123456782');
    expect(vrnWithCheckDigits('9999999')).toBe('999999973');
  });

  it('uses 00 when the weighted sum is already a multiple of 97', () => {
    // 1002998 weighs 8+0+0+10+36+27+16 = 97.
    expect(vrnWithCheckDigits('1002998')).toBe('100299800');
    expect(isValidVrn('100299800')).toBe(true);
  });

  it('always produces a valid VRN with check digits between 00 and 96', () => {
    for (let base = 1_000_000; base < 1_010_000; base += 7) {
      const vrn = vrnWithCheckDigits(String(base));
      expect(vrn).toMatch(/^\d{9}$/);
      expect(Number(vrn.slice(7))).toBeLessThanOrEqual(96);
      expect(isValidVrn(vrn)).toBe(true);
    }
  });

  it('refuses a base that is not 7 digits', () => {
    expect(() => vrnWithCheckDigits('123456')).toThrow(RangeError);
    expect(() => vrnWithCheckDigits('12345678')).toThrow(RangeError);
    expect(() => vrnWithCheckDigits('12a4567')).toThrow(RangeError);
  });
});
