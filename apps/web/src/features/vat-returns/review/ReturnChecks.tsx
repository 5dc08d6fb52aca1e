import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '../../../shared/ui/TableScroll';
import {
  boxExplanations,
  type ComparedPeriod,
  type ReturnComparison,
  type ReturnDraft,
  comparisonMinimumPence,
  comparisonPercent,
} from '@vatwise/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBoxAmount, formatDate, formatMoney } from '../../../shared/format/format';
import { vatReturnsApi } from '../api';
import { formatPeriod } from '../common/periods';
import { AuditDownloads } from '../reports/AuditDownloads';

/**
 * Checks before filing beside the boxes: VAT HMRC holds as unpaid past its due date, the boxes beside
 * the previous period and the same period last year, and the audit report's downloads.
 */
export function ReturnChecks({ draft }: { draft: ReturnDraft }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const query = vatReturnsApi.useReturnComparisonQuery(draft.id);
  return (
    <Stack gap="sm" mt="lg" data-testid="return-checks">
      <Title order={3} size="h4">
        {t('vatReturns:checks.title')}
      </Title>
      {query.isLoading && (
        <Text size="sm" c="dimmed" role="status">
          {t('vatReturns:checks.loading')}
        </Text>
      )}
      {query.isError && (
        <Alert color="gray" data-testid="comparison-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('vatReturns:checks.failed')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              {t('vatReturns:checks.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {query.data && <ComparisonView comparison={query.data} />}
      <AuditDownloads returnId={draft.id} />
    </Stack>
  );
}

/** What the comparison says, once read (kept apart from the query for its tests). */
export function ComparisonView({ comparison }: { comparison: ReturnComparison }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const periods = [
    ['previous', comparison.previous],
    ['lastYear', comparison.lastYear],
  ] as const;
  const found = periods.filter((entry): entry is ['previous' | 'lastYear', ComparedPeriod] => entry[1] !== null);
  const flagged = found.flatMap(([, period]) => period.boxes.filter((row) => row.farApart));
  const overdue = comparison.overdueVat;

  return (
    <Stack gap="sm">
      {overdue && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="overdue-vat">
          {t('vatReturns:checks.overdue', {
            count: overdue.charges,
            amount: formatMoney(overdue.outstandingPence, language),
            date: formatDate(overdue.oldestDue, language),
          })}
        </Alert>
      )}
      {found.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="comparison-empty">
          {comparison.hmrcUnavailable ? t('vatReturns:checks.hmrcUnavailable') : t('vatReturns:checks.none')}
        </Text>
      ) : (
        <>
          <Text size="sm">
            {flagged.length > 0
              ? t('vatReturns:checks.flagged', {
                  count: flagged.length,
                  amount: formatMoney(comparisonMinimumPence, language),
                  percent: comparisonPercent,
                })
              : t('vatReturns:checks.noneFlagged')}
          </Text>
          <TableScroll minWidth={560}>
            <Table verticalSpacing={4} fz="sm" aria-label={t('vatReturns:checks.tableLabel')} data-testid="comparison">
              <Table.Thead>
                <Table.Tr>
                  {/* The box stays in view while the figures scroll sideways on a phone. */}
                  <Table.Th>{t('vatReturns:checks.box')}</Table.Th>
                  <Table.Th ta="end">{t('vatReturns:checks.thisPeriod')}</Table.Th>
                  {found.map(([which, period]) => (
                    <Table.Th key={which} ta="end">
                      {t(`vatReturns:checks.${which}`)}
                      <Text span size="xs" c="dimmed" display="block" fw={400}>
                        {formatPeriod(period.periodStart, period.periodEnd, language)}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(found[0]?.[1].boxes ?? []).map((row, index) => (
                  <Table.Tr key={row.box} data-testid={`comparison-box-${row.box}`}>
                    <Table.Th scope="row" fw={500}>
                      {t('vatReturns:boxes.boxNumber', { box: row.box })}
                      <Text span size="xs" c="dimmed" display="block" fw={400}>
                        {boxExplanations[row.box].title}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      {formatBoxAmount(row.box, row.currentPence, language)}
                    </Table.Td>
                    {found.map(([which, period]) => {
                      const earlier = period.boxes[index];
                      if (!earlier) return <Table.Td key={which} />;
                      return (
                        <Table.Td key={which} ta="end" style={{ whiteSpace: 'nowrap' }}>
                          {formatBoxAmount(earlier.box, earlier.earlierPence, language)}
                          {earlier.farApart && (
                            <Badge
                              ml={6}
                              size="sm"
                              color="orange"
                              variant="light"
                              style={{ textTransform: 'none' }}
                              data-testid={`far-apart-${which}-${earlier.box}`}
                            >
                              {t('vatReturns:checks.farApart')}
                            </Badge>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Text size="xs" c="dimmed">
            {found
              .map(([which, period]) =>
                t('vatReturns:checks.source', {
                  period: t(`vatReturns:checks.${which}`),
                  source: t(`vatReturns:checks.sources.${period.source}`),
                }),
              )
              .join(' ')}
            {comparison.hmrcUnavailable && ` ${t('vatReturns:checks.hmrcUnavailable')}`}
          </Text>
        </>
      )}
    </Stack>
  );
}
