/** The shortest password accepted (issue: accounts, 1). */
export const MIN_PASSWORD_LENGTH = 8;
/** better-auth's own upper bound; longer input is refused before hashing. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Passwords that appear at the top of every breach list. A short list, checked offline:
 * it stops the worst choices without sending anything to a third party.
 */
const commonPasswords = new Set(
  [
    '12345678',
    '123456789',
    '1234567890',
    '12345678910',
    '87654321',
    '11111111',
    '00000000',
    '88888888',
    '123123123',
    '1q2w3e4r',
    '1q2w3e4r5t',
    '1qaz2wsx',
    'qwertyuiop',
    'qwerty123',
    'qwerty12',
    'qwertyui',
    'asdfghjkl',
    'asdfasdf',
    'zxcvbnm1',
    'password',
    'password1',
    'password12',
    'password123',
    'password!',
    'passw0rd',
    'p@ssw0rd',
    'p@ssword',
    'iloveyou',
    'iloveyou1',
    'sunshine',
    'princess',
    'football',
    'baseball',
    'superman',
    'batman123',
    'trustno1',
    'whatever',
    'starwars',
    'welcome1',
    'welcome123',
    'letmein1',
    'letmein123',
    'abcd1234',
    'abc12345',
    'abcdefgh',
    'aa123456',
    'changeme',
    'computer',
    'internet',
    'michael1',
    'jennifer',
    'jordan23',
    'liverpool',
    'chelsea1',
    'arsenal1',
    'manchester',
    'charlie1',
    'shadow12',
    'master12',
    'monkey12',
    'dragon12',
    'secret123',
    'admin123',
    'administrator',
    'qazwsxedc',
    'zaq12wsx',
    'passport',
    'vatreturn',
    'vatwise1',
    'hmrc1234',
  ].map((password) => password.toLowerCase()),
);

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON';

/** What is wrong with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'TOO_SHORT';
  if (password.length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  if (commonPasswords.has(password.toLowerCase())) return 'TOO_COMMON';
  return undefined;
}
