import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import type { UserRecord } from '@vatwise/domain';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The account menu's button: the user's avatar and name (the name alone on a phone). */
export function UserMenuButton({ user, ...props }: { user: UserRecord } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      {...props}
      aria-label={t('userMenu.open', { name: user.name || user.email })}
      data-testid="user-menu"
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar src={user.img} alt="" radius="xl" size="sm" color="initials" name={user.name}>
          {/* Drawn, not written: the initials are the avatar's picture, so the button's
              visible label is the name alone, as its accessible name says (WCAG 2.5.3). */}
          <span className="vw-initials" data-initials={initials(user.name, user.email)} aria-hidden />
        </Avatar>
        <Text size="sm" fw={500} className="vw-hide-on-mobile" maw={160} truncate>
          {user.name || user.email}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
