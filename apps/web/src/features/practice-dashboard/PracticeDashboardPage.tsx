import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { DashboardRow } from '@vatwise/domain';
import { IconArrowDown, IconArrowUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format/format';
import { ErrorState, LoadingState, NoBusinessState } from '../../shared/ui/QueryStates';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useAuth } from '../auth';
import { formatVrn } from '../../shared/format/vrn';
import { PendingInvitations, useCurrentBusiness } from '../hmrc-connection';
import { AssigneeSelect, practiceClientsApi, useCan } from '../practice';
import { dashboardApi } from './api';
import {
  arrangeRows,
  authorityDaysLeft,
  authorityEnded,
  type DashboardFilter,
  type DashboardSort,
  dashboardFilters,
  needsAuthority,
} from './rows';
import { StackedCell, StackedTable } from '../../shared/ui/StackedTable';

const reviewColour = { draft: 'gray', ready: 'blue', approved: 'green', changed: 'orange' } as const;

/** While any row is being read, the screen asks again this often. */
const pollWhileReadingMs = 2_000;

const columns: { sort: DashboardSort; key: string }[] = [
  { sort: 'name', key: 'business' },
  { sort: 'nextDue', key: 'nextDue' },
  { sort: 'overdue', key: 'overdue' },
  { sort: 'unpaid', key: 'unpaid' },
  { sort: 'points', key: 'points' },
  { sort: 'lastFiled', key: 'lastFiled' },
  { sort: 'authority', key: 'authority' },
  { sort: 'review', key: 'review' },
];

/**
 * The practice dashboard: every business the user reaches in one table — next
 * return due, late returns, VAT unpaid past its due date, penalty points, the last return filed and
 * the state of HMRC authority — sorted, filtered and searched, each row opening its business. It
 * shows what HMRC said when last read, with when, while stale rows are read again at HMRC's pace.
 */
