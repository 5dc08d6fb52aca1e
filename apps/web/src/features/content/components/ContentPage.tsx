import { Anchor, Divider, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import type { ContentPageNamespace, PageContent } from '../content-types';
import { ContentSections, ContentSources } from './ContentSections';

/** Long pages get a table of contents. */
const CONTENTS_FROM_SECTIONS = 5;

/** A page of prose (About, Mission, Whitepaper, Privacy, Terms…), read from its translation file. */
export function ContentPage({ namespace }: { namespace: ContentPageNamespace }) {
  const { t } = useTranslation([namespace, 'common']);
  const page: PageContent = {
    title: t('title'),
    lead: t('lead'),
    sections: t('sections', { returnObjects: true, defaultValue: [] }) as PageContent['sections'],
    sources: t('sources', { returnObjects: true, defaultValue: [] }) as PageContent['sources'],
  };
  usePageTitle(page.title);
  return (
    <Stack component="article" gap="xl" maw={820} data-testid={`content-${namespace}`}>
      <header>
        <Title order={1}>{page.title}</Title>
        <Text size="lg" c="dimmed" mt="sm">
          {page.lead}
        </Text>
      </header>
      {page.sections.length >= CONTENTS_FROM_SECTIONS && (
        <Paper withBorder p="md" component="nav" aria-labelledby="contents-heading">
          <Text fw={700} id="contents-heading" mb="xs">
            {t('common:content.contents')}
          </Text>
          <List type="ordered" size="sm" spacing={4}>
            {page.sections.map((section, index) => (
              <List.Item key={section.heading}>
                <Anchor href={`#${namespace}-${index}`}>{section.heading}</Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      <ContentSections sections={page.sections} idPrefix={namespace} />
      {page.sources.length > 0 && <Divider />}
      <ContentSources sources={page.sources} />
    </Stack>
  );
}

export default ContentPage;
