import { hmrcFeedEntrySchema } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { FeedFormatError, maxEntries, parseAtomFeed } from './feed';
import { hmrcAtomFixture, hmrcFeedPath, hmrcFixtureTitles } from './fixture';

const base = `https://www.gov.uk${hmrcFeedPath}`;

/** A minimal Atom document around the given entries. */
const feedOf = (entries: string, title = '<title>HMRC</title>') =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">${title}${entries}</feed>`;

const entry = (id: string, updated: string, extra = '') =>
  `<entry><id>${id}</id><updated>${updated}</updated><link rel="alternate" href="https://www.gov.uk/${id}"/><title>Entry ${id}</title>${extra}</entry>`;

describe('parseAtomFeed on GOV.UK’s HMRC feed', () => {
  const feed = parseAtomFeed(hmrcAtomFixture, base);

  it('reads the feed’s title with its entity decoded', () => {
    expect(feed.title).toBe('HM Revenue & Customs - Activity on GOV.UK');
  });

  it('lists the entries newest first, with instants in UTC', () => {
    expect(feed.entries.map((item) => item.title)).toEqual(hmrcFixtureTitles);
    expect(feed.entries.map((item) => item.updated)).toEqual([
      '2026-07-14T15:20:05.000Z',
      '2026-07-12T10:00:00.000Z',
      '2026-07-10T08:30:00.000Z',
      '2026-06-30T08:30:00.000Z',
    ]);
    for (const item of feed.entries) expect(hmrcFeedEntrySchema.parse(item)).toEqual(item);
  });

  it('keeps the entry’s own id and its absolute link', () => {
    expect(feed.entries[0]).toMatchObject({
      id: 'tag:www.gov.uk,2005:/government/news/hmrc-reminds-businesses-about-making-tax-digital/2026-07-14T16:20:05+01:00',
      url: 'https://www.gov.uk/government/news/hmrc-reminds-businesses-about-making-tax-digital',
    });
  });

  it('resolves a relative link against the feed’s address', () => {
    expect(feed.entries[1]?.url).toBe(
      'https://www.gov.uk/government/publications/rates-and-allowances-hmrc-interest-rates',
    );
    const local = parseAtomFeed(hmrcAtomFixture, `http://127.0.0.1:8080${hmrcFeedPath}`);
    expect(local.entries[1]?.url).toBe(
      'http://127.0.0.1:8080/government/publications/rates-and-allowances-hmrc-interest-rates',
    );
  });

  it('decodes numeric and named entities in titles', () => {
    expect(feed.entries[0]?.title).toBe('HMRC’s reminder: file your VAT return & pay on time');
  });

  it('reduces an HTML summary to its words, decoding its entities once', () => {
    expect(feed.entries[0]?.summary).toBe(
      'Businesses must keep digital records & file through compatible software. Penalties start at £200 — don’t miss the deadline.',
    );
    // Escaped markup inside the HTML stays text, never becomes a tag.
    expect(feed.entries[3]?.summary).toBe('Monthly tax receipts <provisional> figures.');
    expect(feed.entries[1]?.summary).toBe('Interest rates on late payments & repayments of tax.');
    expect(feed.entries[2]?.summary).toBe(
      'Find out about VAT, including what VAT is, how to register, VAT returns and record keeping.',
    );
  });
});

