import { Badge, Button, EmptyState, Table, VisuallyHidden } from '@mantine/core';
import type { Obligation, ReturnDraft } from '@vatwise/domain';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { formatDate } from '../../../shared/format/format';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { formatVrn } from '../../../shared/format/vrn';
import { vatApi } from '../../vat-operations';
import { vatReturnsApi } from '../api';
import { asQueryError } from '../common/query-error';
import { formatPeriod, isOverdue, mergeOpenObligations, openPeriodRanges } from '../common/periods';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { StackedCell, StackedTable } from '../../../shared/ui/StackedTable';

interface OpenPeriodsProps {
  vrn: string;
  today: string;
  /** The returns already started, by period key. */
  started: Map<string, ReturnDraft>;
}

/** The periods HMRC is waiting for a return for, each with the button that starts (or continues) it. */
export function OpenPeriods({ vrn, today, started }: OpenPeriodsProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const navigate = useNavigate();
  const idPrefix = useId();
  const [recent, older] = openPeriodRanges(today);
  const recentQuery = vatApi.useObligationsQuery({ vrn, ...recent, status: 'Open' });
  const olderQuery = vatApi.useObligationsQuery({ vrn, ...older, status: 'Open' });
  const [initiate] = vatReturnsApi.useInitiateReturnMutation();
  const [starting, setStarting] = useState<string | null>(null);

  const failed = recentQuery.isError ? recentQuery : olderQuery.isError ? olderQuery : undefined;
  if (failed) {
    return (
      <ErrorState
        error={failed.error}
        testId="open-periods-error"
        onRetry={() => {
          void recentQuery.refetch();
          void olderQuery.refetch();
        }}
      />
    );
  }
  if (!recentQuery.currentData || !olderQuery.currentData) {
    return <LoadingState label={t('vatReturns:open.loading')} />;
  }
  const periods = mergeOpenObligations(recentQuery.currentData, olderQuery.currentData);
  if (periods.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<IconCalendarCheck size={24} />}
        title={t('vatReturns:open.empty')}
        data-testid="open-periods-empty"
        py="lg"
      />
    );
  }

  async function start(obligation: Obligation) {
    // One start at a time: a second click while HMRC is asked would only start the same return.
    if (starting) return;
    const period = formatPeriod(obligation.start, obligation.end, language);
    setStarting(obligation.periodKey);
    try {
      const draft = await initiate({ vrn, periodKey: obligation.periodKey }).unwrap();
      vatDialogueLog.append('info', t('vatReturns:log.started', { period, vrn: formatVrn(vrn) }));
      void navigate(`/app/vat-submissions/${draft.id}`);
    } catch (error) {
      const message = describeError(asQueryError(error), t);
      vatDialogueLog.append('error', t('vatReturns:log.startFailed', { period, vrn: formatVrn(vrn), message }));
      notify({ type: 'error', title: t('vatReturns:open.startFailed'), message });
      setStarting(null);
    }
  }

  return (
    <StackedTable minWidth={560}>
      <Table verticalSpacing="sm" aria-label={t('vatReturns:open.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('vatReturns:columns.period')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.due')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.status')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('vatReturns:columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((obligation) => {
            const overdue = isOverdue(obligation.due, today);
            const existing = started.get(obligation.periodKey);
            const periodId = `${idPrefix}-${obligation.start}-${obligation.end}`;
            return (
              <Table.Tr key={`${obligation.start}-${obligation.end}`} data-testid="open-period">
                <StackedCell id={periodId} label={t('vatReturns:columns.period')} part="title">
                  {formatPeriod(obligation.start, obligation.end, language)}
                </StackedCell>
                <StackedCell label={t('vatReturns:columns.due')}>{formatDate(obligation.due, language)}</StackedCell>
                <StackedCell label={t('vatReturns:columns.status')} part="status">
                  {overdue ? (
                    <Badge color="red" variant="filled">
                      {t('vatReturns:open.overdue')}
                    </Badge>
                  ) : (
                    <Badge color="blue" variant="light">
                      {t('vatReturns:open.open')}
                    </Badge>
                  )}
                </StackedCell>
                <StackedCell ta="end" label={t('vatReturns:columns.actions')} part="action">
                  {existing?.status === 'submitted' ? (
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={`/app/vat-submissions/${existing.id}/receipt`}
                      aria-describedby={periodId}
                    >
                      {t('vatReturns:open.viewReceipt')}
                    </Button>
                  ) : existing ? (
                    <Button
                      size="xs"
                      component={Link}
                      to={`/app/vat-submissions/${existing.id}`}
                      aria-describedby={periodId}
                    >
                      {t('vatReturns:open.continue')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      onClick={() => void start(obligation)}
                      loading={starting === obligation.periodKey}
                      disabled={starting !== null && starting !== obligation.periodKey}
                      aria-describedby={periodId}
                    >
                      {t('vatReturns:open.start')}
                    </Button>
                  )}
                </StackedCell>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}
