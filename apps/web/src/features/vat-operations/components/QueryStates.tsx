import { EmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState, type QueryError } from '../../../shared/ui/QueryStates';

/** The parts of an RTK Query hook's result the tabs show states from. */
export interface QueryLike<Data> {
  currentData?: Data | undefined;
  isFetching: boolean;
  isError: boolean;
  error?: QueryError;
  refetch: () => unknown;
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
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="vat-error" />;
  if (query.currentData === undefined) return query.isFetching ? <LoadingState label={loadingLabel} /> : null;
  if (empty?.when(query.currentData)) return <EmptyMessage message={empty.message} testId={empty.testId} />;
  return <>{children(query.currentData)}</>;
}
