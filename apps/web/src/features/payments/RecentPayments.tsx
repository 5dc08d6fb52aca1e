import { Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../shared/format/format';
import { paymentsApi } from './api';

const statusColours = { Completed: 'green', Failed: 'red', InProgress: 'blue' } as const;

/** The payments started from VAT Wise for a business, newest first, each linked to its outcome page. */
export function RecentPayments({ vrn }: { vrn: string }) {
  const { t, i18n } = useTranslation('payments');
  const query = paymentsApi.usePaymentJourneysQuery(vrn);
  const journeys = query.data ?? [];
  if (query.isError) return <Text size="sm">{t('recent.error')}</Text>;
  if (journeys.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="recent-payments">
      <Title order={2} size="h4">
        {t('recent.title')}
      </Title>
      <List listStyleType="none" spacing="xs">
        {journeys.map((journey) => (
          <List.Item key={journey.id}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color={statusColours[journey.status]}>
                {t(`recent.statuses.${journey.status}`)}
              </Badge>
              <Anchor component={Link} to={`/app/payments/return?journey=${journey.id}`}>
                {t('recent.line', {
                  amount: formatMoney(journey.paidAmountPence ?? journey.amountPence, i18n.language),
                  at: formatDateTime(journey.startedAt, i18n.language),
                  name: journey.startedByName,
                })}
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
