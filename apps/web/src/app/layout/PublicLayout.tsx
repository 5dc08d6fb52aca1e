import { AppShell, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_BASE } from '../../shared/navigation/screens';
import { Brand } from './Brand';
import { PageFrame } from './PageFrame';
import { HeaderControls } from './HeaderControls';
import { SkipLink } from './SkipLink';

/** Pages a visitor sees before entering the main area: the landing page, privacy, errors, sign-in. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'sm', sm: 'md', xl: 'xl' }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand to="/" />
          <Group gap="xs" wrap="nowrap">
            <HeaderControls />
            <Button component={Link} to={APP_BASE} size="sm" className="vw-hide-on-mobile">
              {t('header.openApp')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <PageFrame />
    </AppShell>
  );
}
