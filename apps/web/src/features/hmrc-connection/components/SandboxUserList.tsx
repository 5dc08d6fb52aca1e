import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { hmrcApi } from '../api';
import { SandboxUserCard } from './SandboxUserCard';

/** The user's sandbox test users, newest first, with loading, empty and error states. */
export function SandboxUserList({ actions = 'all' }: { actions?: 'all' | 'authorise' }) {
  const { t } = useTranslation(['common', 'hmrc']);
  const users = hmrcApi.useSandboxUsersQuery();
  return (
    <Stack gap="md" component="section" aria-labelledby="sandbox-users">
      <Title order={2} size="h3" id="sandbox-users">
        {t('hmrc:users.title')}
      </Title>
      {users.isLoading && <Loader size="sm" aria-label={t('hmrc:users.loading')} />}
      {users.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeError(users.error, t)}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              {t('chunk.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {users.data?.length === 0 && (
        <Text c="dimmed" data-testid="sandbox-users-empty">
          {t('hmrc:users.empty')}
        </Text>
      )}
      {users.data?.map((user) => (
        <SandboxUserCard key={user.userId} user={user} actions={actions} />
      ))}
    </Stack>
  );
}
