import { Button, EmptyState } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A return is for a business HMRC has authorised VAT Wise for: connect one first. */
export function NoBusiness() {
  const { t } = useTranslation(['common', 'vatReturns']);
  return (
    <EmptyState data-testid="no-business" variant="light" icon={<IconBuildingStore size={28} />} py="xl">
      <EmptyState.Title order={2}>{t('vatReturns:noBusiness.title')}</EmptyState.Title>
      <EmptyState.Description>{t('vatReturns:noBusiness.description')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/app/grant-authority">
          {t('vatReturns:goToGrantAuthority')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
