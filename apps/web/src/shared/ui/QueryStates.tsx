import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { IconAlertTriangle, IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError, errorCodeOf, hmrcCodesOf } from '../api/http-errors';
import { TwoFactorLink } from './TwoFactorLink';

/** What an RTK Query hook reports as its error. */
export type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** These can only be put right on Grant Authority, so the message takes the user there. */
const fixedOnGrantAuthority = new Set(['HMRC_NOT_CONNECTED', 'HMRC_REAUTHORISE']);

/** A loader that says what is loading (for screen readers). */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center mih={120} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** A failed call in words, with Retry (and the way to the fix: Grant Authority, or two-factor sign-in). */
export function ErrorState({ error, onRetry, testId }: { error: QueryError; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation('common');
  const code = errorCodeOf(error);
  // HMRC no longer lets the agent act for the client: the client must be asked again (Clients).
  const notAuthorised = hmrcCodesOf(error).includes('CLIENT_OR_AGENT_NOT_AUTHORISED');
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{describeError(error, t)}</Text>
        {notAuthorised && <Text size="sm">{t('clientAuthorityEnded.text')}</Text>}
        <Group gap="xs">
          {notAuthorised && (
            <Button size="xs" color="red" component={Link} to="/app/clients" data-testid="ask-client-again">
              {t('clientAuthorityEnded.askAgain')}
            </Button>
          )}
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('retry')}
            </Button>
          )}
          {code && fixedOnGrantAuthority.has(code) && (
            <Button size="xs" variant="subtle" component={Link} to="/app/grant-authority">
              {t('goToGrantAuthority')}
            </Button>
          )}
          {code === 'TWO_FACTOR_REQUIRED' && <TwoFactorLink color="red" />}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Nothing to show until a business (a VRN) is connected to HMRC: the way to connect one. */
export function NoBusinessState({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState data-testid="no-business" variant="light" icon={<IconBuildingStore size={28} />} py="xl">
      <EmptyState.Title order={2}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/app/grant-authority">
          {t('goToGrantAuthority')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
