import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AssistFeedbackItem, AssistReport } from '@vatwise/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersWelsh } from './use-hmrc-assist';

/** Only GOV.UK-style web addresses become links; anything else stays HMRC's text. */
const isWebAddress = (url: string | undefined): url is string => Boolean(url && /^https?:\/\//i.test(url));

function Message({ item }: { item: AssistFeedbackItem }) {
  return (
    <Paper withBorder p="sm" component="li" data-testid="assist-message">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {item.itemNumber}
          </Badge>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.body}
        </Text>
        {item.action && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.action}
          </Text>
        )}
        {(item.links ?? []).map((link, index) =>
          isWebAddress(link.url) ? (
            <Anchor key={index} size="sm" href={link.url} target="_blank" rel="noopener noreferrer">
              {link.title ?? link.url}
            </Anchor>
          ) : link.title ? (
            <Text key={index} size="sm">
              {link.title}
            </Text>
          ) : null,
        )}
      </Stack>
    </Paper>
  );
}

interface AssistMessagesProps {
  report: AssistReport;
  /** Called once HMRC's messages are on the screen (to acknowledge them). */
  onShown?: () => void;
}

/**
 * HMRC's messages verbatim and in HMRC's order, in English or Welsh (Welsh first when the browser
 * ranks it above English), with a switch between the two (docs/hmrc-assist-flow.md).
 */
export function AssistMessages({ report, onShown }: AssistMessagesProps) {
  const { t } = useTranslation('vatReturns');
  const [language, setLanguage] = useState<'en' | 'cy'>(() =>
    typeof navigator !== 'undefined' && prefersWelsh(navigator.languages ?? [navigator.language]) ? 'cy' : 'en',
  );
  const items = language === 'cy' ? report.welsh : report.english;
  useEffect(() => {
    onShown?.();
  }, [onShown]);

  return (
    <Stack gap="sm" data-testid="assist-messages">
      <SegmentedControl
        aria-label={t('assist.languageLabel')}
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        value={language}
        onChange={(value) => setLanguage(value === 'cy' ? 'cy' : 'en')}
        data={[
          { value: 'cy', label: <span lang="cy">{t('assist.welsh')}</span> },
          { value: 'en', label: <span lang="en">{t('assist.english')}</span> },
        ]}
      />
      {items.length === 0 ? (
        <Text size="sm" data-testid="assist-no-messages">
          {t('assist.noMessages')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} lang={language}>
          {items.map((item, index) => (
            <Message key={`${index}-${item.itemNumber}`} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
