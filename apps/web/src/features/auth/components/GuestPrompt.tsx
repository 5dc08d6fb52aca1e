import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '../access';
import { useAuth } from '../slice';

/**
 * The product reference's guest prompts ('Please sign in to view Agent Dialogue', 'Please sign in to
 * create a HMRC Sandbox User'), shown only to someone without an account.
 */
export function GuestPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'signedIn') return null;
  return (
    <Alert color="blue" icon={<IconLock size={18} />} data-testid="guest-prompt">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" component={Link} to={loginReturningTo(location.pathname + location.search)}>
          {t('userMenu.signIn')}
        </Button>
      </Group>
    </Alert>
  );
}
