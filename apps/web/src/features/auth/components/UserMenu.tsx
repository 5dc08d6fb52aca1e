import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconBriefcase, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeferredModule } from '../../../shared/ui/use-after-first-paint';
import { useAuth } from '../slice';
import { UserMenuButton } from './UserMenuButton';

// The menu's drop-down needs a floating-position library no page needs to start: the plain button
// is drawn, and the menu's code loads when the user reaches for it (pointer, focus or press).
const loadUserMenuPanel = () => import('./UserMenuPanel');

/** Who is signed in, their role, and the way out; a Sign in button for guests and visitors. */
export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const deferred = useDeferredModule(loadUserMenuPanel, 'intent');
  const user = auth.user;
  const practice = user?.practice ?? null;

  if (!user) {
    return (
      <Button component={Link} to="/user/login" size="sm" leftSection={<IconLogin size={16} />}>
        {t('userMenu.signIn')}
      </Button>
    );
  }

  const UserMenuPanel = deferred.module?.default;
  const menu = UserMenuPanel ? (
    <UserMenuPanel user={user} openAtOnce={deferred.openAtOnce} />
  ) : (
    <UserMenuButton user={user} {...deferred.plainHandlers} onClick={deferred.press} />
  );
  if (!practice) return menu;
  // The practice the session works in, always in sight beside the menu (inside it on a phone).
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor
        component={Link}
        to="/app/practice"
        size="sm"
        c="dimmed"
        className="vw-hide-on-mobile"
        aria-label={t('userMenu.workspaceLink', { practice: practice.name })}
        data-testid="header-practice"
      >
        <Group gap={4} wrap="nowrap">
          <IconBriefcase size={16} aria-hidden />
          <Text span size="sm" maw={160} truncate>
            {practice.name}
          </Text>
        </Group>
      </Anchor>
      {menu}
    </Group>
  );
}
