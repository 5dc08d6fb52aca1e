import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { PaymentJourney } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatMoney } from '../../shared/format/format';
import { ErrorState, LoadingState } from '../../shared/ui/QueryStates';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { paymentsApi } from './api';

/** How often the page asks again while HMRC's journey or its account has not caught up. */
const pollMs = 3_000;

const settled = (journey: PaymentJourney | undefined) =>
  journey !== undefined && (journey.status === 'Failed' || journey.reconciledAt !== null);

/** Where HMRC's payment page sends the browser back: how the payment ended and what to do next. */
export default function PaymentReturnPage() {
  const { t, i18n } = useTranslation('payments');
  usePageTitle(t('outcome.title'));
  const [params] = useSearchParams();
  const id = params.get('journey');
  const valid = id !== null && /^[0-9a-f-]{36}$/i.test(id);
  // Polling stops once nothing more will change.
  const [polling, setPolling] = useState(true);
  const query = paymentsApi.usePaymentJourneyQuery(valid ? id : skipToken, {
    pollingInterval: polling ? pollMs : 0,
    skipPollingIfUnfocused: true,
  });
  const journey = query.data;
  // Adjusted while rendering, as React advises for state that follows other state.
  if (polling === settled(journey)) setPolling(!settled(journey));

  const heading = (
    <Title order={1} size="h2">
      {t('outcome.title')}
    </Title>
  );
  if (!valid) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="yellow" data-testid="payment-unknown">
          {t('outcome.noJourney')}
        </Alert>
        <BackLinks />
      </Stack>
    );
  }
  if (query.isError && !journey) {
    return (
      <Stack gap="md">
        {heading}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="payment-error" />
      </Stack>
    );
  }
  if (!journey) return <LoadingState label={t('outcome.loading')} />;

  const amount = formatMoney(journey.paidAmountPence ?? journey.amountPence, i18n.language);
  return (
    <Stack gap="md" data-testid="payment-outcome" data-status={journey.status}>
      {heading}
      {journey.status === 'Completed' && (
        <Alert color="green" title={t('outcome.paidTitle', { amount })} data-testid="payment-paid">
          <Stack gap="xs">
            <Text size="sm">{t('outcome.paidBody', { vrn: journey.vrn })}</Text>
            {journey.reconciledAt ? (
              <Text size="sm" data-testid="payment-reconciled">
                {t('outcome.reconciled', { at: formatDateTime(journey.reconciledAt, i18n.language) })}
              </Text>
            ) : (
              <Group gap="xs" data-testid="payment-not-yet-reconciled">
                <Loader size="xs" />
                <Text size="sm">{t('outcome.notYetReconciled')}</Text>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {journey.status === 'Failed' && (
        <Alert color="red" title={t('outcome.failedTitle')} data-testid="payment-failed">
          <Text size="sm">{t('outcome.failedBody', { amount })}</Text>
        </Alert>
      )}
      {journey.status === 'InProgress' && (
        <Alert color="blue" title={t('outcome.inProgressTitle')} data-testid="payment-in-progress">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('outcome.inProgressBody')}</Text>
          </Group>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('outcome.startedBy', {
          name: journey.startedByName,
          at: formatDateTime(journey.startedAt, i18n.language),
        })}
      </Text>
      <BackLinks />
    </Stack>
  );
}

function BackLinks() {
  const { t } = useTranslation('payments');
  return (
    <Group gap="md">
      <Button component={Link} to="/app/vat-operations">
        {t('outcome.toVatOperations')}
      </Button>
      <Anchor component={Link} to="/app">
        {t('outcome.toHome')}
      </Anchor>
    </Group>
  );
}
