import { Button, Group, Input, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
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
import {
  DateInputField,
  MoneyField,
  SelectField,
  TextAreaField,
  TextField,
  useFormState,
} from '../../../shared/ui/form';
import { formatPeriod } from '../common/periods';
import { notifyFailure } from '../common/query-error';
import {
  type RecordKind,
  type RecordValues,
  buildRecordInput,
  emptyRecordValues,
  valuesFromRecord,
} from './record-values';

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
  // Each field's error is a key under vatReturns:recordForm.errors.
  const form = useFormState<RecordValues, string>(
    () => (record ? valuesFromRecord(record) : emptyRecordValues('sale', period.start)),
    (key) => t(`vatReturns:recordForm.errors.${key}`, { period: formatPeriod(period.start, period.end, language) }),
  );
  const { values } = form;
  // VAT follows net × rate until the user types their own; a stored record's VAT is theirs from the start.
  const [vatTyped, setVatTyped] = useState(record !== undefined);
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const [updateRecord, updating] = vatReturnsApi.useUpdateRecordMutation();
  const saving = adding.isLoading || updating.isLoading;

  /** A new net or rate, and the VAT worked out again from them unless the user typed it. */
  const setNetOrRate = (change: Partial<Pick<RecordValues, 'net' | 'rate'>>) => {
    const next = { ...values, ...change };
    form.change(vatTyped ? change : { ...change, vat: workedOutVat(next.net, next.rate) });
  };
  const workOutVat = () => {
    setVatTyped(false);
    form.set('vat', workedOutVat(values.net, values.rate));
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
      form.setErrors(built.errors);
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
                onChange={(kind) => form.set('kind', kinds.find((candidate) => candidate === kind) ?? 'sale')}
                data={kinds.map((kind) => ({ value: kind, label: t(`vatReturns:kinds.${kind}`) }))}
              />
            </Input.Wrapper>
          )}
          <DateInputField
            form={form}
            name="date"
            label={t('vatReturns:recordForm.date')}
            description={t('vatReturns:recordForm.dateHint', {
              period: formatPeriod(period.start, period.end, language),
            })}
            // Under cash accounting an invoice of an earlier period may be paid in this one.
            {...(cashAccounting ? {} : { minDate: period.start, maxDate: period.end })}
            required
          />
          <TextField
            form={form}
            name="description"
            label={t('vatReturns:recordForm.description')}
            required
            maxLength={200}
          />
          {isTransaction ? (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <MoneyField
                  form={form}
                  name="net"
                  label={t('vatReturns:recordForm.net')}
                  description={t('vatReturns:recordForm.netHint')}
                  autoComplete="off"
                  required
                  onChange={(net) => setNetOrRate({ net })}
                />
                <Stack gap={4} align="flex-start">
                  <MoneyField
                    form={form}
                    name="vat"
                    w="100%"
                    label={t('vatReturns:recordForm.vat')}
                    description={t('vatReturns:recordForm.vatHint')}
                    autoComplete="off"
                    required
                    onChange={(text) => {
                      // Typed VAT is the user's; clearing the field hands it back to net × rate.
                      setVatTyped(text.trim() !== '');
                      form.set('vat', text);
                    }}
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
                <SelectField
                  form={form}
                  name="rate"
                  label={t('vatReturns:recordForm.rate')}
                  onChange={(rate) => setNetOrRate({ rate })}
                  options={vatRateKinds.map((rate) => ({ value: rate, label: t(`vatReturns:rates.${rate}`) }))}
                />
                <SelectField
                  form={form}
                  name="treatment"
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
                  options={treatments.map((item) => ({ value: item, label: t(`vatReturns:treatments.${item}`) }))}
                />
              </SimpleGrid>
              <DateInputField
                form={form}
                name="paidOn"
                label={t('vatReturns:recordForm.paidOn')}
                description={t('vatReturns:recordForm.paidOnHint')}
              />
            </>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <SelectField
                  form={form}
                  name="box"
                  label={t('vatReturns:recordForm.box')}
                  required
                  options={[
                    { value: '', label: t('vatReturns:recordForm.chooseBox') },
                    ...enterableBoxes.map((box) => ({
                      value: String(box),
                      label: t('vatReturns:recordForm.boxOption', { box, title: boxExplanations[box].title }),
                    })),
                  ]}
                />
                <MoneyField
                  form={form}
                  name="amount"
                  label={t('vatReturns:recordForm.amount')}
                  description={t('vatReturns:recordForm.amountHint')}
                  autoComplete="off"
                  required
                />
              </SimpleGrid>
              {values.kind === 'adjustment' && (
                <>
                  <SelectField
                    form={form}
                    name="adjustmentType"
                    label={t('vatReturns:recordForm.adjustmentType')}
                    options={adjustmentTypes.map((item) => ({
                      value: item,
                      label: t(`vatReturns:adjustmentTypes.${item}`),
                    }))}
                  />
                  <TextAreaField
                    form={form}
                    name="reason"
                    label={t('vatReturns:recordForm.reason')}
                    description={t('vatReturns:recordForm.reasonHint')}
                    required
                    autosize
                    minRows={2}
                    maxLength={500}
                  />
                </>
              )}
            </>
          )}
          {form.hasErrors && (
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
