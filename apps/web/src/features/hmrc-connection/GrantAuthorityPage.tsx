import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clientConfig } from '../../shared/config/client-config';
import { useAuth } from '../auth';
import { AgentDialogue } from './components/AgentDialogue';
import { ConnectWithHmrc } from './components/ConnectWithHmrc';
import { HmrcScreen } from './components/HmrcScreen';
import { SandboxUserCreator } from './components/SandboxUserCreator';
import { SandboxUserList } from './components/SandboxUserList';

/**
 * Grant Authority (docs/reference/product.md §2): create a sandbox user, authorise it, delete it, and follow the
 * agent dialogue; or, against real HMRC, connect a business. Two-factor sign-in is offered first:
 * HMRC's Gov-Client-Multi-Factor fraud prevention header is built from it.
 */
export default function GrantAuthorityPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  const auth = useAuth();
  const sandbox = clientConfig.hmrcEnvironment === 'sandbox';
  return (
    <HmrcScreen screen="grantAuthority" intro={t('hmrc:pages.grantAuthority.intro')} withDialogue>
      {auth.user && !auth.user.twoFactorEnabled && (
        <Alert color="orange" icon={<IconShieldLock size={18} />} data-testid="two-factor-offer">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('account.offer')}</Text>
            <Button size="xs" component={Link} to="/app/account">
              {t('account.turnOn')}
            </Button>
          </Group>
        </Alert>
      )}
      {sandbox && <SandboxUserCreator />}
      {sandbox && <SandboxUserList />}
      {!clientConfig.hmrcSimulator && <ConnectWithHmrc />}
      <AgentDialogue />
    </HmrcScreen>
  );
}
