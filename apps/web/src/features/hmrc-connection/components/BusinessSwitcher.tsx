import { Button, Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../shared/toasts/notifier';
import { describeError } from '../../../shared/api/http-errors';
import { formatVrn, useCurrentBusiness } from '../use-current-business';

/**
 * The choice of business (VRN): an agent switches between clients here. In the header on wide
 * screens; at the top of the folding navigation on small ones (`placement="navigation"`).
 */
export function BusinessSwitcher({ placement = 'header' }: { placement?: 'header' | 'navigation' }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const { hasBusinesses, business, businesses, select, isLoading } = useCurrentBusiness();
  if (!hasBusinesses || isLoading) return null;
  if (businesses.length === 0) {
    return (
      <Button
        component={Link}
        to="/app/grant-authority"
        variant="subtle"
        size="sm"
        leftSection={<IconBuildingStore size={16} />}
      >
        {t('hmrc:business.connect')}
      </Button>
    );
  }
  return (
    <Select
      aria-label={t('hmrc:business.label')}
      data-testid={placement === 'header' ? 'business-switcher' : 'business-switcher-navigation'}
      size="sm"
      w={placement === 'header' ? 300 : '100%'}
      leftSection={<IconBuildingStore size={16} />}
      allowDeselect={false}
      value={business?.vrn ?? null}
      data={businesses.map((candidate) => ({
        value: candidate.vrn,
        label: `${candidate.name} · ${formatVrn(candidate.vrn, i18n.language)}`,
      }))}
      onChange={async (vrn) => {
        if (!vrn || vrn === business?.vrn) return;
        const result = await select(vrn);
        if ('error' in result) {
          notify({ type: 'error', title: t('hmrc:business.switchFailed'), message: describeError(result.error, t) });
        }
      }}
    />
  );
}
