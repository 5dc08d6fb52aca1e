import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { ukToday } from '@vatwise/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { GuestPrompt, GuestRolePanel, useAuth } from '../../auth';
import { formatVrn } from '../../../shared/format/vrn';
import { hmrcApi, useCurrentBusiness } from '../../hmrc-connection';
import { vatReturnsApi } from '../api';
import { OpenPeriods } from '../drafts/OpenPeriods';
import { ErrorState, LoadingState, NoBusinessState } from '../../../shared/ui/QueryStates';
import { SubmissionHistory } from '../submission/SubmissionHistory';
import { BusinessActivityList } from '../reports/BusinessActivityList';
import { returnsByPeriod, sortHistory } from '../common/periods';

/** VAT Submissions: the periods HMRC is waiting for, and every return made or started for the business. */
export default function VatSubmissionsPage() {
  const { t } = useTranslation(['common', 'vatReturns']);
  usePageTitle(t('nav.vatSubmissions'));
  const auth = useAuth();
  const { business, hasBusinesses, isLoading, error } = useCurrentBusiness();
  // The same subscription useCurrentBusiness holds; here only for its refetch (Retry).
  const businessesQuery = hmrcApi.useBusinessesQuery(undefined, { skip: !hasBusinesses });

  const content = () => {
    // Visitors and guests: the sign-in prompt above says what to do; nothing here may call the API.
    if (auth.status !== 'signedIn') return null;
    // An account with the Guest role: what Guests may do, and whom to ask for more.
    if (!hasBusinesses) return <GuestRolePanel />;
    if (isLoading) return <LoadingState label={t('vatReturns:loadingBusiness')} />;
    if (error) return <ErrorState error={error} onRetry={() => void businessesQuery.refetch()} />;
    return business ? (
      <BusinessReturns vrn={business.vrn} />
    ) : (
      <NoBusinessState title={t('vatReturns:noBusiness.title')} description={t('vatReturns:noBusiness.description')} />
    );
  };

  return (
    <Stack gap="lg" data-testid="vat-submissions">
      <Stack gap={4}>
        <Title order={1}>{t('nav.vatSubmissions')}</Title>
        {business ? (
          <Group gap="xs">
            <Text fw={600}>{business.name}</Text>
            <Badge variant="light" size="lg" style={{ textTransform: 'none' }} data-testid="business-vrn">
              {t('vatReturns:vrn', { vrn: formatVrn(business.vrn) })}
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed">{t('vatReturns:intro')}</Text>
        )}
      </Stack>
      <GuestPrompt message={t('vatReturns:guestPrompt')} />
      {content()}
    </Stack>
  );
}

function BusinessReturns({ vrn }: { vrn: string }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const today = ukToday();
  const returnsQuery = vatReturnsApi.useReturnsQuery({ vrn });
  const returns = returnsQuery.currentData;
  const started = useMemo(() => returnsByPeriod(returns ?? []), [returns]);
  const history = useMemo(() => sortHistory(returns ?? []), [returns]);

  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="open-periods-title">
        <Title order={2} id="open-periods-title">
          {t('vatReturns:open.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('vatReturns:open.intro')}
        </Text>
        <OpenPeriods vrn={vrn} today={today} started={started} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="history-title">
        <Title order={2} id="history-title">
          {t('vatReturns:history.title')}
        </Title>
        {returnsQuery.isError ? (
          <ErrorState error={returnsQuery.error} onRetry={() => void returnsQuery.refetch()} testId="history-error" />
        ) : returns === undefined ? (
          <LoadingState label={t('vatReturns:history.loading')} />
        ) : (
          <SubmissionHistory returns={history} />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="activity-title">
        <Title order={2} id="activity-title">
          {t('vatReturns:activity.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('vatReturns:activity.intro')}
        </Text>
        <BusinessActivityList vrn={vrn} />
      </Stack>
    </>
  );
}
