import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { Role } from '@vatwise/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../shared/config/client-config';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { GuestPrompt, GuestRolePanel, useAuth } from '../../auth';
import { OwnWorkHint } from './OwnWorkHint';

/**
 * The frame of the HMRC connection screens: title, introduction, which HMRC this is, and instead
 * of the tools, the product reference's sign-in prompt for someone without an account, or for an account with
 * the Guest role what Guests may do and whom to ask.
 */
export function HmrcScreen({
  screen,
  intro,
  children,
  withDialogue = false,
}: {
  screen: string;
  intro: string;
  children: ReactNode;
  /** The screen shows the agent dialogue, so guests are told to sign in to see it too. */
  withDialogue?: boolean;
}) {
  const { t } = useTranslation(['common', 'hmrc']);
  const title = t(`nav.${screen}`);
  usePageTitle(title);
  const auth = useAuth();
  const canUse = auth.status === 'signedIn' && auth.user?.role !== Role.Guest;
  return (
    <Stack gap="lg" maw={960} data-testid={`screen-${screen}`}>
      <Group gap="sm">
        <Title order={1}>{title}</Title>
      </Group>
      <Text size="lg">{intro}</Text>
      <GuestPrompt message={t('auth.guestPrompts.sandboxUser')} />
      {withDialogue && <GuestPrompt message={t('auth.guestPrompts.agentDialogue')} />}
      <GuestRolePanel />
      {canUse && (
        <>
          {clientConfig.hmrcEnvironment === 'sandbox' && (
            <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="hmrc-environment">
              {clientConfig.hmrcSimulator
                ? t('hmrc:pages.grantAuthority.simulator')
                : t('hmrc:pages.grantAuthority.sandbox')}
            </Alert>
          )}
          <OwnWorkHint />
          {children}
        </>
      )}
    </Stack>
  );
}
