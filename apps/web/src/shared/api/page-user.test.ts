import { describe, expect, it } from 'vitest';
import { takePageRead, takePageUser } from './page-user';
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

  it('carries the first reads, each given once and only while the page is fresh', () => {
    takePageUser(
      pageWith(JSON.stringify({ user: alice, reads: { '/api/businesses': { businesses: [], current: null } } })),
    );
    expect(takePageRead('/api/businesses', 1_000)).toEqual({ body: { businesses: [], current: null } });
    expect(takePageRead('/api/businesses', 1_000)).toBeUndefined();
    expect(takePageRead('/api/vat_returns', 1_000)).toBeUndefined();
    takePageUser(pageWith(JSON.stringify({ user: alice, reads: { '/api/businesses': { businesses: [] } } })));
    // A tab left open on the page for minutes asks the server instead of drawing what it held then.
    expect(takePageRead('/api/businesses', 5 * 60_000)).toBeUndefined();
    expect(takePageRead('/api/businesses', 1_000)).toBeUndefined();
  });
});
