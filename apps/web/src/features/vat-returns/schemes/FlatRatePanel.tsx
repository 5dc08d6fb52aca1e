import { Button, Group, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { type FlatRateWorking, type ReturnDraft, flatRateSector, limitedCostRateTenths } from '@vatwise/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import {
  type FlatRateError,
  type FlatRateValues,
  buildFlatRate,
  flatRateChanged,
  flatRateValues,
  sectorOptions,
} from './flat-rate-form';
import { formatRateTenths } from '../common/money-input';
import { type BoundForm, DateInputField, PercentField } from '../../../shared/ui/form';
import { formatPeriod } from '../common/periods';
import { notifyFailure } from '../common/query-error';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** The flat rate scheme settings of this return, and how box 1 was worked out under them. */
export function FlatRatePanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const [values, setValues] = useState<FlatRateValues>(() => flatRateValues(draft.flatRate));
  const [errors, setErrors] = useState<FlatRateError[]>([]);
  const [update, updating] = vatReturnsApi.useUpdateFlatRateMutation();
  const options = useMemo(() => sectorOptions(language), [language]);
  const changed = flatRateChanged(values, draft.flatRate);

  const set = (next: Partial<FlatRateValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors([]);
  };
  const error = (field: FlatRateError) =>
    errors.includes(field) ? t(`vatReturns:flatRate.errors.${field}`) : undefined;
  // The fields below are bound to these values; any change clears every error, as the form is checked whole.
  const form: BoundForm<FlatRateValues> = {
    values,
    set: (field, value) => {
      const patch: Partial<FlatRateValues> = {};
      patch[field] = value;
      set(patch);
    },
    errorOf: (field) => (field === 'enabled' ? undefined : error(field)),
  };

  async function save() {
    const built = buildFlatRate(values);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      await update({ id: draft.id, flatRate: built.settings }).unwrap();
      notify({ type: 'success', message: t('vatReturns:flatRate.saved') });
    } catch (caught) {
      notifyFailure(t('vatReturns:flatRate.saveFailed'), caught, t);
    }
  }

  return (
    <Stack gap="sm" data-testid="flat-rate">
      <Switch
        label={t('vatReturns:flatRate.switch')}
        description={t('vatReturns:flatRate.switchHint')}
        checked={values.enabled}
        disabled={!editable}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      {values.enabled && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('vatReturns:flatRate.sector')}
            searchable
            data={options}
            value={values.sector || null}
            placeholder={t('vatReturns:flatRate.sectorPlaceholder')}
            disabled={!editable}
            nothingFoundMessage={t('vatReturns:flatRate.noSector')}
            allowDeselect={false}
            onChange={(code) => {
              const sector = code ? flatRateSector(code) : undefined;
              if (sector) set({ sector: sector.code, rate: formatRateTenths(sector.rateTenths).replace('%', '') });
            }}
            error={error('sector')}
          />
          <PercentField
            form={form}
            name="rate"
            label={t('vatReturns:flatRate.rate')}
            description={t('vatReturns:flatRate.rateHint')}
            disabled={!editable}
          />
          <DateInputField
            form={form}
            name="firstYearUntil"
            label={t('vatReturns:flatRate.firstYearUntil')}
            description={t('vatReturns:flatRate.firstYearHint')}
            disabled={!editable}
          />
          <Text size="sm" c="dimmed" mt="md" data-testid="limited-cost-rule">
            {t('vatReturns:flatRate.limitedCostRule', {
              rate: formatRateTenths(limitedCostRateTenths, language),
            })}
          </Text>
        </SimpleGrid>
      )}
      {editable && (
        <Group gap="xs">
          <Button onClick={() => void save()} disabled={!changed} loading={updating.isLoading}>
            {t('vatReturns:flatRate.save')}
          </Button>
          {changed && (
            <Button variant="subtle" onClick={() => setValues(flatRateValues(draft.flatRate))}>
              {t('vatReturns:flatRate.undoChanges')}
            </Button>
          )}
        </Group>
      )}
      {changed && editable && (
        <Text size="xs" c="dimmed">
          {t('vatReturns:flatRate.unsaved')}
        </Text>
      )}
      {draft.computed?.flatRate && <FlatRateWorkingTable working={draft.computed.flatRate} />}
    </Stack>
  );
}

function FlatRateWorkingTable({ working }: { working: FlatRateWorking }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  const rows: [string, string][] = [
    [t('vatReturns:flatRate.working.turnover'), money(working.turnoverIncVatPence)],
    [t('vatReturns:flatRate.working.relevantGoods'), money(working.relevantGoodsIncVatPence)],
    [t('vatReturns:flatRate.working.specifiedAmount'), money(working.specifiedAmountPence)],
    [t('vatReturns:flatRate.working.limitedCost'), t(working.limitedCost ? 'vatReturns:yes' : 'vatReturns:no')],
    ...working.parts.map((part): [string, string] => [
      t('vatReturns:flatRate.working.part', {
        period: formatPeriod(part.from, part.to, language),
        rate: formatRateTenths(part.rateTenths, language),
      }),
      money(part.turnoverIncVatPence),
    ]),
    [t('vatReturns:flatRate.working.flatRateVat'), money(working.flatRateVatPence)],
    [t('vatReturns:flatRate.working.outsideScheme'), money(working.outsideSchemeVatPence)],
  ];
  return (
    <Stack gap="xs" data-testid="flat-rate-working">
      <Title order={3} size="h5">
        {t('vatReturns:flatRate.working.title')}
      </Title>
      <TableScroll minWidth={420}>
        <Table verticalSpacing={4} fz="sm" aria-label={t('vatReturns:flatRate.working.title')}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500}>
                  {label}
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text size="sm" data-testid="limited-cost-verdict">
        {t(
          working.limitedCost ? 'vatReturns:flatRate.working.verdictLimited' : 'vatReturns:flatRate.working.verdictNot',
          {
            goods: money(working.relevantGoodsIncVatPence),
            bar: money(working.specifiedAmountPence),
            rate: formatRateTenths(limitedCostRateTenths, language),
          },
        )}
      </Text>
      {working.limitedCost && working.relevantGoodsIncVatPence === 0 && working.turnoverIncVatPence > 0 && (
        <Text size="sm" c="orange" data-testid="no-relevant-goods">
          {t('vatReturns:flatRate.working.noRelevantGoods', {
            rate: formatRateTenths(limitedCostRateTenths, language),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('vatReturns:flatRate.working.note')}
      </Text>
    </Stack>
  );
}
