import { Button, TextInput } from '@mantine/core';
import { IconBuildingStore, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../shared/toasts/notifier';
import { describeError } from '../../../shared/api/http-errors';
import { useDeferredModule } from '../../../shared/ui/use-after-first-paint';
import { formatVrn } from '../../../shared/format/vrn';
import { useCurrentBusiness } from '../use-current-business';

// Mantine's Select (its combobox and floating drop-down) is code no page needs to start: a plain
// field shows the business, and the Select's code loads when the user reaches for the field.
const loadBusinessSelect = () => import('./BusinessSelect');

/**
 * The choice of business (VRN): an agent switches between clients here. In the header on wide
 * screens; at the top of the folding navigation on small ones (`placement="navigation"`).
 */
export function BusinessSwitcher({ placement = 'header' }: { placement?: 'header' | 'navigation' }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const { hasBusinesses, business, businesses, select, isLoading } = useCurrentBusiness();
  const deferred = useDeferredModule(loadBusinessSelect, 'intent');
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
  const value = business?.vrn ?? null;
  const options = businesses.map((candidate) => ({
    value: candidate.vrn,
    // A client whose authority ended stays listed, marked, so the agent can still see its records.
    label: `${candidate.name} · ${formatVrn(candidate.vrn, i18n.language)}${candidate.authorityEndedAt ? ` · ${t('hmrc:business.authorityEnded')}` : ''}`,
  }));
  const look = {
    'aria-label': t('hmrc:business.label'),
    'data-testid': placement === 'header' ? 'business-switcher' : 'business-switcher-navigation',
    size: 'sm',
    w: placement === 'header' ? 300 : '100%',
    leftSection: <IconBuildingStore size={16} />,
  } as const;
  const onChange = async (vrn: string | null) => {
    if (!vrn || vrn === business?.vrn) return;
    const result = await select(vrn);
    if ('error' in result) {
      notify({ type: 'error', title: t('hmrc:business.switchFailed'), message: describeError(result.error, t) });
    }
  };
  // Until the drop-down's code is here: the same field, showing the business, that asks for it.
  const plain = (
    <TextInput
      {...look}
      readOnly
      value={options.find((option) => option.value === value)?.label ?? ''}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      styles={{ input: { cursor: 'pointer' } }}
      {...deferred.plainHandlers}
      onClick={deferred.press}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          deferred.press();
        }
      }}
    />
  );
  const BusinessSelect = deferred.module?.default;
  if (!BusinessSelect) return plain;
  return (
    <BusinessSelect
      {...look}
      allowDeselect={false}
      value={value}
      data={options}
      onChange={(vrn) => void onChange(vrn)}
      defaultDropdownOpened={deferred.openAtOnce}
      autoFocus={deferred.openAtOnce}
    />
  );
}
