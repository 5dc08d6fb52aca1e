import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Popover,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { AppNotification } from '@vatwise/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../shared/api/http-errors';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { FIRST_PAGE, notificationsApi } from './api';
import { BellButton } from './BellButton';

const period = /^Return (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})(?:, due (\d{4}-\d{2}-\d{2}))?$/;

/** The server writes a return's period in English: said here in the reader's language. */
function useDetail() {
  const { t, i18n } = useTranslation('notifications');
  return (detail: string) => {
    const match = period.exec(detail);
    if (!match) return detail;
    const [, start, end, due] = match;
    const values = {
      start: formatDate(start, i18n.language),
      end: formatDate(end, i18n.language),
      due: formatDate(due, i18n.language),
    };
    return due ? t('detail.periodDue', values) : t('detail.period', values);
  };
}

function Item({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const describe = useDetail();
  const [markRead, marking] = notificationsApi.useMarkReadMutation();
  const open = () => {
    if (!notification.read) void markRead({ id: notification.id });
    onOpen();
  };
  return (
    <Box
      component="li"
      p="xs"
      data-testid="notification"
      data-kind={notification.kind}
      data-read={notification.read}
      style={{
        borderInlineStart: `3px solid ${notification.read ? 'transparent' : 'var(--mantine-color-blue-6)'}`,
        listStyle: 'none',
      }}
    >
      <Anchor component={Link} to={notification.link} onClick={open} fw={notification.read ? 400 : 700} size="sm">
        {t(`kinds.${notification.kind}`)}
        {!notification.read && <VisuallyHidden>{` (${t('panel.unread')})`}</VisuallyHidden>}
      </Anchor>
      <Text size="sm">
        {notification.businessName} · {t('panel.vrn', { vrn: notification.vrn })}
      </Text>
      {notification.detail && (
        <Text size="xs" c="dimmed">
          {describe(notification.detail)}
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {notification.actorName ? `${notification.actorName} · ` : ''}
          <time dateTime={notification.at}>{formatDateTime(notification.at, i18n.language)}</time>
        </Text>
        {!notification.read && (
          <UnstyledButton
            fz="xs"
            c="blue"
            onClick={() => void markRead({ id: notification.id })}
            disabled={marking.isLoading}
            data-testid="mark-read"
          >
            {t('panel.markRead')}
          </UnstyledButton>
        )}
      </Group>
    </Box>
  );
}

export interface NotificationPanelProps {
  unread: number;
  /** The bell was pressed before this code had loaded: take the focus and open at once. */
  openAtOnce: boolean;
}

/** The bell's list (loaded once the person reaches for the bell, see NotificationBell). */
export default function NotificationPanel({ unread, openAtOnce }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const { t: common } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const [limit, setLimit] = useState(FIRST_PAGE);
  const button = useRef<HTMLButtonElement>(null);
  const page = notificationsApi.useNotificationsQuery({ limit }, { skip: !opened && limit === FIRST_PAGE });
  const [markRead, marking] = notificationsApi.useMarkReadMutation();

  useEffect(() => {
    if (!openAtOnce) return undefined;
    button.current?.focus();
    const timer = window.setTimeout(() => setOpened(true), 0);
    return () => window.clearTimeout(timer);
  }, [openAtOnce]);

  const notifications = page.data?.notifications ?? [];
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(24rem, calc(100vw - 1rem))"
      trapFocus
      returnFocus
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <BellButton
          ref={button}
          unread={unread}
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
          aria-haspopup="dialog"
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-labelledby="notifications-title" data-testid="notification-panel">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h5" id="notifications-title">
              {t('panel.title')}
            </Title>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={unread === 0}
              loading={marking.isLoading}
              onClick={() => void markRead({ all: true })}
              data-testid="mark-all-read"
            >
              {t('panel.markAllRead')}
            </Button>
          </Group>
          {page.isLoading ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('panel.loading')}</Text>
            </Group>
          ) : page.isError ? (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{describeError(page.error, common)}</Text>
                <Button size="compact-xs" variant="light" onClick={() => void page.refetch()}>
                  {t('panel.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : notifications.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="notifications-empty">
              {t('panel.empty')}
            </Text>
          ) : (
            <Box
              component="ul"
              m={0}
              p={0}
              style={{ maxHeight: 'min(28rem, 70vh)', overflowY: 'auto' }}
              aria-label={t('panel.title')}
            >
              {notifications.map((notification) => (
                <Item key={notification.id} notification={notification} onOpen={() => setOpened(false)} />
              ))}
            </Box>
          )}
          {page.data?.next && limit < 100 && (
            <Button
              size="compact-xs"
              variant="light"
              loading={page.isFetching}
              onClick={() => setLimit((shown) => Math.min(100, shown + FIRST_PAGE))}
            >
              {t('panel.more')}
            </Button>
          )}
          <Anchor
            component={Link}
            to="/app/account#notification-preferences"
            size="xs"
            onClick={() => setOpened(false)}
          >
            {t('panel.choose')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
