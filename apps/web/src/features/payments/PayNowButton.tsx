import { Alert, Button, Stack } from '@mantine/core';
import type { PaymentKind } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format/format';
import { paymentsApi } from './api';

export interface PayNowButtonProps {
  vrn: string;
  kind: PaymentKind;
  /** The period key (a return), the period `from/to` (a liability) or the charge reference (a penalty). */
  reference: string;
  amountPence: number;
  /** What is being paid, for the button's accessible name. */
  what: string;
}

/**
 * Starts HMRC's payment journey for what is owed and sends the browser to HMRC's page
 * (docs/paying-hmrc.md); HMRC's page sends it back to the payment's outcome page.
 */
export function PayNowButton({ vrn, kind, reference, amountPence, what }: PayNowButtonProps) {
  const { t, i18n } = useTranslation('payments');
  const [start, state] = paymentsApi.useStartPaymentMutation();
  const amount = formatMoney(amountPence, i18n.language);

  async function pay() {
    const started = await start({ vrn, kind, reference, amountPence })
      .unwrap()
      .catch(() => undefined);
    if (started) window.location.assign(started.redirectUrl);
  }

  const message =
    state.error && 'data' in state.error
      ? (state.error.data as { message?: string } | undefined)?.message
      : state.error
        ? t('payNow.failed')
        : undefined;

  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        onClick={() => void pay()}
        loading={state.isLoading || state.isSuccess}
        aria-label={t('payNow.label', { amount, what })}
        data-testid="pay-now"
      >
        {t('payNow.button', { amount })}
      </Button>
      {message && (
        <Alert color="red" p="xs" role="alert" data-testid="pay-now-error">
          {message || t('payNow.failed')}
        </Alert>
      )}
    </Stack>
  );
}
