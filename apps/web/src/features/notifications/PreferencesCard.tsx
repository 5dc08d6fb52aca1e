import { Alert, Card, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { type NotificationKind, notificationKinds } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { notificationsApi } from './api';

/** On the Account page: for each kind of notification, whether it shows in the app and comes by e-mail. */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const { t: common } = useTranslation('common');
  const preferences = notificationsApi.useNotificationPreferencesQuery();
  const [save, saving] = notificationsApi.useSetNotificationPreferencesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = preferences.data;
  const delivery = chosen?.delivery;

  const change = async (kind: NotificationKind, channel: 'inApp' | 'email', on: boolean) => {
    const current = chosen?.kinds[kind];
    if (!current) return;
    setFailure(null);
    const result = await save({ kinds: { [kind]: { ...current, [channel]: on } } });
    if ('error' in result) setFailure(describeError(result.error, common));
  };

  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="notification-preferences"
      data-testid="notification-preferences"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="notification-preferences">
          {t('preferences.title')}
        </Title>
        <Text size="sm">{t('preferences.why')}</Text>
        {preferences.isLoading && <Text size="sm">{t('preferences.loading')}</Text>}
        {chosen && (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('preferences.kind')}</Table.Th>
                  <Table.Th>{t('preferences.inApp')}</Table.Th>
                  <Table.Th>{t('preferences.email')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notificationKinds.map((kind) => {
                  const channels = chosen.kinds[kind];
                  const label = t(`kinds.${kind}`);
                  return (
                    <Table.Tr key={kind} data-kind={kind}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={t('preferences.inAppFor', { kind: label })}
                          checked={channels.inApp}
                          disabled={saving.isLoading}
                          onChange={(event) => void change(kind, 'inApp', event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={t('preferences.emailFor', { kind: label })}
                          checked={channels.email}
                          disabled={saving.isLoading || delivery === 'none'}
                          onChange={(event) => void change(kind, 'email', event.currentTarget.checked)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {delivery && delivery !== 'smtp' && (
          <Text size="sm" c="dimmed">
            {t(`preferences.delivery.${delivery}`)}
          </Text>
        )}
        {(failure || preferences.isError) && (
          <Alert color="red" role="alert">
            {failure ?? describeError(preferences.error, common)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
