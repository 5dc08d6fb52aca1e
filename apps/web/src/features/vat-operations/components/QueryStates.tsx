import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError, errorCodeOf } from '../../../shared/api/http-errors';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** The parts of an RTK Query hook's result the tabs show states from. */
export interface QueryLike<Data> {
  currentData?: Data | undefined;
  isFetching: boolean;
  isError: boolean;
  error?: QueryError;
  refetch: () => unknown;
}

/** These two can only be put right on Grant Authority, so the message takes the user there. */
const fixedOnGrantAuthority = new Set(['HMRC_NOT_CONNECTED', 'HMRC_REAUTHORISE']);

export function LoadingState({ label }: { label: string }) {
  return (
    <Center mih={120} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

export function QueryErrorAlert({ error, onRetry }: { error: QueryError; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'vatOperations']);
  const code = errorCodeOf(error);
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} data-testid="vat-error">
      <Stack gap="xs">
        <Text size="sm">{describeError(error, t)}</Text>
        <Group gap="xs">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('vatOperations:retry')}
          </Button>
          {code && fixedOnGrantAuthority.has(code) && (
            <Button size="xs" variant="subtle" component={Link} to="/app/grant-authority">
              {t('vatOperations:goToGrantAuthority')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

export function EmptyMessage({ message, testId }: { message: string; testId: string }) {
  return <EmptyState size="sm" icon={<IconInbox size={24} />} title={message} data-testid={testId} py="lg" />;
}

interface QueryContentProps<Data> {
  query: QueryLike<Data>;
  loadingLabel: string;
  /** Shown instead of `children` when the answer holds nothing. */
  empty?: { when: (data: Data) => boolean; message: string; testId: string };
  children: (data: Data) => ReactNode;
}

/**
 * A query's loading, error, empty and loaded states. `currentData` (not `data`) so a change of
 * dates shows the loader rather than the previous dates' rows; a skipped query (dates the form
 * refused) shows nothing, as the form already says what is wrong.
 */
export function QueryContent<Data>({ query, loadingLabel, empty, children }: QueryContentProps<Data>) {
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.currentData === undefined) return query.isFetching ? <LoadingState label={loadingLabel} /> : null;
  if (empty?.when(query.currentData)) return <EmptyMessage message={empty.message} testId={empty.testId} />;
  return <>{children(query.currentData)}</>;
}
