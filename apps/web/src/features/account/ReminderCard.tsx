import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { accountApi } from './api';

/** Opting in to (or out of) the daily e-mail digest of deadline and payment warnings. */
export function ReminderCard() {
  const { t } = useTranslation('common');
  const settings = accountApi.useRemindersQuery();
  const [save, saving] = accountApi.useSetRemindersMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const delivery = settings.data?.delivery;

  const change = async (dailyDigest: boolean) => {
    setFailure(null);
    const result = await save({ dailyDigest });
    if ('error' in result) setFailure(describeError(result.error, t));
  };

  return (
    <Card withBorder component="section" aria-labelledby="reminders-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="reminders-title">
          {t('account.reminders.title')}
        </Title>
        <Text size="sm">{t('account.reminders.why')}</Text>
        <Switch
          label={t('account.reminders.dailyDigest')}
          checked={settings.data?.dailyDigest ?? false}
          disabled={!settings.data || saving.isLoading || delivery === 'none'}
          onChange={(event) => void change(event.currentTarget.checked)}
          data-testid="daily-digest"
        />
        {delivery && delivery !== 'smtp' && (
          <Text size="sm" c="dimmed">
            {t(`account.reminders.delivery.${delivery}`)}
          </Text>
        )}
        {(failure || settings.isError) && (
          <Alert color="red" role="alert">
            {failure ?? describeError(settings.error, t)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
