import { describe, expect, it } from 'vitest';
import { takePageUser } from './page-user';
import { userRecord } from '../../test/users';

const alice = userRecord({ email: 'alice@example.com', name: 'Alice' });

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('VAT Wise');
  const script = doc.createElement('script');
  script.id = 'vatwise-me';
  script.type = 'application/json';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('the user a page carries', () => {
  it('is given once, so every later check asks the server', () => {
    const doc = pageWith(JSON.stringify({ user: alice }));
    expect(takePageUser(doc)).toEqual(alice);
    expect(takePageUser(doc)).toBeUndefined();
  });

  it('is nobody when the page carries none or something unreadable', () => {
    expect(takePageUser(document.implementation.createHTMLDocument(''))).toBeUndefined();
    expect(takePageUser(pageWith('{not json'))).toBeUndefined();
    expect(takePageUser(pageWith('null'))).toBeUndefined();
  });
});
