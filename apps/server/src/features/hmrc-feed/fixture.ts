/**
 * Test fixtures: GOV.UK's HMRC organisation feed as it is served at
 * https://www.gov.uk/government/organisations/hm-revenue-customs.atom (trimmed to a few entries,
 * with the awkward cases GOV.UK really produces: entities, escaped HTML summaries, a relative link).
 */

export const hmrcFeedPath = '/government/organisations/hm-revenue-customs.atom';

export const hmrcAtomFixture = `<?xml version="1.0" encoding="UTF-8"?>
<feed xml:lang="en-GB" xmlns="http://www.w3.org/2005/Atom">
  <id>tag:www.gov.uk,2005:/government/organisations/hm-revenue-customs</id>
  <link rel="alternate" type="text/html" href="https://www.gov.uk/government/organisations/hm-revenue-customs"/>
  <link rel="self" type="application/atom+xml" href="https://www.gov.uk/government/organisations/hm-revenue-customs.atom"/>
  <title>HM Revenue &amp; Customs - Activity on GOV.UK</title>
  <updated>2026-07-14T16:20:05+01:00</updated>
  <entry>
    <id>tag:www.gov.uk,2005:/guidance/vat-guide-notice-700/2026-07-10T09:30:00+01:00</id>
    <updated>2026-07-10T09:30:00+01:00</updated>
    <link rel="alternate" type="text/html" href="https://www.gov.uk/guidance/vat-guide-notice-700"/>
    <title>VAT guide (VAT Notice 700)</title>
    <summary type="html">&lt;p&gt;Find out about VAT, including what VAT is, how to register, VAT returns and record keeping.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <id>tag:www.gov.uk,2005:/government/news/hmrc-reminds-businesses-about-making-tax-digital/2026-07-14T16:20:05+01:00</id>
    <updated>2026-07-14T16:20:05+01:00</updated>
    <link rel="alternate" type="text/html" href="https://www.gov.uk/government/news/hmrc-reminds-businesses-about-making-tax-digital"/>
    <title>HMRC&#8217;s reminder: file your VAT return &amp; pay on time</title>
    <summary type="html">&lt;p&gt;Businesses must keep digital records &amp;amp; file through &lt;a href="https://www.gov.uk/mtd"&gt;compatible software&lt;/a&gt;. Penalties start at &amp;pound;200&amp;nbsp;&amp;mdash; don&amp;#8217;t miss the deadline.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <id>tag:www.gov.uk,2005:/government/publications/rates-and-allowances-hmrc-interest-rates/2026-07-12T11:00:00+01:00</id>
    <updated>2026-07-12T11:00:00+01:00</updated>
    <link rel="alternate" type="text/html" href="/government/publications/rates-and-allowances-hmrc-interest-rates"/>
    <title>Rates and allowances: HMRC interest rates for late and early payments</title>
    <summary>Interest rates on late payments &amp; repayments of tax.</summary>
  </entry>
  <entry>
    <id>tag:www.gov.uk,2005:/government/statistics/hmrc-tax-receipts-and-national-insurance-contributions-for-the-uk/2026-06-30T09:30:00+01:00</id>
    <updated>2026-06-30T09:30:00+01:00</updated>
    <link rel="alternate" type="text/html" href="https://www.gov.uk/government/statistics/hmrc-tax-receipts-and-national-insurance-contributions-for-the-uk"/>
    <title>HMRC tax receipts and National Insurance contributions for the UK (monthly bulletin)</title>
    <summary type="html">&lt;p&gt;Monthly tax receipts &lt;strong&gt;&amp;lt;provisional&amp;gt;&lt;/strong&gt; figures.&lt;/p&gt;</summary>
  </entry>
</feed>
`;

/** The fixture's entries, newest first, as the parser should give them. */
export const hmrcFixtureTitles = [
  'HMRC’s reminder: file your VAT return & pay on time',
  'Rates and allowances: HMRC interest rates for late and early payments',
  'VAT guide (VAT Notice 700)',
  'HMRC tax receipts and National Insurance contributions for the UK (monthly bulletin)',
];
