import { Alert, Stack, Table, Text } from '@mantine/core';
import type { ImportPreview } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { TableScroll } from '../../../shared/ui/TableScroll';
import { rateOrBoxLabel } from '../records/record-labels';
import { recordAmounts } from '../records/records';

/** Rows shown in the preview: enough to check the columns were read right. */
const previewRows = 50;

/** The problems found in the file (the first of them when there are many): row, column and what is wrong. */
export function ImportProblems({
  problems,
  problemCount,
}: {
  problems: ImportPreview['problems'];
  problemCount: number;
}) {
  const { t } = useTranslation(['common', 'vatReturns']);
  return (
    <Alert
      color="red"
      title={t('vatReturns:import.problemsTitle', { count: problemCount })}
      data-testid="import-problems"
    >
      <TableScroll minWidth={420} mah={240}>
        <Table verticalSpacing={4} fz="sm" aria-label={t('vatReturns:import.problemsTitle', { count: problemCount })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('vatReturns:import.row')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:import.column')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:import.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((problem, index) => (
              <Table.Tr key={index}>
                <Table.Td>{problem.row ?? t('vatReturns:import.wholeFile')}</Table.Td>
                <Table.Td>{problem.column ?? '—'}</Table.Td>
                <Table.Td>{problem.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {problemCount > problems.length && (
        <Text size="xs" mt={4}>
          {t('vatReturns:import.firstProblems', { shown: problems.length, count: problemCount })}
        </Text>
      )}
    </Alert>
  );
}

/** The first rows read from the file, as the records they would become. */
export function ImportRows({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const records = preview.records;
  const recordCount = preview.recordCount;
  // Records carry a payment date only when a column was chosen for it.
  const showPaidOn = records.some((record) => 'paidOn' in record);
  return (
    <Stack gap={4}>
      <TableScroll minWidth={showPaidOn ? 840 : 720} mah={320}>
        <Table verticalSpacing={4} fz="sm" striped aria-label={t('vatReturns:import.rowsLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('vatReturns:import.row')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.date')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.description')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.type')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.rateOrBox')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:columns.net')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:columns.vat')}
              </Table.Th>
              {showPaidOn && <Table.Th scope="col">{t('vatReturns:columns.paidOn')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.slice(0, previewRows).map((record, index) => {
              const { netPence, vatPence } = recordAmounts(record);
              return (
                <Table.Tr key={index}>
                  <Table.Td>{preview.rows[index] ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.date, language)}</Table.Td>
                  <Table.Td>{record.description}</Table.Td>
                  <Table.Td>{t(`vatReturns:kinds.${record.kind}`)}</Table.Td>
                  <Table.Td>{rateOrBoxLabel(record, t)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(netPence, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(vatPence, language)}</Table.Td>
                  {showPaidOn && (
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {'paidOn' in record && record.paidOn
                        ? formatDate(record.paidOn, language)
                        : t('vatReturns:recordForm.notPaid')}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {recordCount > Math.min(records.length, previewRows) && (
        <Text size="xs" c="dimmed">
          {t('vatReturns:import.firstRows', {
            shown: Math.min(records.length, previewRows),
            count: recordCount,
          })}
        </Text>
      )}
    </Stack>
  );
}
