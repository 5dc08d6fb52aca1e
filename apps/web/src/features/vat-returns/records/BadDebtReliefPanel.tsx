import {
  Alert,
  Button,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type EnterableBox,
  type ReturnDraft,
  type TaxedRate,
  type UnpaidInvoice,
  type UnpaidInvoiceProblem,
  badDebtClaim,
  badDebtReliefRepayment,
  inputTaxRepayment,
  ukToday,
  unpaidInvoiceProblems,
} from '@vatwise/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { DateField } from '../../../shared/ui/DateField';
import { vatReturnsApi } from '../api';
import { parsePounds } from '../common/money-input';
import { notifyFailure } from '../common/query-error';
import { MoneyField } from '../common/MoneyField';

/**
 * The bad debt relief worksheet (VAT Notice 700/18): from an unpaid invoice, whether relief can be
 * claimed on this return and how much, added as a box 4 adjustment; relief to repay when the customer
 * pays later (box 1, VBDR4200); and the input tax to repay on a purchase the business has not paid
 * for 6 months on (a negative box 4 entry, reg 172H). Each becomes an adjustment record dated the
 * period's last day, with its working as the reason.
 */
type Mode = 'claim' | 'repay' | 'inputTax';
const modes: Mode[] = ['claim', 'repay', 'inputTax'];
const taxedRates: TaxedRate[] = ['standard', 'reduced'];

interface InvoiceText {
  reference: string;
  supplyDate: string;
  dueDate: string;
  gross: string;
  rate: TaxedRate;
  paid: string;
}
const emptyInvoice: InvoiceText = {
  reference: '',
  supplyDate: '',
  dueDate: '',
  gross: '',
  rate: 'standard',
  paid: '0',
};

interface RepayText {
  reference: string;
  claim: string;
  unpaidAtClaim: string;
  payment: string;
}
const emptyRepay: RepayText = { reference: '', claim: '', unpaidAtClaim: '', payment: '' };

/** The invoice as typed, or the fields to fix. */
function readInvoice(text: InvoiceText): { invoice: UnpaidInvoice } | { problems: UnpaidInvoiceProblem[] } {
  const invoice: UnpaidInvoice = {
    supplyDate: text.supplyDate,
    dueDate: text.dueDate,
    grossPence: parsePounds(text.gross) ?? Number.NaN,
    rate: text.rate,
    paidPence: parsePounds(text.paid) ?? Number.NaN,
  };
  const problems = unpaidInvoiceProblems(invoice);
  return problems.length > 0 ? { problems } : { invoice };
}

