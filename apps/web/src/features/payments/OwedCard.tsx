import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/format/format';
import { LatenessCosts } from './LatenessCosts';
import { PayNowButton, type PayNowButtonProps } from './PayNowButton';

export interface OwedCardProps extends Omit<PayNowButtonProps, 'amountPence'> {
  outstandingPence: number;
  dueDate: string | null;
  periodStart: string | null;
  today: string;
  interestOnly?: boolean;
}

/** One thing still owed to HMRC: how much and by when, the way to pay it now, and what waiting costs. */
export function OwedCard({ outstandingPence, dueDate, periodStart, today, interestOnly, ...pay }: OwedCardProps) {
  const { t, i18n } = useTranslation('payments');
  return (
    <Paper withBorder p="sm" data-testid="owed-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{pay.what}</Text>
            <Text size="sm">
              {t('owed.amount', {
                amount: formatMoney(outstandingPence, i18n.language),
                date: formatDate(dueDate, i18n.language),
              })}
            </Text>
          </Stack>
          <PayNowButton {...pay} amountPence={outstandingPence} />
        </Group>
        {dueDate && periodStart && (
          <LatenessCosts
            outstandingPence={outstandingPence}
            dueDate={dueDate}
            periodStart={periodStart}
            today={today}
            interestOnly={interestOnly ?? false}
          />
        )}
      </Stack>
    </Paper>
  );
}
