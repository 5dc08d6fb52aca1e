import { Anchor, Avatar, Badge, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { roleName } from '@vatwise/domain';
import { IconBriefcase, IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../session';
import { clearStoredSession } from '../session-storage';
import { signedOut, useAuth } from '../slice';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Who is signed in, their role, and the way out; a Sign in button for guests and visitors. */
export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signOut = useSignOut();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const user = auth.user;
  const practice = user?.practice ?? null;

  if (!user) {
    return (
      <Button component={Link} to="/user/login" size="sm" leftSection={<IconLogin size={16} />}>
        {t('userMenu.signIn')}
      </Button>
    );
  }

  const leaveGuestMode = () => {
    clearStoredSession();
    dispatch(signedOut());
    navigate('/user/login');
  };

  const menu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open', { name: user.name || user.email })} data-testid="user-menu">
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Group gap={6}>
            <Text size="xs" truncate maw={180}>
              {user.email || user.name}
            </Text>
            <Badge size="xs" variant="light" data-testid="user-role">
              {t(`roles.${roleName(user.role)}`)}
            </Badge>
          </Group>
          {!user.isGuest && (
            <Text size="xs" mt={4} data-testid="user-workspace">
              {practice
                ? t('userMenu.workspace', { practice: practice.name, role: t(`practiceRoles.${practice.role}`) })
                : t('userMenu.ownBusinesses')}
            </Text>
          )}
        </Menu.Label>
        {user.isGuest ? (
          <>
            <Menu.Item component={Link} to="/user/login" leftSection={<IconLogin size={16} />}>
              {t('userMenu.signIn')}
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={leaveGuestMode}>
              {t('userMenu.leaveGuest')}
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item component={Link} to="/app/practice" leftSection={<IconBriefcase size={16} />}>
              {t('userMenu.practice')}
            </Menu.Item>
            <Menu.Item component={Link} to="/app/account" leftSection={<IconShieldLock size={16} />}>
              {t('userMenu.account')}
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()} data-testid="sign-out">
              {t('userMenu.signOut')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
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
