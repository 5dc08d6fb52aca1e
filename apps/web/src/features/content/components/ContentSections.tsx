import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentSection, ContentSource } from '../content-types';

/**
 * Where a link marked in a page's text (`<privacy>privacy policy</privacy>`) goes: kept here, not in
 * the translation files, so each language words the link but none can change where it leads.
 */
const inlineLinks: Record<string, string> = {
  privacy: '/privacy-policy',
  terms: '/terms-of-use',
  accessibility: '/accessibility',
  // HMRC's online service where a business withdraws the authority it gave software.
  manageAuthority: 'https://www.tax.service.gov.uk/applications-manage-authority',
};

/**
 * A paragraph or point with its marked links drawn as links, underlined so that they stand out from
 * the sentence by more than colour (WCAG 1.4.1); a tag that names no link stays as text.
 */
function TextWithLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let drawnTo = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const [whole, name = '', label] = match;
    const href = inlineLinks[name];
    if (!href) continue;
    parts.push(text.slice(drawnTo, match.index));
    parts.push(
      href.startsWith('/') ? (
        <Anchor key={match.index} component={Link} to={href} inherit underline="always">
          {label}
        </Anchor>
      ) : (
        <Anchor key={match.index} href={href} inherit underline="always">
          {label}
        </Anchor>
      ),
    );
    drawnTo = match.index + whole.length;
  }
  parts.push(text.slice(drawnTo));
  return <>{parts}</>;
}

export function ContentSections({ sections, idPrefix }: { sections: ContentSection[]; idPrefix: string }) {
  return (
    <Stack gap="xl">
      {sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`${idPrefix}-${index}`}>
          <Title order={2} size="h3" id={`${idPrefix}-${index}`} mb="xs">
            {section.heading}
          </Title>
          <Stack gap="sm">
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>
                <TextWithLinks text={paragraph} />
              </Text>
            ))}
            {section.points && section.points.length > 0 && (
              <List spacing="xs">
                {section.points.map((point) => (
                  <List.Item key={point}>
                    <TextWithLinks text={point} />
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

export function ContentSources({ sources }: { sources: ContentSource[] }) {
  const { t } = useTranslation('common');
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="sources-heading">
      <Title order={2} size="h4" id="sources-heading" mb="xs">
        {t('content.sources')}
      </Title>
      <List size="sm" spacing={4}>
        {sources.map((source) => (
          <List.Item key={source.url}>
            <Anchor href={source.url} target="_blank" rel="noopener noreferrer">
              {source.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
