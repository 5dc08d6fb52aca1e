import { Button, Card, Group, Radio, Stack, Title } from '@mantine/core';
import { type SandboxUserType, sandboxUserTypes } from '@vatwise/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { agentDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { useCan } from '../../practice';
import { hmrcApi } from '../api';

/** Create a sandbox test user (docs/reference/product.md §2, Create User): choose the type, then create. */
export function SandboxUserCreator() {
  const { t } = useTranslation(['common', 'hmrc']);
  const [userType, setUserType] = useState<SandboxUserType | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = hmrcApi.useCreateSandboxUserMutation();
  // A practice's reviewer makes no test users (the server refuses them too).
  const mayCreate = useCan('connectBusiness');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userType) {
      setProblem(t('hmrc:create.userTypeMissing'));
      return;
    }
    setProblem(null);
    agentDialogueLog.append('info', t('hmrc:dialogue.steps.creating', { type: t(`hmrc:create.types.${userType}`) }));
    const result = await create({ userType });
    if ('error' in result) {
      const message = describeError(result.error, t);
      setProblem(message);
      agentDialogueLog.append('error', t('hmrc:dialogue.steps.createFailed', { message }));
      return;
    }
    agentDialogueLog.append('success', t('hmrc:dialogue.steps.created', { userId: result.data.userId }));
    notify({
      type: 'success',
      title: t('hmrc:create.created'),
      message: t('hmrc:create.createdMessage', { name: result.data.organisationName ?? result.data.userFullName }),
    });
    setUserType('');
  };

  if (!mayCreate) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="create-sandbox-user">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="create-sandbox-user">
            {t('hmrc:create.title')}
          </Title>
          <Radio.Group
            label={t('hmrc:create.userType')}
            value={userType}
            onChange={(value) => {
              setUserType(value as SandboxUserType);
              setProblem(null);
            }}
            error={problem}
          >
            <Stack gap="xs" mt="xs">
              {sandboxUserTypes.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  label={t(`hmrc:create.types.${type}`)}
                  description={t(`hmrc:create.typeHints.${type}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={creating.isLoading} leftSection={<IconUserPlus size={16} />}>
              {t('hmrc:create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
