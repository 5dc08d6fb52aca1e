import { Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { businessActivityKinds, type PracticeAuditQuery } from '@vatwise/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { ErrorState, LoadingState } from '../../shared/ui/QueryStates';
import { StackedCell, StackedTable } from '../../shared/ui/StackedTable';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { formatVrn } from '../../shared/format/vrn';
import { auditCsvUrl, practiceClientsApi } from './clients-api';

type Filters = Omit<PracticeAuditQuery, 'page' | 'format'>;
const dateLike = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The practice's audit log: every line of every client's activity (who did what to which client),
 * newest first, filtered by person, client, kind and days, a page at a time, and downloadable as
 * CSV with the same filters.
 */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation(['common', 'practiceClients', 'vatReturns']);
  const title = t('nav.auditLog');
  usePageTitle(title);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const query = practiceClientsApi.usePracticeAuditQuery({ ...filters, page });
  const set = (change: Filters) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const dateFilter = (value: string) => (dateLike.test(value) ? value : undefined);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const kindLabel = (kind: string) => t(`vatReturns:activity.kinds.${kind}`, { defaultValue: kind });

  return (
    <Stack gap="md" data-testid="audit-log">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text size="lg">{t('practiceClients:audit.intro')}</Text>
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('practiceClients:audit.person')}
          value={filters.actor ?? ''}
          onChange={(event) => set({ actor: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('practiceClients:audit.everyone') },
            ...(data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.name })),
          ]}
        />
        <NativeSelect
          label={t('practiceClients:audit.client')}
          value={filters.vrn ?? ''}
          onChange={(event) => set({ vrn: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('practiceClients:audit.allClients') },
            ...(data?.clients ?? []).map((client) => ({
              value: client.vrn,
              label: client.name ? `${client.name} (${formatVrn(client.vrn)})` : formatVrn(client.vrn),
            })),
          ]}
        />
        <NativeSelect
          label={t('practiceClients:audit.kind')}
          value={filters.kind ?? ''}
          onChange={(event) => set({ kind: (event.currentTarget.value || undefined) as Filters['kind'] })}
          data={[
            { value: '', label: t('practiceClients:audit.allKinds') },
            ...businessActivityKinds.map((kind) => ({ value: kind, label: kindLabel(kind) })),
          ]}
        />
        <TextInput
          type="date"
          label={t('practiceClients:audit.from')}
          value={filters.from ?? ''}
          onChange={(event) => set({ from: dateFilter(event.currentTarget.value) })}
        />
        <TextInput
          type="date"
          label={t('practiceClients:audit.to')}
          value={filters.to ?? ''}
          onChange={(event) => set({ to: dateFilter(event.currentTarget.value) })}
        />
        <Button
          component="a"
          href={auditCsvUrl(filters)}
          download="audit-log.csv"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-testid="audit-download"
        >
          {t('practiceClients:audit.download')}
        </Button>
      </Group>
      {query.isLoading ? (
        <LoadingState label={t('practiceClients:audit.loading')} />
      ) : query.isError || !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data.lines.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {t('practiceClients:audit.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('practiceClients:audit.count', { count: data.total })}
          </Text>
          <StackedTable minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('practiceClients:audit.columns.when')}</Table.Th>
                  <Table.Th>{t('practiceClients:audit.columns.person')}</Table.Th>
                  <Table.Th>{t('practiceClients:audit.columns.client')}</Table.Th>
                  <Table.Th>{t('practiceClients:audit.columns.what')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((line) => (
                  <Table.Tr key={line.id} data-testid="audit-line" data-kind={line.kind}>
                    <StackedCell label={t('practiceClients:audit.columns.when')}>
                      {formatDateTime(line.at, i18n.language)}
                    </StackedCell>
                    <StackedCell label={t('practiceClients:audit.columns.person')}>{line.actorName}</StackedCell>
                    <StackedCell label={t('practiceClients:audit.columns.client')} part="title">
                      <Text size="sm" fw={600}>
                        {line.clientName ?? formatVrn(line.vrn)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatVrn(line.vrn)}
                      </Text>
                    </StackedCell>
                    <StackedCell label={t('practiceClients:audit.columns.what')}>
                      <Text size="sm">{kindLabel(line.kind)}</Text>
                      {line.detail && (
                        <Text size="xs" c="dimmed">
                          {line.detail}
                        </Text>
                      )}
                    </StackedCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
          {pages > 1 && (
            <nav aria-label={t('practiceClients:audit.pages')}>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`practiceClients:audit.pageControls.${control}`) })}
              />
            </nav>
          )}
        </>
      )}
    </Stack>
  );
}
