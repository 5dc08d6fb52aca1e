import { Anchor, Badge, EmptyState, Group, Table } from '@mantine/core';
import type { ReturnDraft } from '@vatwise/domain';
import { IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format';
import { formatPeriod } from '../periods';
import { reviewColour } from './ReviewPanel';
import { StatusBadge } from './StatusBadge';
import { TableScroll } from '../../../shared/ui/TableScroll';

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
    <TableScroll minWidth={640}>
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
                <Table.Td id={periodId}>{formatPeriod(draft.periodStart, draft.periodEnd, language)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <StatusBadge status={draft.status} />
                    {/* Where an open return stands in the practice's review, once anyone has started one. */}
                    {(draft.status === 'draft' || draft.status === 'failed') && draft.review.state !== 'draft' && (
                      <Badge variant="outline" color={reviewColour[draft.review.state]} data-testid="history-review">
                        {t(`vatReturns:review.states.${draft.review.state}`)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(draft.receipt?.submittedAt, language)}</Table.Td>
                <Table.Td ff="monospace">{draft.receipt?.formBundleNumber ?? '—'}</Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
