import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GuestPrompt, useAuth } from '../../auth';

/** Why this visitor cannot chat: no account (sign in), or an account with the Guest role. */
export function ChatUnavailable() {
  const { t } = useTranslation('assistant');
  const { status } = useAuth();
  if (status !== 'signedIn') return <GuestPrompt message={t('guestPrompt')} />;
  return (
    <Alert color="blue" icon={<IconLock size={18} />} data-testid="guest-prompt">
      {t('guestRole')}
    </Alert>
  );
}
