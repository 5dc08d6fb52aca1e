import { Alert, Button, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type ReturnDraft, type TaxedRate, type UnpaidInvoiceProblem } from '@vatwise/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import {
  type BoundForm,
  DateInputField,
  MoneyField,
  SelectField,
  TextField,
  useFormState,
} from '../../../shared/ui/form';
import { vatReturnsApi } from '../api';
import { notifyFailure } from '../common/query-error';
import {
  type BadDebtMode,
  type InvoiceText,
  type RepayText,
  badDebtWorking,
  emptyInvoice,
  emptyRepay,
} from './bad-debt-working';

const modes: BadDebtMode[] = ['claim', 'repay', 'inputTax'];
const taxedRates: TaxedRate[] = ['standard', 'reduced'];

/**
 * The bad debt relief worksheet (VAT Notice 700/18): from an unpaid invoice, whether relief can be
 * claimed on this return and how much, added as a box 4 adjustment; relief to repay when the customer
 * pays later (box 1, VBDR4200); and the input tax to repay on a purchase the business has not paid
 * for 6 months on (a negative box 4 entry, reg 172H). Each becomes an adjustment record dated the
 * period's last day, with its working as the reason.
 */
export function BadDebtReliefPanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const formId = useId();
  const [mode, setMode] = useState<BadDebtMode>('claim');
  const invoice = useFormState<InvoiceText>(emptyInvoice);
  const repay = useFormState<RepayText>(emptyRepay);
  // Errors show once Add is pressed, for the figures as they are then and until the next change.
  const [shown, setShown] = useState(false);
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const money = (pence: number) => formatMoney(pence, language);
  const date = (iso: string) => formatDate(iso, language);

  const { outcome, lines, problems, repayErrors } = badDebtWorking(
    mode,
    invoice.values,
    repay.values,
    draft.periodEnd,
    {
      t,
      money,
      date,
    },
  );
  const reference = mode === 'repay' ? repay.values.reference.trim() : invoice.values.reference.trim();
  const referenceError = shown && !reference ? t('vatReturns:badDebt.errors.reference') : undefined;

  const invoiceError = (problem: UnpaidInvoiceProblem) =>
    shown && problems.includes(problem) ? t(`vatReturns:badDebt.errors.${problem}`) : undefined;
  const invoiceForm: BoundForm<InvoiceText> = {
    values: invoice.values,
    set: (field, value) => {
      invoice.set(field, value);
      setShown(false);
    },
    errorOf: (field) => {
      switch (field) {
        case 'reference':
          return referenceError;
        case 'rate':
          return undefined;
        case 'paid':
          return invoiceError('paid') ?? invoiceError('paidInFull');
        default:
          return invoiceError(field);
      }
    },
  };
  const repayForm: BoundForm<RepayText> = {
    values: repay.values,
    set: (field, value) => {
      repay.set(field, value);
      setShown(false);
    },
    errorOf: (field) => {
      if (field === 'reference') return referenceError;
      return shown && repayErrors[field] ? t('vatReturns:badDebt.errors.amount') : undefined;
    },
  };

  async function add() {
    setShown(true);
    if (!reference || !outcome || 'note' in outcome || outcome.amountPence === 0) return;
    try {
      await addRecord({
        vrn: draft.vrn,
        input: {
          kind: 'adjustment',
          date: draft.periodEnd,
          description: t(`vatReturns:badDebt.descriptions.${mode}`, { reference }).slice(0, 200),
          box: outcome.box,
          amountPence: outcome.amountPence,
          adjustmentType: mode === 'inputTax' ? 'other' : 'badDebtRelief',
          reason: outcome.reason.slice(0, 500),
        },
      }).unwrap();
      notify({ type: 'success', message: t('vatReturns:badDebt.added', { box: outcome.box }) });
      invoice.reset(emptyInvoice);
      repay.reset(emptyRepay);
      setShown(false);
    } catch (caught) {
      notifyFailure(t('vatReturns:records.saveFailed'), caught, t);
    }
  }

  const referenceProps = {
    name: 'reference',
    label: t(mode === 'inputTax' ? 'vatReturns:badDebt.fields.supplier' : 'vatReturns:badDebt.fields.reference'),
    required: true,
    maxLength: 120,
  } as const;

  return (
    <Stack gap="sm" data-testid="bad-debt-relief">
      <SegmentedControl
        fullWidth
        aria-label={t('vatReturns:badDebt.modeLabel')}
        value={mode}
        onChange={(value) => {
          setMode(modes.find((candidate) => candidate === value) ?? 'claim');
          setShown(false);
        }}
        data={modes.map((value) => ({ value, label: t(`vatReturns:badDebt.modes.${value}`) }))}
      />
      <Text size="sm" c="dimmed">
        {t(`vatReturns:badDebt.hints.${mode}`)}
      </Text>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Stack gap="sm">
          {mode === 'repay' ? (
            <TextField form={repayForm} {...referenceProps} />
          ) : (
            <TextField form={invoiceForm} {...referenceProps} />
          )}
          {mode === 'repay' ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <MoneyField form={repayForm} name="claim" label={t('vatReturns:badDebt.fields.claim')} required />
              <MoneyField
                form={repayForm}
                name="unpaidAtClaim"
                label={t('vatReturns:badDebt.fields.unpaidAtClaim')}
                required
              />
              <MoneyField form={repayForm} name="payment" label={t('vatReturns:badDebt.fields.payment')} required />
            </SimpleGrid>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateInputField
                  form={invoiceForm}
                  name="supplyDate"
                  label={t('vatReturns:badDebt.fields.supplyDate')}
                  required
                />
                <DateInputField
                  form={invoiceForm}
                  name="dueDate"
                  label={t('vatReturns:badDebt.fields.dueDate')}
                  required
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <MoneyField
                  form={invoiceForm}
                  name="gross"
                  label={t('vatReturns:badDebt.fields.gross')}
                  description={t('vatReturns:badDebt.fields.grossHint')}
                  required
                />
                <SelectField
                  form={invoiceForm}
                  name="rate"
                  label={t('vatReturns:recordForm.rate')}
                  options={taxedRates.map((rate) => ({ value: rate, label: t(`vatReturns:rates.${rate}`) }))}
                />
                <MoneyField form={invoiceForm} name="paid" label={t('vatReturns:badDebt.fields.paid')} />
              </SimpleGrid>
            </>
          )}
          {lines.length > 0 && (
            <Table withRowBorders={false} verticalSpacing={2} data-testid="bad-debt-working">
              <Table.Tbody>
                {lines.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th fw={400}>{label}</Table.Th>
                    <Table.Td ta="right">{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {outcome && 'note' in outcome && (
            <Alert color="orange" data-testid="bad-debt-note">
              {outcome.note}
            </Alert>
          )}
          {mode === 'claim' && (
            <Text size="sm" c="dimmed">
              {t('vatReturns:badDebt.writtenOff')}
            </Text>
          )}
          {editable && (
            <Button
              type="submit"
              loading={adding.isLoading}
              disabled={outcome !== null && ('note' in outcome || outcome.amountPence === 0)}
              style={{ alignSelf: 'flex-start' }}
            >
              {outcome && !('note' in outcome)
                ? t('vatReturns:badDebt.add', { amount: money(outcome.amountPence), box: outcome.box })
                : t('vatReturns:badDebt.addPlain')}
            </Button>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
