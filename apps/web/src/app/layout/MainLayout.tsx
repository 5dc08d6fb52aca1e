import { AppShell, Box, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { APP_BASE, isNavItemActive } from '../../shared/navigation/screens';
import { navigationFor } from '../navigation';
import { Brand } from './Brand';
import { ScreenIcon } from '../../shared/navigation/ScreenIcon';
import { PageFrame } from './PageFrame';
import { AuthGuard, UserMenu, useAuth } from '../../features/auth';
import { BusinessSwitcher } from '../../features/hmrc-connection';
import { ChatLauncher, launcherClearance } from '../../features/assistant';
import { LiveUpdates } from '../../features/agents';
import { NotificationBell } from '../../features/notifications';
import { HeaderControls } from './HeaderControls';
import { SkipLink } from './SkipLink';

/** The main area: header, navigation to every screen (collapsible below 768 px), and the screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const [navOpen, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const role = useAuth().user?.role;
  // Below 'sm' (48em, as global.css) the navigation folds off-screen behind the menu button. Read
  // at the first render, so a phone never draws it only to take it away.
  const folding = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  // There, its links (half of a page's elements) are drawn only once the user first opens it, and
  // while it is folded they are inert, so the keyboard and screen readers skip what cannot be seen.
  const [navOpened, setNavOpened] = useState(false);
  const showNavigation = () => {
    setNavOpened(true);
    toggle();
  };
  const drawLinks = !folding || navOpened;

  // On a phone the navigation covers the screen: close it once the user has picked a page.
  useEffect(close, [location.pathname, close]);

  return (
    <AuthGuard>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: { base: 260, xl: 300 }, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
        padding={{ base: 'sm', sm: 'md', xl: 'xl' }}
      >
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpen}
                onClick={showNavigation}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
              />
              <Brand to={APP_BASE} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="md">
                <BusinessSwitcher />
              </Box>
              <NotificationBell />
              <HeaderControls />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={t('nav.main')} component="nav">
          {drawLinks && (
            <Box display="contents" inert={folding && !navOpen} data-testid="navigation-links">
              <Box hiddenFrom="md" px="xs" pb="xs">
                <BusinessSwitcher placement="navigation" />
              </Box>
              {/* The browser's own scrolling (global.css): Mantine's ScrollArea would add its code to
                  every screen's first paint for a list that rarely overflows. */}
              <div className="vw-navbar-links">
                {navigationFor(role).map((group) => (
                  <div key={group.key}>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                      {t(`nav.groups.${group.key}`)}
                    </Text>
                    {group.items.map((item) => (
                      <NavLink
                        key={item.key}
                        component={RouterNavLink}
                        to={item.path}
                        end={item.path === APP_BASE}
                        label={t(`nav.${item.key}`)}
                        leftSection={<ScreenIcon icon={item.icon} size={18} stroke={1.6} />}
                        active={isNavItemActive(item, location.pathname)}
                        data-testid={`nav-${item.key}`}
                      />
                    ))}
                  </div>
                ))}
              </div>
            </Box>
          )}
        </AppShell.Navbar>
        <PageFrame bottomClearance={launcherClearance} />
        <ChatLauncher />
        <LiveUpdates />
      </AppShell>
    </AuthGuard>
  );
}
