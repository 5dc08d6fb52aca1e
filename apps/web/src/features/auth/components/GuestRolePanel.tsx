import { Alert, Stack, Text } from '@mantine/core';
import { Role } from '@vatwise/domain';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../slice';

/**
 * For a signed-in account with the Guest role (an account an administrator demoted, say): what a
 * Guest can and cannot do, and who can change that, where the screen's tools would be. Someone
 * not signed in sees the sign-in prompt (GuestPrompt) instead; anyone else sees nothing here.
 */
export function GuestRolePanel() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  if (status !== 'signedIn' || user?.role !== Role.Guest) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconUserShield size={18} />}
      title={t('auth.guestRole.title')}
      data-testid="guest-role-panel"
    >
      <Stack gap={6}>
        <Text size="sm">{t('auth.guestRole.can')}</Text>
        <Text size="sm">{t('auth.guestRole.cannot')}</Text>
        <Text size="sm" fw={500}>
          {t('auth.guestRole.ask')}
        </Text>
      </Stack>
    </Alert>
  );
}
