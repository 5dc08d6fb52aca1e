import { SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { TableScroll } from '../../../shared/ui/TableScroll';
import {
  type InstalmentPlan,
  type ReturnDraft,
  annualInstalments,
  balancingPayment,
  instalmentPlans,
} from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { parsePounds, penceToInput } from '../common/money-input';
import { MoneyInput } from '../../../shared/ui/form';

/**
 * The Annual Accounting Scheme for a year's return (VAT Notice 732): the instalments due from the
 * previous year's liability the user enters, and the balancing payment or repayment with this
 * return. The figures entered are kept only while the page is open: nothing here changes the return.
 */
export function AnnualAccountingPanel({
  draft,
}: {
  draft: Pick<ReturnDraft, 'periodStart' | 'periodEnd' | 'computed'>;
}) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  const [plan, setPlan] = useState<InstalmentPlan>('monthly');
  const [basis, setBasis] = useState('');
  const [paid, setPaid] = useState('');

  const basisPence = basis.trim() === '' ? null : parsePounds(basis);
  const instalments = basisPence === null ? [] : annualInstalments({ yearStart: draft.periodStart, basisPence, plan });
  const scheduledPence = instalments.reduce((sum, instalment) => sum + instalment.amountPence, 0);
  const paidPence = paid.trim() === '' ? scheduledPence : parsePounds(paid);
  const boxes = draft.computed?.boxes;
  const yearNetVatPence = boxes ? boxes.box3 - boxes.box4 : null;
  const balance =
    yearNetVatPence !== null && paidPence !== null && paidPence >= 0
      ? balancingPayment({
          yearStart: draft.periodStart,
          yearEnd: draft.periodEnd,
          yearNetVatPence,
          instalmentsPaidPence: paidPence,
        })
      : null;

  return (
    <Stack gap="sm" data-testid="annual-accounting">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput
          label={t('vatReturns:annualAccounting.basis')}
          description={t('vatReturns:annualAccounting.basisHint')}
          value={basis}
          onChange={(value) => setBasis(value)}
          error={basis.trim() !== '' && basisPence === null ? t('vatReturns:annualAccounting.badAmount') : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="instalment-plan-label">
            {t('vatReturns:annualAccounting.plan')}
          </Text>
          <SegmentedControl
            aria-labelledby="instalment-plan-label"
            value={plan}
            onChange={(value) => setPlan(instalmentPlans.find((item) => item === value) ?? 'monthly')}
            data={instalmentPlans.map((item) => ({
              value: item,
              label: t(`vatReturns:annualAccounting.plans.${item}`),
            }))}
          />
        </Stack>
      </SimpleGrid>
      {instalments.length > 0 && (
        <TableScroll minWidth={280}>
          <Table data-testid="instalments">
            <Table.Caption>{t('vatReturns:annualAccounting.schedule')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vatReturns:annualAccounting.instalment')}</Table.Th>
                <Table.Th>{t('vatReturns:annualAccounting.dueOn')}</Table.Th>
                <Table.Th ta="right">{t('vatReturns:annualAccounting.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instalments.map((instalment) => (
                <Table.Tr key={instalment.number}>
                  <Table.Td>{instalment.number}</Table.Td>
                  <Table.Td>{formatDate(instalment.dueOn, language)}</Table.Td>
                  <Table.Td ta="right">{money(instalment.amountPence)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <MoneyInput
        label={t('vatReturns:annualAccounting.paid')}
        description={t('vatReturns:annualAccounting.paidHint')}
        placeholder={instalments.length > 0 ? penceToInput(scheduledPence) : undefined}
        value={paid}
        onChange={(value) => setPaid(value)}
        error={
          paid.trim() !== '' && (paidPence === null || paidPence < 0)
            ? t('vatReturns:annualAccounting.badAmount')
            : undefined
        }
        maw={360}
      />
      {yearNetVatPence === null ? (
        <Text size="sm" c="dimmed">
          {t('vatReturns:annualAccounting.noFigures')}
        </Text>
      ) : (
        balance && (
          <Text data-testid="balancing-payment" fw={500} aria-live="polite">
            {balance.amountPence >= 0
              ? t('vatReturns:annualAccounting.toPay', {
                  amount: money(balance.amountPence),
                  yearVat: money(yearNetVatPence),
                  date: formatDate(balance.dueOn, language),
                })
              : t('vatReturns:annualAccounting.toRepay', {
                  amount: money(-balance.amountPence),
                  yearVat: money(yearNetVatPence),
                  date: formatDate(balance.dueOn, language),
                })}
          </Text>
        )
      )}
    </Stack>
  );
}
