import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError, errorCodeOf } from '../../../shared/api/http-errors';
import type { QueryError } from '../query-error';

/** These can only be put right on Grant Authority, so the message takes the user there. */
const fixedOnGrantAuthority = new Set(['HMRC_NOT_CONNECTED', 'HMRC_REAUTHORISE']);

export function LoadingState({ label }: { label: string }) {
  return (
    <Center mih={120} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** A failed call in words, with Retry (and the way to Grant Authority when that is the fix). */
export function ErrorState({ error, onRetry, testId }: { error: QueryError; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const code = errorCodeOf(error);
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{describeError(error, t)}</Text>
        <Group gap="xs">
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('vatReturns:retry')}
            </Button>
          )}
          {code && fixedOnGrantAuthority.has(code) && (
            <Button size="xs" variant="subtle" component={Link} to="/app/grant-authority">
              {t('vatReturns:goToGrantAuthority')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
