import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { DeadlineItem, DeadlinesResponse } from '@vatwise/domain';
import { IconAlertTriangle, IconCalendarCheck, IconCalendarDown, IconCalendarDue } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError, errorCodeOf } from '../../shared/api/http-errors';
import { formatDate } from '../../shared/format/format';
import { useCurrentBusiness } from '../hmrc-connection';
import { deadlinesApi, deadlinesCalendarUrl } from './api';
import { daysLeftText, levelBadge } from './deadline-format';
import { DashboardCard } from '../../shared/ui/DashboardCard';

const grantAuthorityPath = '/app/grant-authority';

/** These can only be put right on Grant Authority, so the message takes the user there. */
const fixedOnGrantAuthority = new Set(['HMRC_NOT_CONNECTED', 'HMRC_REAUTHORISE']);

function useDaysLeft() {
  const { t } = useTranslation();
  return (daysLeft: number) => {
    const { key, count } = daysLeftText(daysLeft);
    return t(`dashboard.deadlines.${key}`, { count });
  };
}

function LoadingDeadlines({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label} data-testid="deadlines-loading">
      <Skeleton h={18} w="60%" />
      <Skeleton h={14} w="40%" />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}

function PeriodRow({ item }: { item: DeadlineItem }) {
  const { t, i18n } = useTranslation();
  const daysLeft = useDaysLeft();
  const badge = levelBadge(item.level);
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="deadline-row">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {t('dashboard.deadlines.period', {
            start: formatDate(item.start, i18n.language),
            end: formatDate(item.end, i18n.language),
          })}
        </Text>
        <Text size="xs" c={item.daysLeft < 0 ? 'red' : 'dimmed'}>
          {t('dashboard.deadlines.due', { date: formatDate(item.due, i18n.language) })} · {daysLeft(item.daysLeft)}
        </Text>
      </Stack>
      {badge && item.level && (
        <Badge color={badge.color} variant={badge.variant} style={{ flexShrink: 0 }} data-level={item.level}>
          {t(`dashboard.deadlines.levels.${item.level}`)}
        </Badge>
      )}
    </Group>
  );
}

function Deadlines({ data }: { data: DeadlinesResponse }) {
  const { t, i18n } = useTranslation();
  const daysLeft = useDaysLeft();
  if (data.items.length === 0) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="deadlines-none-open">
        <IconCalendarCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
        <Text size="sm">{t('dashboard.deadlines.noneOpen')}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={4}>
        {data.next ? (
          <Text fw={600} data-testid="deadlines-next">
            {t('dashboard.deadlines.next', { date: formatDate(data.next.due, i18n.language) })} ·{' '}
            {daysLeft(data.next.daysLeft)}
          </Text>
        ) : (
          <Text fw={600} data-testid="deadlines-next">
            {t('dashboard.deadlines.noNext')}
          </Text>
        )}
        {data.overdueCount > 0 && (
          <Text c="red" fw={600} size="sm" data-testid="deadlines-overdue">
            {t('dashboard.deadlines.overdueCount', { count: data.overdueCount })}
          </Text>
        )}
      </Stack>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.items.map((item) => (
          <PeriodRow key={item.periodKey} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The current business's open VAT returns: the next due date, anything overdue, and a calendar to download. */
export function DeadlinesCard() {
  const { t } = useTranslation();
  const { business, isLoading: businessLoading, error: businessError } = useCurrentBusiness();
  const query = deadlinesApi.useDeadlinesQuery(business ? { vrn: business.vrn } : skipToken);

  const frame = (content: ReactNode, footer?: ReactNode) => (
    <DashboardCard
      testId="deadlines"
      icon={<IconCalendarDue size={22} aria-hidden />}
      title={t('dashboard.deadlines.title')}
      subtitle={
        business && (
          <Text size="xs" c="dimmed" data-testid="deadlines-business">
            {business.name}
          </Text>
        )
      }
    >
      {content}
      {footer}
    </DashboardCard>
  );

  if (businessLoading) return frame(<LoadingDeadlines label={t('dashboard.deadlines.loading')} />);
  if (businessError) {
    return frame(
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid="deadlines-error">
        {describeError(businessError, t)}
      </Alert>,
    );
  }
  if (!business) {
    return frame(
      <Stack gap="sm" data-testid="deadlines-no-business">
        <Text size="sm">{t('dashboard.deadlines.noBusiness')}</Text>
        <Group>
          <Button size="xs" variant="light" component={Link} to={grantAuthorityPath}>
            {t('nav.grantAuthority')}
          </Button>
        </Group>
      </Stack>,
    );
  }

  const content = () => {
    if (query.isError) {
      const code = errorCodeOf(query.error);
      return (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid="deadlines-error">
          <Stack gap="xs">
            <Text size="sm">{describeError(query.error, t)}</Text>
            <Group gap="xs">
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('dashboard.deadlines.retry')}
              </Button>
              {code && fixedOnGrantAuthority.has(code) && (
                <Button size="xs" variant="subtle" component={Link} to={grantAuthorityPath}>
                  {t('nav.grantAuthority')}
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      );
    }
    // currentData: after switching business, the loader rather than the previous business's dates.
    if (!query.currentData) return <LoadingDeadlines label={t('dashboard.deadlines.loading')} />;
    return <Deadlines data={query.currentData} />;
  };

  const hasOpen = (query.currentData?.items.length ?? 0) > 0;
  return frame(
    content(),
    hasOpen && (
      <Group>
        <Button
          component="a"
          href={deadlinesCalendarUrl(business.vrn)}
          download
          size="xs"
          variant="light"
          leftSection={<IconCalendarDown size={16} aria-hidden />}
          data-testid="deadlines-download"
        >
          {t('dashboard.deadlines.download')}
        </Button>
      </Group>
    ),
  );
}
