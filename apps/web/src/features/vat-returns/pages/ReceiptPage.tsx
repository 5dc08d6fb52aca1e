import { Alert, Button, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ukToday } from '@vatwise/domain';
import { useCurrentBusiness } from '../../hmrc-connection';
import { OwedCard } from '../../payments';
import { vatReturnsApi } from '../api';
import { ReceiptView } from '../reports/ReceiptView';
import { ErrorCorrectionsPanel } from '../error-corrections/ErrorCorrectionsPanel';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { AssistRecord } from '../assist/AssistRecord';

/** The receipt of a submitted return, to print, download or check against HMRC's copy. */
export default function ReceiptPage() {
  const { returnId } = useParams();
  const { t } = useTranslation(['common', 'vatReturns']);
  usePageTitle(t('vatReturns:receipt.title'));
  const { businesses } = useCurrentBusiness();
  const query = vatReturnsApi.useVatReturnQuery(returnId ?? skipToken);
  const draft = query.data;

  if (query.isError && !draft) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="receipt-error" />;
  }
  if (!draft) return <LoadingState label={t('vatReturns:receipt.loading')} />;
  if (!draft.receipt) {
    return (
      <Stack gap="md">
        <Alert color="yellow" title={t('vatReturns:receipt.noneTitle')} data-testid="no-receipt">
          <Text size="sm">{t('vatReturns:receipt.noneBody')}</Text>
        </Alert>
        <div>
          <Button component={Link} to={`/app/vat-submissions/${draft.id}`}>
            {t('vatReturns:receipt.backToReturn')}
          </Button>
        </div>
      </Stack>
    );
  }
  const { boxes } = draft.receipt;
  // Box 5 is to pay when box 3 is above box 4 (a repayment otherwise).
  const toPay = boxes.box3 > boxes.box4 ? boxes.box5 : 0;
  return (
    <Stack gap="lg">
      {toPay > 0 && (
        <OwedCard
          vrn={draft.vrn}
          kind="return"
          reference={draft.periodKey}
          what={t('vatReturns:receipt.title')}
          outstandingPence={toPay}
          dueDate={draft.due}
          periodStart={draft.periodStart}
          today={ukToday()}
        />
      )}
      <ReceiptView
        returnId={draft.id}
        receipt={draft.receipt}
        businessName={businesses.find((business) => business.vrn === draft.vrn)?.name}
      />
      {/* Errors from earlier returns found in this one, with the working kept (nothing when none). */}
      <ErrorCorrectionsPanel draft={draft} editable={false} onReceipt />
      {/* Whether HMRC Assist was consulted for these figures, and what it said (docs/hmrc-assist-flow.md). */}
      <AssistRecord returnId={draft.id} />
    </Stack>
  );
}
