import { Button, EmptyState } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Nothing to show until a business (a VRN) is connected to HMRC through VAT Wise. */
export function NoBusiness() {
  const { t } = useTranslation(['common', 'vatOperations']);
  return (
    <EmptyState data-testid="no-business" variant="light" icon={<IconBuildingStore size={28} />} py="xl">
      <EmptyState.Title order={2}>{t('vatOperations:noBusiness.title')}</EmptyState.Title>
      <EmptyState.Description>{t('vatOperations:noBusiness.description')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/app/grant-authority">
          {t('vatOperations:goToGrantAuthority')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
