import { Anchor, Badge, EmptyState, Group, Table } from '@mantine/core';
import type { ReturnDraft } from '@vatwise/domain';
import { IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format';
import { formatPeriod } from '../common/periods';
import { reviewColour } from '../review/ReviewPanel';
import { StatusBadge } from '../common/StatusBadge';
import { StackedCell, StackedTable } from '../../../shared/ui/StackedTable';

/** Every return of the business, newest period first, with its receipt or the way back into it. */
export function SubmissionHistory({ returns }: { returns: readonly ReturnDraft[] }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const idPrefix = useId();
  if (returns.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<IconHistory size={24} />}
        title={t('vatReturns:history.empty')}
        data-testid="history-empty"
        py="lg"
      />
    );
  }
  return (
    <StackedTable minWidth={640}>
      <Table verticalSpacing="sm" aria-label={t('vatReturns:history.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('vatReturns:columns.period')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.status')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.submitted')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.formBundle')}</Table.Th>
            <Table.Th scope="col">{t('vatReturns:columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {returns.map((draft) => {
            const periodId = `${idPrefix}-${draft.id}`;
            return (
              <Table.Tr key={draft.id} data-testid="history-row">
                <StackedCell id={periodId} label={t('vatReturns:columns.period')} part="title">
                  {formatPeriod(draft.periodStart, draft.periodEnd, language)}
                </StackedCell>
                <StackedCell label={t('vatReturns:columns.status')} part="status">
                  <Group gap={6}>
                    <StatusBadge status={draft.status} />
                    {/* Where an open return stands in the practice's review, once anyone has started one. */}
                    {(draft.status === 'draft' || draft.status === 'failed') && draft.review.state !== 'draft' && (
                      <Badge variant="outline" color={reviewColour[draft.review.state]} data-testid="history-review">
                        {t(`vatReturns:review.states.${draft.review.state}`)}
                      </Badge>
                    )}
                  </Group>
                </StackedCell>
                <StackedCell label={t('vatReturns:columns.submitted')}>
                  {formatDateTime(draft.receipt?.submittedAt, language)}
                </StackedCell>
                <StackedCell ff="monospace" label={t('vatReturns:columns.formBundle')}>
                  {draft.receipt?.formBundleNumber ?? '—'}
                </StackedCell>
                <StackedCell label={t('vatReturns:columns.actions')} part="action">
                  {draft.status === 'submitted' ? (
                    <Anchor
                      component={Link}
                      to={`/app/vat-submissions/${draft.id}/receipt`}
                      aria-describedby={periodId}
                    >
                      {t('vatReturns:history.receipt')}
                    </Anchor>
                  ) : (
                    <Anchor component={Link} to={`/app/vat-submissions/${draft.id}`} aria-describedby={periodId}>
                      {draft.status === 'draft' || draft.status === 'failed'
                        ? t('vatReturns:history.continue')
                        : t('vatReturns:history.view')}
                    </Anchor>
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
