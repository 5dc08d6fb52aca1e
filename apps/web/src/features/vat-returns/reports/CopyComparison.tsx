import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { type Receipt, boxExplanations } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { vatApi } from '../../vat-operations';
import { compareCopies } from './receipt';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** The figures we sent beside the return HMRC holds for the period, with any difference marked. */
export function CopyComparison({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const query = vatApi.useReturnViewQuery({ vrn: receipt.vrn, periodKey: receipt.periodKey });
  const rows = compareCopies(receipt.boxes, query.data?.boxes);
  const differences = rows.filter((row) => row.differs).length;

  return (
    <Stack gap="sm">
      {query.isError && (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="hmrc-copy-error" />
      )}
      {query.isFetching && !query.data && <LoadingState label={t('vatReturns:compare.loading')} />}
      {query.data &&
        (differences === 0 ? (
          <Alert color="green" data-testid="copies-match">
            {t('vatReturns:compare.match')}
          </Alert>
        ) : (
          <Alert color="red" role="alert" data-testid="copies-differ">
            {t('vatReturns:compare.differ', { count: differences })}
          </Alert>
        ))}
      <TableScroll minWidth={560}>
        <Table verticalSpacing={4} aria-label={t('vatReturns:compare.title')} data-testid="copy-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('vatReturns:compare.box')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:compare.ours')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:compare.theirs')}
              </Table.Th>
              <Table.Th scope="col">{t('vatReturns:compare.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.box}
                bg={row.differs ? 'var(--mantine-color-red-light)' : undefined}
                data-differs={row.differs || undefined}
              >
                <Table.Th scope="row" fw={500}>
                  {t('vatReturns:boxes.boxNumber', { box: row.box })} · {boxExplanations[row.box].title}
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.ours, language)}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.theirs, language)}
                </Table.Td>
                <Table.Td>
                  {row.differs ? (
                    <Badge color="red" variant="filled">
                      {t('vatReturns:compare.different')}
                    </Badge>
                  ) : row.theirs !== undefined ? (
                    <Text size="sm" c="green">
                      {t('vatReturns:compare.same')}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
