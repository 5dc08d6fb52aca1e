import { Button, List, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type PartialExemptionInput,
  type ReturnDraft,
  partialExemption,
  partialExemptionAnnualAdjustment,
  periodLength,
} from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, localeOf } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { parsePounds } from '../common/money-input';
import { notifyFailure } from '../common/query-error';
import { MoneyInput } from '../../../shared/ui/form';

const fields = [
  'taxableSuppliesPence',
  'exemptSuppliesPence',
  'directTaxablePence',
  'directExemptPence',
  'residualPence',
] as const;
type Field = (typeof fields)[number];

/** Whole months the period covers, for "£625 a month on average"; at least one. */
function monthsOf(start: string, end: string): number {
  const length = periodLength(start, end);
  return typeof length === 'number' ? length : Math.max(1, Math.round((length.days * 12) / 365));
}

/**
 * The partial exemption worksheet, standard method (VAT Notice 706): the period's supplies and its
 * input tax split three ways give the recovery percentage, the de minimis tests and the input tax
 * that may not be reclaimed, which the user can add as an adjustment record reducing box 4. The
 * figures entered are kept only while the page is open; the adjustment is a record like any other.
 * Its second mode is the annual adjustment (N706 section 12): the same figures for the partial
 * exemption year, against the input tax the year's returns recovered, give what to claim or repay.
 */
export function PartialExemptionPanel({
  draft,
  editable,
}: {
  draft: Pick<ReturnDraft, 'vrn' | 'periodStart' | 'periodEnd'>;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  const signedMoney = (pence: number) => (pence > 0 ? `+${money(pence)}` : money(pence));
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(fields.map((field) => [field, ''])) as Record<Field, string>,
  );
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const [mode, setMode] = useState<'period' | 'year'>('period');
  const [recoveredText, setRecoveredText] = useState('');

  const parsed = Object.fromEntries(
    fields.map((field) => [field, values[field].trim() === '' ? 0 : parsePounds(values[field])]),
  ) as Record<Field, number | null>;
  const bad = fields.filter((field) => parsed[field] === null || (parsed[field] ?? 0) < 0);
  const recovered = recoveredText.trim() === '' ? 0 : parsePounds(recoveredText);
  const recoveredBad = mode === 'year' && (recovered === null || recovered < 0);
  const months = mode === 'year' ? 12 : monthsOf(draft.periodStart, draft.periodEnd);
  const input: PartialExemptionInput | null =
    bad.length === 0 ? ({ months, ...parsed } as PartialExemptionInput) : null;
  const annual =
    mode === 'year' && input && !recoveredBad ? partialExemptionAnnualAdjustment(input, recovered ?? 0) : null;
  const working = annual ? annual.year : input && mode === 'period' ? partialExemption(input) : null;
  const percent =
    working === null || working.recoveryBasisPoints === null
      ? null
      : new Intl.NumberFormat(localeOf(language), {
          maximumFractionDigits: 2,
        }).format(working.recoveryBasisPoints / 100);

  async function addAdjustment() {
    if (!working) return;
    const amountPence = annual ? annual.adjustmentPence : -working.irrecoverablePence;
    if (amountPence === 0) return;
    try {
      await addRecord({
        vrn: draft.vrn,
        input: {
          kind: 'adjustment',
          date: draft.periodEnd,
          description: t(
            annual
              ? 'vatReturns:partialExemption.annualRecordDescription'
              : 'vatReturns:partialExemption.recordDescription',
          ),
          box: 4,
          amountPence,
          adjustmentType: 'other',
          reason: annual
            ? t('vatReturns:partialExemption.annualRecordReason', {
                percent: percent ?? '—',
                recoverable: money(working.recoverablePence),
                recovered: money(recovered ?? 0),
              })
            : t('vatReturns:partialExemption.recordReason', {
                percent: percent ?? '—',
                amount: money(working.irrecoverablePence),
              }),
        },
      }).unwrap();
      notify({ type: 'success', message: t('vatReturns:partialExemption.added') });
    } catch (caught) {
      notifyFailure(t('vatReturns:partialExemption.addFailed'), caught, t);
    }
  }

  const testLine = (passed: boolean, key: string) =>
    `${t(`vatReturns:partialExemption.tests.${key}`)}: ${t(passed ? 'vatReturns:yes' : 'vatReturns:no')}`;

  return (
    <Stack gap="sm" data-testid="partial-exemption">
      <SegmentedControl
        aria-label={t('vatReturns:partialExemption.mode')}
        value={mode}
        onChange={(value) => setMode(value === 'year' ? 'year' : 'period')}
        data={[
          { value: 'period', label: t('vatReturns:partialExemption.modePeriod') },
          { value: 'year', label: t('vatReturns:partialExemption.modeYear') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'year' && (
        <Text size="sm" c="dimmed">
          {t('vatReturns:partialExemption.yearIntro')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((field) => (
          <MoneyInput
            key={field}
            label={t(`vatReturns:partialExemption.fields.${field}`)}
            value={values[field]}
            disabled={!editable}
            onChange={(text) => setValues((current) => ({ ...current, [field]: text }))}
            error={bad.includes(field) ? t('vatReturns:partialExemption.badAmount') : undefined}
          />
        ))}
        {mode === 'year' && (
          <MoneyInput
            label={t('vatReturns:partialExemption.recovered')}
            value={recoveredText}
            disabled={!editable}
            onChange={(value) => setRecoveredText(value)}
            error={recoveredBad ? t('vatReturns:partialExemption.badAmount') : undefined}
          />
        )}
      </SimpleGrid>
      {working && (
        <Stack gap="xs" data-testid="partial-exemption-working" aria-live="polite">
          <Text>
            {percent === null
              ? t('vatReturns:partialExemption.noSupplies')
              : t('vatReturns:partialExemption.percent', { percent })}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{testLine(working.deMinimis.test1, 'test1')}</List.Item>
            <List.Item>{testLine(working.deMinimis.test2, 'test2')}</List.Item>
            <List.Item>{testLine(working.deMinimis.standard, 'standard')}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('vatReturns:partialExemption.limit', { limit: money(working.deMinimis.limitPence) })}
          </Text>
          <Text fw={500} data-testid="irrecoverable">
            {working.deMinimisMet
              ? t('vatReturns:partialExemption.allRecoverable', { amount: money(working.totalInputTaxPence) })
              : t('vatReturns:partialExemption.irrecoverable', {
                  amount: money(working.irrecoverablePence),
                  recoverable: money(working.recoverablePence),
                })}
          </Text>
          {annual && (
            <Text fw={500} data-testid="annual-adjustment">
              {annual.adjustmentPence === 0
                ? t('vatReturns:partialExemption.annualNone')
                : t(
                    annual.adjustmentPence > 0
                      ? 'vatReturns:partialExemption.annualClaim'
                      : 'vatReturns:partialExemption.annualRepay',
                    { amount: money(Math.abs(annual.adjustmentPence)) },
                  )}
            </Text>
          )}
          {editable && !annual && working.irrecoverablePence > 0 && (
            <Button
              variant="light"
              onClick={() => void addAdjustment()}
              loading={adding.isLoading}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('vatReturns:partialExemption.addAdjustment', { amount: money(working.irrecoverablePence) })}
            </Button>
          )}
          {editable && annual && annual.adjustmentPence !== 0 && (
            <Button
              variant="light"
              onClick={() => void addAdjustment()}
              loading={adding.isLoading}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('vatReturns:partialExemption.addAnnual', { amount: signedMoney(annual.adjustmentPence) })}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
