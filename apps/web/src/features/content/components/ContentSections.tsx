import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentSection, ContentSource } from '../content-types';

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
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            {section.points && section.points.length > 0 && (
              <List spacing="xs">
                {section.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
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
