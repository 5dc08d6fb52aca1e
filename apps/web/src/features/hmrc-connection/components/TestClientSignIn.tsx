import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hmrcApi } from '../api';
import { CopyField } from './SandboxUserCard';

/**
 * In the sandbox, the sign-in a test client types on HMRC's page to answer the request: shown next
 * to that client, when the test user is one of this workspace's. Nothing when it is someone else's.
 */
export function TestClientSignIn({ vrn }: { vrn: string }) {
  const { t } = useTranslation(['common', 'hmrc']);
  const users = hmrcApi.useSandboxUsersQuery();
  const client = users.data?.find((user) => user.vrn === vrn && user.userType !== 'Agent');
  if (!client) return null;
  return (
    <div data-testid="test-client-sign-in">
      <Text size="sm">{t('hmrc:clients.testClientSignIn')}</Text>
      <Group gap="md" wrap="wrap">
        <CopyField label={t('hmrc:users.userId')} value={client.userId} testId="test-client-user-id" />
        <CopyField label={t('hmrc:users.password')} value={client.password} testId="test-client-password" />
      </Group>
    </div>
  );
}
