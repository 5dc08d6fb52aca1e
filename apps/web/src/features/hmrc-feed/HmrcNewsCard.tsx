import { Alert, Anchor, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { HmrcFeedEntry } from '@vatwise/domain';
import { IconClockExclamation, IconExternalLink, IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { formatDate } from '../../shared/format/format';
import { hmrcFeedApi } from './api';
import { relativeAge, ukDayOf } from './news-format';
import { DashboardCard } from '../../shared/ui/DashboardCard';

/** How many of the feed's entries the card lists. */
export const newsItemsShown = 8;

function NewsItem({ entry }: { entry: HmrcFeedEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} component="li" data-testid="hmrc-news-item">
      <Anchor href={entry.url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
        {/* GOV.UK publishes in English: a screen reader reads the title as English in any language. */}
        <span lang="en-GB">{entry.title}</span>
        <IconExternalLink size={14} style={{ marginInlineStart: 4, verticalAlign: 'middle' }} aria-hidden />
        <VisuallyHidden>{` ${t('dashboard.news.opensInNewTab')}`}</VisuallyHidden>
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatDate(ukDayOf(entry.updated), i18n.language)}
      </Text>
    </Stack>
  );
}

/**
 * As many rows as the card lists, each the height of an entry's title and date lines: the card
 * takes about the room the news will need before it arrives (a title that wraps adds a line).
 */
function NewsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label} data-testid="hmrc-news-loading">
      {Array.from({ length: newsItemsShown }, (_, index) => (
        <Stack gap={2} key={index}>
          <Skeleton w={`${90 - (index % 4) * 12}%`}>
            <Text size="sm">&nbsp;</Text>
          </Skeleton>
          <Skeleton w={80}>
            <Text size="xs">&nbsp;</Text>
          </Skeleton>
        </Stack>
      ))}
    </Stack>
  );
}

/** GOV.UK's HMRC news, for visitors, guests and signed-in users alike. */
export function HmrcNewsCard() {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = hmrcFeedApi.useHmrcFeedQuery();

  const content = () => {
    if (isLoading) return <NewsSkeleton label={t('dashboard.news.loading')} />;
    // The server answers 200 even when GOV.UK cannot be reached; only our own server can fail here.
    if (error || !data) {
      return (
        <Alert color="gray" data-testid="hmrc-news-unavailable">
          {describeError(error, t)}
        </Alert>
      );
    }
    if (data.status === 'unavailable') {
      return (
        // The server's message is in English; the card says the same in the reader's language.
        <Alert color="gray" title={t('dashboard.news.unavailable')} data-testid="hmrc-news-unavailable">
          {t('dashboard.news.unreachable')}
        </Alert>
      );
    }
    const entries = data.entries.slice(0, newsItemsShown);
    return (
      <Stack gap="sm">
        {data.stale && (
          <Group gap={6} wrap="nowrap" data-testid="hmrc-news-stale">
            <IconClockExclamation size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
            <Text size="xs" c="dimmed">
              {t('dashboard.news.stale', { age: relativeAge(data.ageSeconds, i18n.language) })}
            </Text>
          </Group>
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.news.empty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <NewsItem key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    <DashboardCard
      testId="hmrc-news"
      icon={<IconNews size={22} aria-hidden />}
      title={t('dashboard.news.title')}
      subtitle={
        data?.status === 'ok' && (
          <Text size="xs" c="dimmed" data-testid="hmrc-news-source">
            {t('dashboard.news.source')}
          </Text>
        )
      }
    >
      {content()}
    </DashboardCard>
  );
}
