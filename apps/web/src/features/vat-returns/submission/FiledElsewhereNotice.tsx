import { Alert, List, Stack, Table, Text } from '@mantine/core';
import { type FiledElsewhere, boxExplanations, boxKey, boxNumbers } from '@vatwise/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/format/format';
import { TableScroll } from '../../../shared/ui/TableScroll';

/**
 * A period HMRC already holds a return for, with other figures than ours (another program filed
 * it): HMRC's figures beside the ones VAT Wise would have sent, box by box, and what to do next.
 * Nothing here claims ours was filed; the draft and its records stay as they were.
 */
export function FiledElsewhereNotice({ found }: { found: FiledElsewhere }) {
  const { t, i18n } = useTranslation(['vatReturns']);
  const language = i18n.language;
  const netVatDifference = found.ourBoxes.box5 - found.hmrcBoxes.box5;
  return (
    <Alert
      color="orange"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={t('vatReturns:filedElsewhere.title')}
      data-testid="filed-elsewhere-notice"
    >
      <Stack gap="sm">
        <Text size="sm">{t('vatReturns:filedElsewhere.body', { at: formatDateTime(found.foundAt, language) })}</Text>
        <TableScroll minWidth={480}>
          <Table verticalSpacing={4} aria-label={t('vatReturns:filedElsewhere.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vatReturns:filedElsewhere.box')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:filedElsewhere.hmrc')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:filedElsewhere.ours')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:filedElsewhere.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {boxNumbers.map((box) => {
                const hmrc = found.hmrcBoxes[boxKey(box)];
                const ours = found.ourBoxes[boxKey(box)];
                const differs = hmrc !== ours;
                return (
                  <Table.Tr key={box} data-testid={`elsewhere-box-${box}`} data-differs={differs}>
                    <Table.Th scope="row" fw={differs ? 700 : 400}>
                      {t('vatReturns:boxes.boxNumber', { box })} {boxExplanations[box].title}
                    </Table.Th>
                    <Table.Td ta="end">{formatMoney(hmrc, language)}</Table.Td>
                    <Table.Td ta="end">{formatMoney(ours, language)}</Table.Td>
                    <Table.Td ta="end" fw={differs ? 700 : 400}>
                      {differs ? formatMoney(ours - hmrc, language) : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Text size="sm" fw={600}>
          {t('vatReturns:filedElsewhere.nextTitle')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('vatReturns:filedElsewhere.ifHmrcRight')}</List.Item>
          <List.Item>
            {t('vatReturns:filedElsewhere.ifOursRight', {
              difference: formatMoney(netVatDifference, language),
            })}
          </List.Item>
          <List.Item>{t('vatReturns:filedElsewhere.kept')}</List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