export function BadDebtReliefPanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const formId = useId();
  const [mode, setMode] = useState<Mode>('claim');
  const [invoiceText, setInvoiceText] = useState<InvoiceText>(emptyInvoice);
  const [repayText, setRepayText] = useState<RepayText>(emptyRepay);
  const [shown, setShown] = useState(false);
  const [addRecord, adding] = vatReturnsApi.useAddRecordMutation();
  const money = (pence: number) => formatMoney(pence, language);
  const date = (iso: string) => formatDate(iso, language);

  const setInvoice = (change: Partial<InvoiceText>) => {
    setInvoiceText((current) => ({ ...current, ...change }));
    setShown(false);
  };
  const setRepay = (change: Partial<RepayText>) => {
    setRepayText((current) => ({ ...current, ...change }));
    setShown(false);
  };

  const read = readInvoice(invoiceText);
  const problems = 'problems' in read ? read.problems : [];
  const invoiceError = (field: UnpaidInvoiceProblem) =>
    shown && problems.includes(field) ? t(`vatReturns:badDebt.errors.${field}`) : undefined;

  const repayAmounts = {
    claimPence: parsePounds(repayText.claim),
    unpaidAtClaimPence: parsePounds(repayText.unpaidAtClaim),
    paymentPence: parsePounds(repayText.payment),
  };
  const repayErrors = {
    claim: repayAmounts.claimPence === null || repayAmounts.claimPence <= 0,
    unpaidAtClaim: repayAmounts.unpaidAtClaimPence === null || repayAmounts.unpaidAtClaimPence <= 0,
    payment: repayAmounts.paymentPence === null || repayAmounts.paymentPence <= 0,
  };
  const repayError = (field: keyof typeof repayErrors) =>
    shown && repayErrors[field] ? t('vatReturns:badDebt.errors.amount') : undefined;

  /** The adjustment this worksheet would add, or why not. */
  type Outcome = { box: EnterableBox; amountPence: number; reason: string } | { note: string };
  let outcome: Outcome | null = null;
  let lines: [string, string][] = [];
  if (mode === 'repay') {
    const { claimPence, unpaidAtClaimPence, paymentPence } = repayAmounts;
    if (
      claimPence !== null &&
      unpaidAtClaimPence !== null &&
      paymentPence !== null &&
      !Object.values(repayErrors).some(Boolean)
    ) {
      const repayPence = badDebtReliefRepayment({ claimPence, unpaidAtClaimPence, paymentPence });
      outcome = {
        box: 1,
        amountPence: repayPence,
        reason: t('vatReturns:badDebt.reasons.repay', {
          reference: repayText.reference.trim(),
          payment: money(paymentPence),
          unpaid: money(unpaidAtClaimPence),
          claim: money(claimPence),
        }),
      };
      lines = [[t('vatReturns:badDebt.result.repayment'), money(repayPence)]];
    }
  } else if ('invoice' in read) {
    const { invoice } = read;
    if (mode === 'claim') {
      const claim = badDebtClaim(invoice, { periodEnd: draft.periodEnd, today: ukToday() });
      lines = [
        [t('vatReturns:badDebt.result.relevantDate'), date(claim.relevantDate)],
        [t('vatReturns:badDebt.result.claimableFrom'), date(claim.claimableFrom)],
        [t('vatReturns:badDebt.result.claimUntil'), date(claim.claimUntil)],
        [t('vatReturns:badDebt.result.unpaid'), money(claim.unpaidPence)],
        [t('vatReturns:badDebt.result.claim'), money(claim.claimPence)],
      ];
      outcome =
        claim.standing === 'claimable'
          ? {
              box: 4,
              amountPence: claim.claimPence,
              reason: t('vatReturns:badDebt.reasons.claim', {
                reference: invoiceText.reference.trim(),
                unpaid: money(claim.unpaidPence),
                from: date(claim.claimableFrom),
              }),
            }
          : {
              note: t(`vatReturns:badDebt.standing.${claim.standing}`, {
                from: date(claim.claimableFrom),
                until: date(claim.claimUntil),
              }),
            };
    } else {
      const repayment = inputTaxRepayment(invoice);
      outcome =
        repayment.dueOn <= draft.periodEnd
          ? {
              box: 4,
              amountPence: -repayment.repayPence,
              reason: t('vatReturns:badDebt.reasons.inputTax', {
                reference: invoiceText.reference.trim(),
                unpaid: money(invoice.grossPence - invoice.paidPence),
                due: date(repayment.dueOn),
              }),
            }
          : { note: t('vatReturns:badDebt.standing.inputTaxLater', { due: date(repayment.dueOn) }) };
      lines = [
        [t('vatReturns:badDebt.result.inputTaxDue'), date(repayment.dueOn)],
        [t('vatReturns:badDebt.result.inputTax'), money(repayment.repayPence)],
      ];
    }
  }
  const reference = mode === 'repay' ? repayText.reference.trim() : invoiceText.reference.trim();

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
      setInvoiceText(emptyInvoice);
      setRepayText(emptyRepay);
      setShown(false);
    } catch (caught) {
      notifyFailure(t('vatReturns:records.saveFailed'), caught, t);
    }
  }

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
          <TextInput
            label={t(
              mode === 'inputTax' ? 'vatReturns:badDebt.fields.supplier' : 'vatReturns:badDebt.fields.reference',
            )}
            required
            maxLength={120}
            value={mode === 'repay' ? repayText.reference : invoiceText.reference}
            onChange={(event) =>
              mode === 'repay'
                ? setRepay({ reference: event.currentTarget.value })
                : setInvoice({ reference: event.currentTarget.value })
            }
            error={shown && !reference ? t('vatReturns:badDebt.errors.reference') : undefined}
          />
          {mode === 'repay' ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <MoneyField
                label={t('vatReturns:badDebt.fields.claim')}
                required
                value={repayText.claim}
                onChange={(value) => setRepay({ claim: value })}
                error={repayError('claim')}
              />
              <MoneyField
                label={t('vatReturns:badDebt.fields.unpaidAtClaim')}
                required
                value={repayText.unpaidAtClaim}
                onChange={(value) => setRepay({ unpaidAtClaim: value })}
                error={repayError('unpaidAtClaim')}
              />
              <MoneyField
                label={t('vatReturns:badDebt.fields.payment')}
                required
                value={repayText.payment}
                onChange={(value) => setRepay({ payment: value })}
                error={repayError('payment')}
              />
            </SimpleGrid>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateField
                  label={t('vatReturns:badDebt.fields.supplyDate')}
                  required
                  value={invoiceText.supplyDate}
                  onChange={(value) => setInvoice({ supplyDate: value })}
                  error={invoiceError('supplyDate')}
                />
                <DateField
                  label={t('vatReturns:badDebt.fields.dueDate')}
                  required
                  value={invoiceText.dueDate}
                  onChange={(value) => setInvoice({ dueDate: value })}
                  error={invoiceError('dueDate')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <MoneyField
                  label={t('vatReturns:badDebt.fields.gross')}
                  description={t('vatReturns:badDebt.fields.grossHint')}
                  required
                  value={invoiceText.gross}
                  onChange={(value) => setInvoice({ gross: value })}
                  error={invoiceError('gross')}
                />
                <NativeSelect
                  label={t('vatReturns:recordForm.rate')}
                  value={invoiceText.rate}
                  onChange={(event) =>
                    setInvoice({ rate: taxedRates.find((rate) => rate === event.currentTarget.value) ?? 'standard' })
                  }
                  data={taxedRates.map((rate) => ({ value: rate, label: t(`vatReturns:rates.${rate}`) }))}
                />
                <MoneyField
                  label={t('vatReturns:badDebt.fields.paid')}
                  value={invoiceText.paid}
                  onChange={(value) => setInvoice({ paid: value })}
                  error={invoiceError('paid') ?? invoiceError('paidInFull')}
                />
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