export default function PracticeDashboardPage() {
  const { t, i18n } = useTranslation(['common', 'practiceDashboard']);
  const title = t('nav.practiceDashboard');
  usePageTitle(title);
  const language = i18n.language;
  const navigate = useNavigate();
  const { select } = useCurrentBusiness();
  const [sort, setSort] = useState<DashboardSort>('nextDue');
  const [descending, setDescending] = useState(false);
  const [filter, setFilter] = useState<DashboardFilter>('all');
  const [search, setSearch] = useState('');
  // "My clients": the rows assigned to the signed-in member.
  const [whose, setWhose] = useState<'all' | 'mine'>('all');
  const { user } = useAuth();
  const practice = user?.practice ?? null;
  const clients = practiceClientsApi.usePracticeClientsQuery(undefined, { skip: !practice });
  const manages = useCan('managePractice') && practice !== null;
  // Asked again while rows are being read (the cached answer says so), not at all once all are read.
  const cached = dashboardApi.endpoints.dashboard.useQueryState(undefined);
  const pollingInterval = (cached.data?.reading ?? 0) > 0 ? pollWhileReadingMs : 0;
  const query = dashboardApi.useDashboardQuery(undefined, { pollingInterval });
  const [readAgain, readingAgain] = dashboardApi.useLazyDashboardQuery();
  const reading = query.data?.reading ?? 0;
  // Authority days are counted from when the rows arrived, so a render never changes them.
  const readAt = query.fulfilledTimeStamp ?? 0;
  const now = useMemo(() => new Date(readAt), [readAt]);
  const rows = useMemo(
    () =>
      arrangeRows(
        (query.data?.rows ?? []).filter((row) => whose === 'all' || row.assignee?.id === user?.id),
        { sort, descending, filter, search },
        now,
      ),
    [query.data, sort, descending, filter, search, now, whose, user?.id],
  );

  const sortBy = (next: DashboardSort) => {
    if (next === sort) setDescending(!descending);
    else {
      setSort(next);
      setDescending(false);
    }
  };
  const open = async (row: DashboardRow) => {
    await select(row.vrn);
    void navigate('/app/vat-operations');
  };
  const openReturn = async (row: DashboardRow, returnId: string) => {
    await select(row.vrn);
    void navigate(`/app/vat-submissions/${returnId}`);
  };
  // A column's heading: over the column on a wide screen, beside each value on a phone.
  const columnLabel = (key: string) => t(`practiceDashboard:columns.${key}`);

  const header = (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text size="lg">{t('practiceDashboard:intro')}</Text>
    </Stack>
  );
  if (query.isLoading)
    return (
      <Stack gap="lg">
        {header}
        <LoadingState label={t('practiceDashboard:loading')} />
      </Stack>
    );
  if (query.isError || !query.data) {
    return (
      <Stack gap="lg">
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  if (query.data.rows.length === 0) {
    return (
      <Stack gap="lg">
        {header}
        <PendingInvitations />
        <NoBusinessState title={t('practiceDashboard:empty.title')} description={t('practiceDashboard:empty.text')} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="practice-dashboard">
      {header}
      <PendingInvitations />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('practiceDashboard:search')}
            placeholder={t('practiceDashboard:searchHint')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('practiceDashboard:filter')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value as DashboardFilter)}
            data={dashboardFilters.map((value) => ({ value, label: t(`practiceDashboard:filters.${value}`) }))}
          />
          {practice && (
            <NativeSelect
              label={t('practiceClients:assign.whose')}
              value={whose}
              data-testid="dashboard-whose"
              onChange={(event) => setWhose(event.currentTarget.value === 'mine' ? 'mine' : 'all')}
              data={[
                { value: 'all', label: t('practiceClients:assign.all') },
                { value: 'mine', label: t('practiceClients:assign.mine') },
              ]}
            />
          )}
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed" role="status" data-testid="dashboard-reading">
            {reading > 0 ? t('practiceDashboard:reading', { count: reading }) : t('practiceDashboard:upToDate')}
          </Text>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconRefresh size={16} />}
            loading={readingAgain.isFetching}
            onClick={() => void readAgain({ refresh: true }).then(() => query.refetch())}
          >
            {t('practiceDashboard:readAgain')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('practiceDashboard:shown', { shown: rows.length, total: query.data.rows.length })}
      </Text>
      <StackedTable minWidth={960}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="dashboard-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  aria-sort={sort === column.sort ? (descending ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton onClick={() => sortBy(column.sort)} fw={600} fz="sm">
                    <Group gap={4} wrap="nowrap" component="span">
                      {columnLabel(column.key)}
                      {sort === column.sort &&
                        (descending ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />)}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>{columnLabel('read')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const standing = row.standing;
              const days = authorityDaysLeft(row, now);
              return (
                <Table.Tr key={row.vrn} data-testid="dashboard-row" data-vrn={row.vrn}>
                  <StackedCell label={columnLabel('business')} part="title">
                    <UnstyledButton onClick={() => void open(row)} c="blue" fw={600} td="underline">
                      {row.name}
                    </UnstyledButton>
                    <Text size="xs" c="dimmed">
                      {t('practiceDashboard:vrn', { vrn: formatVrn(row.vrn) })}
                      {row.agentArn ? ` · ${t('practiceDashboard:asAgent', { arn: row.agentArn })}` : ''}
                    </Text>
                    {practice && (
                      <AssigneeSelect vrn={row.vrn} clientName={row.name} list={clients.data} manages={manages} />
                    )}
                  </StackedCell>
                  <StackedCell data-testid="cell-next-due" label={columnLabel('nextDue')}>
                    {standing?.nextDue ? formatDate(standing.nextDue.due, language) : '—'}
                  </StackedCell>
                  <StackedCell data-testid="cell-overdue" label={columnLabel('overdue')}>
                    {standing ? (
                      standing.overdueReturns > 0 ? (
                        <Badge color="red" variant="light">
                          {t('practiceDashboard:overdueCount', { count: standing.overdueReturns })}
                        </Badge>
                      ) : (
                        t('practiceDashboard:none')
                      )
                    ) : (
                      '—'
                    )}
                  </StackedCell>
                  <StackedCell data-testid="cell-unpaid" label={columnLabel('unpaid')}>
                    {standing ? (
                      standing.unpaidPastDuePence > 0 ? (
                        <Text c="red" fw={600} size="sm">
                          {formatMoney(standing.unpaidPastDuePence, language)}
                        </Text>
                      ) : (
                        t('practiceDashboard:none')
                      )
                    ) : (
                      '—'
                    )}
                  </StackedCell>
                  <StackedCell data-testid="cell-points" label={columnLabel('points')}>
                    {standing?.penaltyPoints !== null && standing?.penaltyPoints !== undefined
                      ? t('practiceDashboard:points', {
                          points: standing.penaltyPoints,
                          threshold: standing.penaltyThreshold ?? '—',
                        })
                      : '—'}
                  </StackedCell>
                  <StackedCell data-testid="cell-last-filed" label={columnLabel('lastFiled')}>
                    {standing?.lastFiled ? formatDate(standing.lastFiled.received, language) : '—'}
                  </StackedCell>
                  <StackedCell data-testid="cell-authority" label={columnLabel('authority')}>
                    {authorityEnded(row) ? (
                      <Stack gap={4} align="flex-start">
                        <Badge color="red" variant="filled">
                          {t('practiceDashboard:authority.ended')}
                        </Badge>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => void navigate(`/app/clients?vrn=${row.vrn}`)}
                          aria-label={t('practiceDashboard:authority.askAgainFor', { name: row.name })}
                        >
                          {t('practiceDashboard:authority.askAgain')}
                        </Button>
                      </Stack>
                    ) : !row.authorisation ? (
                      <Badge color="red" variant="light">
                        {t('practiceDashboard:authority.none')}
                      </Badge>
                    ) : row.authorisation.needsReauthorisation ? (
                      <Badge color="red" variant="light">
                        {t('practiceDashboard:authority.regrant')}
                      </Badge>
                    ) : (
                      <Badge color={needsAuthority(row, now) ? 'orange' : 'green'} variant="light">
                        {t('practiceDashboard:authority.days', { count: days ?? 0 })}
                      </Badge>
                    )}
                  </StackedCell>
                  <StackedCell data-testid="cell-review" label={columnLabel('review')}>
                    {row.review ? (
                      <UnstyledButton
                        onClick={() => row.review && void openReturn(row, row.review.returnId)}
                        aria-label={t('practiceDashboard:review.open', {
                          period: formatDate(row.review.periodEnd, language),
                          state: t(`practiceDashboard:review.states.${row.review.state}`),
                        })}
                      >
                        <Badge color={reviewColour[row.review.state]} variant="light" style={{ cursor: 'pointer' }}>
                          {t(`practiceDashboard:review.states.${row.review.state}`)}
                        </Badge>
                      </UnstyledButton>
                    ) : (
                      '—'
                    )}
                  </StackedCell>
                  <StackedCell data-testid="cell-read" label={columnLabel('read')}>
                    {row.reading ? (
                      <Text size="xs">{t('practiceDashboard:readingRow')}</Text>
                    ) : (
                      <Text size="xs" c={row.problem ? 'red' : 'dimmed'}>
                        {row.problem ?? (row.readAt ? formatDateTime(row.readAt, language) : '—')}
                      </Text>
                    )}
                  </StackedCell>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </StackedTable>
    </Stack>
  );
}
