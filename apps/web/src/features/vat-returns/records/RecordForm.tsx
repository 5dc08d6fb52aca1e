import {
  Button,
  Group,
  Input,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  type VatRateKind,
  type VatRecord,
  adjustmentTypes,
  boxExplanations,
  enterableBoxes,
  expectedVatPence,
  rateCarriesVat,
  treatments,
  vatDisagreesWithRate,
  vatRateKinds,
  vatRatePercents,
} from '@vatwise/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { parsePounds, penceToInput } from '../common/money-input';
import { DateField } from '../../../shared/ui/DateField';
import { formatPeriod } from '../common/periods';
import { notifyFailure } from '../common/query-error';
import {
  type RecordErrors,
  type RecordKind,
  type RecordValues,
  buildRecordInput,
  emptyRecordValues,
  valuesFromRecord,
} from './record-values';
import { MoneyField } from '../common/MoneyField';

interface RecordFormProps {
  vrn: string;
  period: { start: string; end: string };
  /** The record being edited; undefined to add one. */
  record: VatRecord | undefined;
  onClose: () => void;
  /** The business is on cash accounting for the period: a sale or purchase counts when paid. */
  cashAccounting?: boolean;
}

/** The VAT field's text for net × rate, or empty while the net is not an amount yet. */
function workedOutVat(net: string, rate: VatRateKind): string {
  const netPence = parsePounds(net);
  return netPence === null ? '' : penceToInput(expectedVatPence(netPence, rate));
}

