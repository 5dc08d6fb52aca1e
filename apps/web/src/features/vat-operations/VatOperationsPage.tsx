import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { GuestPrompt, GuestRolePanel, useAuth } from '../auth';
import { formatVrn } from '../../shared/format/vrn';
import { useCurrentBusiness } from '../hmrc-connection';
import { LoadingState, NoBusinessState } from '../../shared/ui/QueryStates';
import { VatOperationsTabs } from './components/VatOperationsTabs';

/** VAT Operations (docs/reference/product.md §2): the current business's obligations, liabilities, payments and penalties. */
export default function VatOperationsPage() {
  const { t } = useTranslation(['common', 'vatOperations']);
  usePageTitle(t('nav.vatOperations'));
  const { status } = useAuth();
  const { business, hasBusinesses, isLoading, error } = useCurrentBusiness();

  const content = () => {
    // An account with the Guest role has no businesses: say what Guests may do, not 'connect one'.
    if (status === 'signedIn' && !hasBusinesses) return <GuestRolePanel />;
    if (isLoading) return <LoadingState label={t('vatOperations:loadingBusiness')} />;
    if (error) {
      return (
        <Alert color="red" role="alert">
          {describeError(error, t)}
        </Alert>
      );
    }
    return business ? (
      <VatOperationsTabs vrn={business.vrn} />
    ) : (
      <NoBusinessState
        title={t('vatOperations:noBusiness.title')}
        description={t('vatOperations:noBusiness.description')}
      />
    );
  };

  return (
    <Stack gap="lg" data-testid="vat-operations">
      <Stack gap={4}>
        <Title order={1}>{t('nav.vatOperations')}</Title>
        {business ? (
          <Group gap="xs" data-testid="vat-operations-business">
            <Text fw={600}>{business.name}</Text>
            <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
              {t('vatOperations:vrn', { vrn: formatVrn(business.vrn) })}
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed">{t('vatOperations:intro')}</Text>
        )}
      </Stack>
      <GuestPrompt message={t('vatOperations:guestPrompt')} />
      {content()}
    </Stack>
  );
}
