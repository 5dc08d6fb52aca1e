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
  type VatRecord,
  adjustmentTypes,
  boxExplanations,
  enterableBoxes,
  treatments,
  vatRateKinds,
} from '@vatwise/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { formatPeriod } from '../periods';
import { asQueryError } from '../query-error';
import {
  type RecordErrors,
  type RecordKind,
  type RecordValues,
  buildRecordInput,
  emptyRecordValues,
  valuesFromRecord,
} from '../record-values';

interface RecordFormProps {
  vrn: string;
  period: { start: string; end: string };
  /** The record being edited; undefined to add one. */
  record: VatRecord | undefined;
  onClose: () => void;
}

/** Adding or editing one digital record: a sale or purchase, or an adjustment to one box with its reason. */
export function RecordForm({ vrn, period, record, onClose }: RecordFormProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const formId = useId();
  const [values, setValues] = useState<RecordValues>(() =>
    record ? valuesFromRecord(record) : emptyRecordValues('sale', period.start),
  );
  const [errors, setErrors] = useState<RecordErrors>({});
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const [updateRecord, updating] = vatReturnsApi.useUpdateRecordMutation();
  const saving = adding.isLoading || updating.isLoading;

  const set = <Field extends keyof RecordValues>(field: Field, value: RecordValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
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

  async function save(event: FormEvent) {
    event.preventDefault();
    const built = buildRecordInput(values, period);
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
      notify({
        type: 'error',
        title: t('vatReturns:records.saveFailed'),
        message: describeError(asQueryError(caught), t),
      });
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
          <TextInput
            type="date"
            label={t('vatReturns:recordForm.date')}
            description={t('vatReturns:recordForm.dateHint', {
              period: formatPeriod(period.start, period.end, language),
            })}
            min={period.start}
            max={period.end}
            required
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value)}
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
                <TextInput
                  label={t('vatReturns:recordForm.net')}
                  description={t('vatReturns:recordForm.netHint')}
                  leftSection="£"
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  value={values.net}
                  onChange={(event) => set('net', event.currentTarget.value)}
                  error={error('net')}
                />
                <TextInput
                  label={t('vatReturns:recordForm.vat')}
                  description={t('vatReturns:recordForm.vatHint')}
                  leftSection="£"
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  value={values.vat}
                  onChange={(event) => set('vat', event.currentTarget.value)}
                  error={error('vat')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NativeSelect
                  label={t('vatReturns:recordForm.rate')}
                  value={values.rate}
                  onChange={(event) =>
                    set('rate', vatRateKinds.find((rate) => rate === event.currentTarget.value) ?? 'standard')
                  }
                  data={vatRateKinds.map((rate) => ({ value: rate, label: t(`vatReturns:rates.${rate}`) }))}
                />
                <NativeSelect
                  label={t('vatReturns:recordForm.treatment')}
                  value={values.treatment}
                  onChange={(event) =>
                    set('treatment', treatments.find((item) => item === event.currentTarget.value) ?? 'normal')
                  }
                  data={treatments.map((item) => ({ value: item, label: t(`vatReturns:treatments.${item}`) }))}
                />
              </SimpleGrid>
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
                <TextInput
                  label={t('vatReturns:recordForm.amount')}
                  description={t('vatReturns:recordForm.amountHint')}
                  leftSection="£"
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  value={values.amount}
                  onChange={(event) => set('amount', event.currentTarget.value)}
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
