import { Badge, Group, Menu, Text } from '@mantine/core';
import { type UserRecord, roleName } from '@vatwise/domain';
import { IconBriefcase, IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../session';
import { clearStoredSession } from '../session-storage';
import { signedOut } from '../slice';
import { UserMenuButton } from './UserMenuButton';

export interface UserMenuPanelProps {
  user: UserRecord;
  /** The user pressed the plain button before this code had loaded: take the focus and open at once. */
  openAtOnce: boolean;
}

/** The account menu itself (loaded after the first paint, see UserMenu): role, workspace, the way out. */
export default function UserMenuPanel({ user, openAtOnce }: UserMenuPanelProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const practice = user.practice ?? null;
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Focus first and open after, so that closing the menu gives the focus back to this button.
    if (!openAtOnce) return undefined;
    button.current?.focus();
    const timer = window.setTimeout(() => setOpened(true), 0);
    return () => window.clearTimeout(timer);
  }, [openAtOnce]);

  const leaveGuestMode = () => {
    clearStoredSession();
    dispatch(signedOut());
    navigate('/user/login');
  };

  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton ref={button} user={user} />
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
}