/** Adding or editing one digital record: a sale or purchase, or an adjustment to one box with its reason. */
export function RecordForm({ vrn, period, record, onClose, cashAccounting = false }: RecordFormProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const formId = useId();
  const [values, setValues] = useState<RecordValues>(() =>
    record ? valuesFromRecord(record) : emptyRecordValues('sale', period.start),
  );
  const [errors, setErrors] = useState<RecordErrors>({});
  // VAT follows net × rate until the user types their own; a stored record's VAT is theirs from the start.
  const [vatTyped, setVatTyped] = useState(record !== undefined);
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const [updateRecord, updating] = vatReturnsApi.useUpdateRecordMutation();
  const saving = adding.isLoading || updating.isLoading;

  const set = <Field extends keyof RecordValues>(field: Field, value: RecordValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** A new net or rate, and the VAT worked out again from them unless the user typed it. */
  const setNetOrRate = (change: Partial<Pick<RecordValues, 'net' | 'rate'>>) => {
    setValues((current) => {
      const next = { ...current, ...change };
      return vatTyped ? next : { ...next, vat: workedOutVat(next.net, next.rate) };
    });
    const cleared = Object.fromEntries(Object.keys(change).map((field) => [field, undefined]));
    setErrors((current) => ({ ...current, ...cleared, ...(vatTyped ? {} : { vat: undefined }) }));
  };
  const workOutVat = () => {
    setVatTyped(false);
    set('vat', workedOutVat(values.net, values.rate));
  };
  const error = (field: keyof RecordValues) => {
    const key = errors[field];
    return key
      ? t(`vatReturns:recordForm.errors.${key}`, { period: formatPeriod(period.start, period.end, language) })
      : undefined;
  };

  // Box totals come only from imports; they are editable, but not offered for a new record.
  const kinds: RecordKind[] = record?.kind === 'boxTotal' ? ['boxTotal'] : ['sale', 'purchase', 'adjustment'];
  const isTransaction = values.kind === 'sale' || values.kind === 'purchase';

  // A warning, not an error: VAT on a real invoice may differ (rounded another way), and the record still saves.
  const netPence = parsePounds(values.net);
  const vatPence = parsePounds(values.vat);
  let vatWarning: string | undefined;
  if (
    isTransaction &&
    netPence !== null &&
    vatPence !== null &&
    vatDisagreesWithRate(netPence, vatPence, values.rate)
  ) {
    vatWarning = rateCarriesVat(values.rate)
      ? t('vatReturns:recordForm.vatMismatch', {
          vat: formatMoney(vatPence, language),
          percent: vatRatePercents[values.rate],
          net: formatMoney(netPence, language),
          expected: formatMoney(expectedVatPence(netPence, values.rate), language),
        })
      : t('vatReturns:recordForm.vatOnNoVatRate', {
          vat: formatMoney(vatPence, language),
          rate: t(`vatReturns:rates.${values.rate}`),
        });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const built = buildRecordInput(values, period, cashAccounting);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      if (record) await updateRecord({ id: record.id, input: built.input }).unwrap();
      else await addRecord({ vrn, input: built.input }).unwrap();
      notify({ type: 'success', message: t(record ? 'vatReturns:records.updated' : 'vatReturns:records.added') });
      onClose();
    } catch (caught) {
      notifyFailure(t('vatReturns:records.saveFailed'), caught, t);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(record ? 'vatReturns:recordForm.editTitle' : 'vatReturns:recordForm.addTitle')}
      closeButtonProps={{ 'aria-label': t('vatReturns:close') }}
    >
      <form id={formId} onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="sm">
          {kinds.length > 1 && (
            <Input.Wrapper label={t('vatReturns:recordForm.kind')} id={`${formId}-kind`} labelElement="div">
              <SegmentedControl
                fullWidth
                aria-labelledby={`${formId}-kind-label`}
                value={values.kind}
                onChange={(kind) => set('kind', kinds.find((candidate) => candidate === kind) ?? 'sale')}
                data={kinds.map((kind) => ({ value: kind, label: t(`vatReturns:kinds.${kind}`) }))}
              />
            </Input.Wrapper>
          )}
          <DateField
            label={t('vatReturns:recordForm.date')}
            description={t('vatReturns:recordForm.dateHint', {
              period: formatPeriod(period.start, period.end, language),
            })}
            // Under cash accounting an invoice of an earlier period may be paid in this one.
            {...(cashAccounting ? {} : { minDate: period.start, maxDate: period.end })}
            required
            value={values.date}
            onChange={(date) => set('date', date)}
            error={error('date')}
          />
          <TextInput
            label={t('vatReturns:recordForm.description')}
            required
            maxLength={200}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={error('description')}
          />
          {isTransaction ? (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <MoneyField
                  label={t('vatReturns:recordForm.net')}
                  description={t('vatReturns:recordForm.netHint')}
                  autoComplete="off"
                  required
                  value={values.net}
                  onChange={(value) => setNetOrRate({ net: value })}
                  error={error('net')}
                />
                <Stack gap={4} align="flex-start">
                  <MoneyField
                    w="100%"
                    label={t('vatReturns:recordForm.vat')}
                    description={t('vatReturns:recordForm.vatHint')}
                    autoComplete="off"
                    required
                    value={values.vat}
                    onChange={(text) => {
                      // Typed VAT is the user's; clearing the field hands it back to net × rate.
                      setVatTyped(text.trim() !== '');
                      set('vat', text);
                    }}
                    error={error('vat')}
                    // Mantine's success slot sits under the input and is in its aria-describedby, without
                    // marking it invalid: used here for the warning, in the theme's readable orange.
                    success={vatWarning}
                    withSuccessStyles={false}
                    successProps={{ c: 'orange', 'data-testid': 'vat-warning' }}
                  />
                  <Button variant="subtle" size="compact-sm" onClick={workOutVat} disabled={netPence === null}>
                    {t('vatReturns:recordForm.workOutVat')}
                  </Button>
                </Stack>
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NativeSelect
                  label={t('vatReturns:recordForm.rate')}
                  value={values.rate}
                  onChange={(event) =>
                    setNetOrRate({
                      rate: vatRateKinds.find((rate) => rate === event.currentTarget.value) ?? 'standard',
                    })
                  }
                  data={vatRateKinds.map((rate) => ({ value: rate, label: t(`vatReturns:rates.${rate}`) }))}
                />
                <NativeSelect
                  label={t('vatReturns:recordForm.treatment')}
                  description={
                    values.treatment === 'constructionReverseCharge'
                      ? t(
                          values.kind === 'sale'
                            ? 'vatReturns:recordForm.constructionHintSale'
                            : 'vatReturns:recordForm.constructionHintPurchase',
                        )
                      : undefined
                  }
                  value={values.treatment}
                  onChange={(event) =>
                    set('treatment', treatments.find((item) => item === event.currentTarget.value) ?? 'normal')
                  }
                  data={treatments.map((item) => ({ value: item, label: t(`vatReturns:treatments.${item}`) }))}
                />
              </SimpleGrid>
              <DateField
                label={t('vatReturns:recordForm.paidOn')}
                description={t('vatReturns:recordForm.paidOnHint')}
                value={values.paidOn}
                onChange={(date) => set('paidOn', date)}
                error={error('paidOn')}
              />
            </>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NativeSelect
                  label={t('vatReturns:recordForm.box')}
                  required
                  value={values.box}
                  onChange={(event) => set('box', event.currentTarget.value)}
                  error={error('box')}
                  data={[
                    { value: '', label: t('vatReturns:recordForm.chooseBox') },
                    ...enterableBoxes.map((box) => ({
                      value: String(box),
                      label: t('vatReturns:recordForm.boxOption', { box, title: boxExplanations[box].title }),
                    })),
                  ]}
                />
                <MoneyField
                  label={t('vatReturns:recordForm.amount')}
                  description={t('vatReturns:recordForm.amountHint')}
                  autoComplete="off"
                  required
                  value={values.amount}
                  onChange={(value) => set('amount', value)}
                  error={error('amount')}
                />
              </SimpleGrid>
              {values.kind === 'adjustment' && (
                <>
                  <NativeSelect
                    label={t('vatReturns:recordForm.adjustmentType')}
                    value={values.adjustmentType}
                    onChange={(event) =>
                      set(
                        'adjustmentType',
                        adjustmentTypes.find((item) => item === event.currentTarget.value) ?? 'other',
                      )
                    }
                    data={adjustmentTypes.map((item) => ({
                      value: item,
                      label: t(`vatReturns:adjustmentTypes.${item}`),
                    }))}
                  />
                  <Textarea
                    label={t('vatReturns:recordForm.reason')}
                    description={t('vatReturns:recordForm.reasonHint')}
                    required
                    autosize
                    minRows={2}
                    maxLength={500}
                    value={values.reason}
                    onChange={(event) => set('reason', event.currentTarget.value)}
                    error={error('reason')}
                  />
                </>
              )}
            </>
          )}
          {Object.values(errors).some(Boolean) && (
            <Text size="sm" c="red" role="alert">
              {t('vatReturns:recordForm.fixErrors')}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('vatReturns:cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('vatReturns:recordForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
