import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Role } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { GuestPrompt, GuestRolePanel, useAuth } from '../auth';
import { useAgentStatusesQuery } from './api';
import { AgentCard } from './components/AgentCard';
import { DialogueTabs } from './components/DialogueTabs';
import { LiveIndicator } from './components/LiveIndicator';

/** Agents (docs/reference/product.md §2): each agent's status, live; Admins' controls; the user's dialogues. */
export default function AgentsPage() {
  const { t } = useTranslation(['agents', 'common']);
  usePageTitle(t('common:nav.agents'));
  const { user } = useAuth();
  const member = user !== null && user.role !== Role.Guest;
  const statuses = useAgentStatusesQuery();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('common:nav.agents')}</Title>
          <Text c="dimmed" mt="xs" maw={720}>
            {t('intro')}
          </Text>
        </div>
        {member && <LiveIndicator />}
      </Group>
      <GuestPrompt message={t('common:auth.guestPrompts.agentDialogue')} />
      <GuestRolePanel />
      {statuses.isLoading ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : statuses.error || !statuses.data ? (
        <Alert color="red" title={t('loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{describeError(statuses.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void statuses.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {statuses.data.map((agent) => (
            <AgentCard key={agent.id} agent={agent} admin={user?.role === Role.Admin} />
          ))}
        </SimpleGrid>
      )}
      {member && <DialogueTabs />}
    </Stack>
  );
}
