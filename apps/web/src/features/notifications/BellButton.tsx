import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's bell: the unread count on it, and in its name for screen readers. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('notifications');
  return (
    <Box pos="relative" display="inline-flex">
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
      {unread > 0 && (
        // The count is in the button's name; drawn here for the eye only.
        <Badge
          size="xs"
          circle={unread < 10}
          color="red"
          pos="absolute"
          top={-2}
          right={-4}
          style={{ pointerEvents: 'none' }}
          aria-hidden
          data-testid="notification-count"
        >
          {unread > 99 ? '99+' : unread}
        </Badge>
      )}
    </Box>
  );
}
