import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { FinancialDetails, Penalty } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { vatApi } from '../api';
import { formatPeriod } from '../date-range';
import { QueryContent } from './QueryStates';
import { TableScroll } from '../../../shared/ui/TableScroll';

const totalFields = ['overduePence', 'notYetDuePence', 'balancePence', 'creditPence', 'clearedPence'] as const;

function DetailsBody({ details }: { details: FinancialDetails }) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const lines = details.documents.flatMap((document) => document.lines);
  const totals = details.totals;
  return (
    <Stack gap="sm" data-testid="financial-details">
      {totals && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
          {totalFields
            .filter((field) => totals[field] !== null)
            .map((field) => (
              <div key={field}>
                <Text size="xs" c="dimmed">
                  {t(`vatOperations:financial.totals.${field}`)}
                </Text>
                <Text fw={600}>{formatMoney(totals[field], language)}</Text>
              </div>
            ))}
        </SimpleGrid>
      )}
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vatOperations:financial.noLines')}
        </Text>
      ) : (
        <TableScroll minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('vatOperations:financial.linesLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('vatOperations:financial.columns.description')}</Table.Th>
                <Table.Th scope="col">{t('vatOperations:financial.columns.period')}</Table.Th>
                <Table.Th scope="col">{t('vatOperations:financial.columns.due')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('vatOperations:financial.columns.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index} data-testid="financial-line">
                  <Table.Td>{line.description || '—'}</Table.Td>
                  <Table.Td>{line.from && line.to ? formatPeriod(line.from, line.to, language) : '—'}</Table.Td>
                  <Table.Td>{formatDate(line.dueOn, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(line.amountPence, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

function ChargeDetails({ vrn, chargeReference }: { vrn: string; chargeReference: string }) {
  const { t } = useTranslation(['common', 'vatOperations']);
  // No test scenario: HMRC's financial details know only their default, whatever the penalties scenario.
  const query = vatApi.useFinancialDetailsQuery({ vrn, chargeReference });
  return (
    <QueryContent query={query} loadingLabel={t('vatOperations:financial.loading', { reference: chargeReference })}>
      {(details) => <DetailsBody details={details} />}
    </QueryContent>
  );
}

/** One penalty's charge as HMRC's accounts hold it, or why there is none yet. */
export function FinancialDetailsBlock({ vrn, penalty }: { vrn: string; penalty: Penalty }) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const period = penalty.taxPeriod
    ? formatPeriod(penalty.taxPeriod.from, penalty.taxPeriod.to, i18n.language)
    : t('vatOperations:penalties.noPeriod');
  return (
    <Paper withBorder p="md" component="section" aria-label={t('vatOperations:financial.sectionLabel', { period })}>
      <Stack gap="xs">
        <Text fw={600}>
          {t(`vatOperations:penalties.kinds.${penalty.kind}`)} · {period}
        </Text>
        {penalty.chargeReference ? (
          <>
            <Text size="sm" c="dimmed">
              {t('vatOperations:financial.chargeReference', { reference: penalty.chargeReference })}
            </Text>
            <ChargeDetails vrn={vrn} chargeReference={penalty.chargeReference} />
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="financial-details-no-charge">
            {t('vatOperations:financial.noCharge')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
