import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules';

describe('password rules', () => {
  it('refuses fewer than 8 characters', () => {
    expect(passwordProblem('Ab3$xyz')).toBe('TOO_SHORT');
    expect(passwordProblem('Ab3$xyzq')).toBeUndefined();
  });

  it('refuses a common password whatever its case', () => {
    expect(passwordProblem('password123')).toBe('TOO_COMMON');
    expect(passwordProblem('PassWord123')).toBe('TOO_COMMON');
    expect(passwordProblem('12345678')).toBe('TOO_COMMON');
  });

  it('refuses more than 128 characters', () => {
    expect(passwordProblem('x'.repeat(129))).toBe('TOO_LONG');
  });
});
