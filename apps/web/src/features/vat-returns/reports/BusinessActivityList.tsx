import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { vatReturnsApi } from '../api';
import { StackedCell, StackedTable } from '../../../shared/ui/StackedTable';

/** How many events show before "Show all". */
const firstShown = 10;

/**
 * A business's audit trail: who connected it, added, changed or imported records, marked a return
 * ready, approved, noted or submitted it, and when (newest first; the server keeps the last 200).
 */
export function BusinessActivityList({ vrn }: { vrn: string }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const query = vatReturnsApi.useBusinessActivityQuery(vrn);
  const [all, setAll] = useState(false);
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="activity-error" />;
  }
  if (!query.data) return <LoadingState label={t('vatReturns:activity.loading')} />;
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('vatReturns:activity.empty')}
      </Text>
    );
  }
  const shown = all ? query.data : query.data.slice(0, firstShown);
  return (
    <Stack gap="xs">
      <StackedTable minWidth={560}>
        <Table verticalSpacing="xs" data-testid="business-activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vatReturns:activity.when')}</Table.Th>
              <Table.Th>{t('vatReturns:activity.who')}</Table.Th>
              <Table.Th>{t('vatReturns:activity.what')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((event) => (
              <Table.Tr key={event.id} data-testid="activity-row" data-kind={event.kind}>
                <StackedCell label={t('vatReturns:activity.when')}>
                  <Text size="sm">{formatDateTime(event.at, i18n.language)}</Text>
                </StackedCell>
                <StackedCell label={t('vatReturns:activity.who')}>
                  <Text size="sm">{event.actorName}</Text>
                </StackedCell>
                <StackedCell label={t('vatReturns:activity.what')} part="title">
                  <Text size="sm" fw={600}>
                    {t(`vatReturns:activity.kinds.${event.kind}`)}
                  </Text>
                  {event.detail && (
                    <Text size="xs" c="dimmed">
                      {event.detail}
                    </Text>
                  )}
                </StackedCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      {query.data.length > firstShown && (
        <div>
          <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
            {all ? t('vatReturns:activity.showFewer') : t('vatReturns:activity.showAll', { count: query.data.length })}
          </Button>
        </div>
      )}
    </Stack>
  );
}