describe('parseAtomFeed on other documents', () => {
  it('reads a feed with a single entry as a list of one', () => {
    const single = parseAtomFeed(feedOf(entry('only', '2026-01-02T03:04:05Z')), base);
    expect(single.entries).toEqual([
      { id: 'only', title: 'Entry only', url: 'https://www.gov.uk/only', updated: '2026-01-02T03:04:05.000Z' },
    ]);
  });

  it('reads an entry with several links, preferring rel="alternate" over self and enclosure', () => {
    const xml = feedOf(
      `<entry><id>a</id><updated>2026-01-01T00:00:00Z</updated><title>A</title>
        <link rel="self" href="https://www.gov.uk/a.atom"/>
        <link rel="enclosure" href="https://www.gov.uk/a.pdf"/>
        <link href="https://www.gov.uk/a"/></entry>`,
    );
    expect(parseAtomFeed(xml, base).entries[0]?.url).toBe('https://www.gov.uk/a');
  });

  it('throws a FeedFormatError for malformed XML, without quoting the body', () => {
    const broken = feedOf(`<entry><id>x</id><title>Unclosed secret-token-123</entry>`);
    expect(() => parseAtomFeed(broken, base)).toThrow(FeedFormatError);
    expect(() => parseAtomFeed(broken, base)).toThrow(/not well-formed XML/);
    expect(() => parseAtomFeed(broken, base)).not.toThrow(/secret-token-123/);
    expect(() => parseAtomFeed('', base)).toThrow(FeedFormatError);
    expect(() => parseAtomFeed('Service unavailable', base)).toThrow(FeedFormatError);
  });

  it('throws a FeedFormatError for a document that is not an Atom feed', () => {
    const rss = '<?xml version="1.0"?><rss version="2.0"><channel><title>HMRC</title></channel></rss>';
    expect(() => parseAtomFeed(rss, base)).toThrow(FeedFormatError);
    expect(() => parseAtomFeed(rss, base)).toThrow('The document is not an Atom feed (its root element is <rss>).');
    // GOV.UK's own error page, well-formed as XHTML.
    const page = '<!DOCTYPE html><html><head><title>Sorry</title></head><body><p>Try later</p></body></html>';
    expect(() => parseAtomFeed(page, base)).toThrow(/root element is <html>/);
  });

  it('reads an empty feed as a feed with no entries and the usual title', () => {
    expect(parseAtomFeed('<feed xmlns="http://www.w3.org/2005/Atom"/>', base)).toEqual({
      title: 'HM Revenue & Customs',
      entries: [],
    });
  });

  it('reads atom:-prefixed elements', () => {
    const xml = `<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>HMRC</atom:title>
      <atom:entry><atom:id>p</atom:id><atom:updated>2026-02-01T10:00:00Z</atom:updated>
      <atom:link href="https://www.gov.uk/p"/><atom:title>Prefixed</atom:title></atom:entry></atom:feed>`;
    expect(parseAtomFeed(xml, base).entries).toMatchObject([{ id: 'p', title: 'Prefixed' }]);
  });

  it('keeps at most 20 entries, the newest', () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      entry(`e${index}`, `2026-03-${String(index + 1).padStart(2, '0')}T12:00:00Z`),
    ).join('');
    const { entries } = parseAtomFeed(feedOf(many), base);
    expect(entries).toHaveLength(maxEntries);
    expect(entries[0]?.id).toBe('e24');
    expect(entries.at(-1)?.id).toBe('e5');
  });

  it('drops entries without a title, an http(s) link or a date, and falls back on <published>', () => {
    const xml = feedOf(
      [
        `<entry><id>no-title</id><updated>2026-01-01T00:00:00Z</updated><link href="https://www.gov.uk/x"/></entry>`,
        `<entry><id>no-link</id><updated>2026-01-01T00:00:00Z</updated><title>No link</title></entry>`,
        `<entry><id>script</id><updated>2026-01-01T00:00:00Z</updated><link href="javascript:alert(1)"/><title>Script</title></entry>`,
        `<entry><id>bad-date</id><updated>yesterday</updated><link href="https://www.gov.uk/d"/><title>Bad date</title></entry>`,
        `<entry><id>published</id><published>2026-01-05T00:00:00Z</published><link href="https://www.gov.uk/p"/><title>Published</title></entry>`,
        `<entry><updated>2026-01-04T00:00:00Z</updated><link href="https://www.gov.uk/no-id"/><title>No id</title></entry>`,
      ].join(''),
    );
    expect(parseAtomFeed(xml, base).entries).toEqual([
      { id: 'published', title: 'Published', url: 'https://www.gov.uk/p', updated: '2026-01-05T00:00:00.000Z' },
      // Without an id, the link stands in for it.
      {
        id: 'https://www.gov.uk/no-id',
        title: 'No id',
        url: 'https://www.gov.uk/no-id',
        updated: '2026-01-04T00:00:00.000Z',
      },
    ]);
  });

  it('keeps a text title’s decoded angle brackets as text and reduces an HTML title to its words', () => {
    const xml = feedOf(
      entry('t', '2026-01-01T00:00:00Z').replace('<title>Entry t</title>', '<title>Less &lt;than&gt; more</title>') +
        entry('h', '2026-01-02T00:00:00Z').replace(
          '<title>Entry h</title>',
          '<title type="html">&lt;em&gt;Making&lt;/em&gt; Tax &amp;amp; Digital</title>',
        ),
    );
    expect(parseAtomFeed(xml, base).entries.map((item) => item.title)).toEqual([
      'Making Tax & Digital',
      'Less <than> more',
    ]);
  });

  it('reads a CDATA summary and cuts a long one at 400 characters', () => {
    const long = 'word '.repeat(200);
    const xml = feedOf(
      entry('c', '2026-01-01T00:00:00Z', '<summary type="html"><![CDATA[<p>Tax &amp; duty</p>]]></summary>') +
        entry('l', '2026-01-02T00:00:00Z', `<summary>${long}</summary>`),
    );
    const [longEntry, cdata] = parseAtomFeed(xml, base).entries;
    expect(cdata?.summary).toBe('Tax & duty');
    expect(longEntry?.summary).toHaveLength(400);
    expect(longEntry?.summary?.endsWith('…')).toBe(true);
  });

  it('joins inline markup without a space and separates blocks with one', () => {
    const html =
      '&lt;p&gt;Use &lt;a href="/x"&gt;software&lt;/a&gt;.&lt;/p&gt;&lt;p&gt;Next&lt;br/&gt;line&lt;/p&gt;&lt;!-- note --&gt;';
    const xml = feedOf(entry('m', '2026-01-01T00:00:00Z', `<summary type="html">${html}</summary>`));
    expect(parseAtomFeed(xml, base).entries[0]?.summary).toBe('Use software. Next line');
  });

  it('gives an entry with an empty summary no summary at all', () => {
    const xml = feedOf(entry('e', '2026-01-01T00:00:00Z', '<summary type="html">  </summary>'));
    expect(parseAtomFeed(xml, base).entries[0]).not.toHaveProperty('summary');
  });
});
