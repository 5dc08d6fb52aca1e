import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PracticeSummary } from '@vatwise/domain';
import { IconBriefcase, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/QueryStates';
import { practiceApi } from '../api';
import { PracticeError } from './PracticeError';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * Where the session works: the user's own businesses or one of their practices, and the way to
 * change it. Switching reloads the page (useSwitchWorkspace): every cached answer and the live
 * socket start over in the new workspace.
 */
export function WhereYouWork({ practice }: { practice: PracticeSummary | null }) {
  const { t } = useTranslation(['common', 'practice']);
  const practices = practiceApi.usePracticesQuery();
  const { switchTo, switchingTo } = useSwitchWorkspace();
  const busy = switchingTo !== null;

  return (
    <Card withBorder component="section" aria-labelledby="where-title" data-testid="where-you-work">
      <Stack gap="sm">
        <Title order={2} size="h3" id="where-title">
          {t('practice:where.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {practice ? (
            <IconBriefcase size={20} aria-hidden style={{ flexShrink: 0 }} />
          ) : (
            <IconUser size={20} aria-hidden style={{ flexShrink: 0 }} />
          )}
          <Text data-testid="current-workspace">
            {practice
              ? t('practice:where.inPractice', { name: practice.name, role: t(`practiceRoles.${practice.role}`) })
              : t('practice:where.alone')}
          </Text>
        </Group>
        {practice && (
          <Group>
            <Button
              variant="default"
              loading={switchingTo?.id === null}
              disabled={busy && switchingTo?.id !== null}
              onClick={() => void switchTo(null)}
              data-testid="work-alone"
            >
              {t('practice:where.workAlone')}
            </Button>
          </Group>
        )}
        <Title order={3} size="h5">
          {t('practice:where.yourPractices')}
        </Title>
        {practices.isLoading ? (
          <LoadingState label={t('practice:where.loading')} />
        ) : practices.isError || !practices.data ? (
          <PracticeError error={practices.error} onRetry={() => void practices.refetch()} />
        ) : practices.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-practices">
            {t('practice:where.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {practices.data.map((item) => {
              const current = item.id === practice?.id;
              return (
                <Paper component="li" withBorder p="sm" key={item.id} data-testid="practice-item">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600} id={`practice-name-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                    {current ? (
                      <Badge variant="light" color="green">
                        {t('practice:where.current')}
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        aria-describedby={`practice-name-${item.id}`}
                        loading={switchingTo?.id === item.id}
                        disabled={busy && switchingTo?.id !== item.id}
                        onClick={() => void switchTo(item.id)}
                      >
                        {t('practice:where.workHere')}
                      </Button>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
