import { Modal, Stack, Table, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { boxNumbers, hmrcBoxFieldOrder, type Obligation } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatBoxAmount, formatDate } from '../../../shared/format/format';
import { vatApi } from '../api';
import { formatPeriod } from '../date-range';
import { QueryContent } from './QueryStates';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** The nine boxes in the order, and with the numbers, of the VAT return form. */
const boxes = hmrcBoxFieldOrder;

interface ReturnViewModalProps {
  vrn: string;
  /** The fulfilled obligation whose return is shown; kept while the modal closes so its title stays. */
  obligation: Obligation | null;
  opened: boolean;
  onClose: () => void;
}

/** The return submitted for a fulfilled obligation, as HMRC holds it. */
export function ReturnViewModal({ vrn, obligation, opened, onClose }: ReturnViewModalProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const query = vatApi.useReturnViewQuery(obligation ? { vrn, periodKey: obligation.periodKey } : skipToken);
  const period = obligation ? formatPeriod(obligation.start, obligation.end, language) : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('vatOperations:returnView.title', { period })}
      closeButtonProps={{ 'aria-label': t('vatOperations:returnView.close') }}
    >
      <Stack gap="md" data-testid="return-view">
        {obligation?.received && (
          <Text size="sm" c="dimmed">
            {t('vatOperations:returnView.received', { date: formatDate(obligation.received, language) })}
          </Text>
        )}
        <QueryContent query={query} loadingLabel={t('vatOperations:returnView.loading')}>
          {(vatReturn) => (
            <TableScroll minWidth={420}>
              <Table verticalSpacing="xs" aria-label={t('vatOperations:returnView.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('vatOperations:returnView.columns.box')}</Table.Th>
                    <Table.Th scope="col">{t('vatOperations:returnView.columns.description')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('vatOperations:returnView.columns.amount')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {boxes.map((box, index) => (
                    <Table.Tr key={box} data-testid={`return-box-${index + 1}`}>
                      <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {t('vatOperations:returnView.boxNumber', { number: index + 1 })}
                      </Table.Th>
                      <Table.Td>{t(`vatOperations:returnView.boxes.${box}`)}</Table.Td>
                      <Table.Td ta="end" fw={box === 'netVatDue' ? 700 : undefined}>
                        {formatBoxAmount(boxNumbers[index] ?? 1, vatReturn.boxes[box], language)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </QueryContent>
      </Stack>
    </Modal>
  );
}
