import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's bell: the unread count on it, and in its name for screen readers. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('notifications');
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={16}
      offset={4}
      color="red"
      data-testid="notification-count"
      data-count={unread}
    >
      <ActionIcon
        {...props}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label')}
        data-testid="notification-bell"
      >
        <IconBell size={20} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
