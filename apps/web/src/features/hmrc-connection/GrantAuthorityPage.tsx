import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/PlaceholderPage';
import { GuestPrompt, useAuth } from '../auth';

/**
 * Connecting to HMRC arrives with its own issue. Two-factor sign-in is offered here first:
 * HMRC's Gov-Client-Multi-Factor fraud prevention header is built from it.
 */
export default function GrantAuthorityPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <Stack gap="lg">
      <GuestPrompt message={t('auth.guestPrompts.sandboxUser')} />
      {auth.status === 'signedIn' && auth.user && !auth.user.twoFactorEnabled && (
        <Alert color="orange" icon={<IconShieldLock size={18} />} data-testid="two-factor-offer">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('account.offer')}</Text>
            <Button size="xs" component={Link} to="/app/account">
              {t('account.turnOn')}
            </Button>
          </Group>
        </Alert>
      )}
      <PlaceholderPage screen="grantAuthority" />
    </Stack>
  );
}
