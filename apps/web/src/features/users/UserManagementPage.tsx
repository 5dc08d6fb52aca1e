import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { allRoles, type Role, roleName, type UserRecord } from '@vatwise/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/http-errors';
import { formatDateTime } from '../../shared/format/format';
import { notify } from '../../shared/toasts/notifier';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useAuth } from '../auth';
import { usersApi } from './api';
import { TableScroll } from '../../shared/ui/TableScroll';

/** '24 Nov 2026, 01:32' (UK time), as everywhere else in the app; `never` when there is none. */
function formatWhen(iso: string | null, language: string, never: string) {
  return iso ? formatDateTime(iso, language) : never;
}

/** Admins list and search users, change roles, disable accounts, and read the audit log. */
export default function UserManagementPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.userManagement'));
  const me = useAuth().user;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = usersApi.useListUsersQuery(debounced);
  const audit = usersApi.useAuditLogQuery();
  const [changeRole] = usersApi.useChangeRoleMutation();
  const [setDisabled, disabling] = usersApi.useSetDisabledMutation();
  const [confirmDisable, setConfirmDisable] = useState<UserRecord | null>(null);

  const onRole = async (user: UserRecord, role: Role) => {
    const result = await changeRole({ id: user.id, role });
    if ('error' in result) {
      notify({ type: 'error', title: t('users.roleNotChanged'), message: describeError(result.error, t) });
      return;
    }
    notify({
      type: 'success',
      message: t('users.roleChanged', { name: user.name || user.email, role: t(`roles.${roleName(role)}`) }),
      // Undo: put the previous role back.
      onClick: () => void changeRole({ id: user.id, role: user.role }),
      title: t('users.clickToUndo'),
    });
  };

  const onDisabled = async (user: UserRecord, disabled: boolean) => {
    const result = await setDisabled({ id: user.id, disabled });
    setConfirmDisable(null);
    if ('error' in result) {
      notify({ type: 'error', title: t('users.statusNotChanged'), message: describeError(result.error, t) });
      return;
    }
    notify({
      type: 'success',
      message: t(disabled ? 'users.disabled' : 'users.enabled', { name: user.name || user.email }),
    });
  };

  const never = t('users.never');
  return (
    <Stack gap="lg" data-testid="user-management">
      <Title order={1}>{t('nav.userManagement')}</Title>
      <Tabs defaultValue="users">
        <Tabs.List>
          <Tabs.Tab value="users">{t('users.tabUsers')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('users.tabAudit')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <Stack gap="md">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('users.searchPlaceholder')}
              aria-label={t('users.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={420}
            />
            {users.isError && (
              <Alert color="red" role="alert">
                {describeError(users.error, t)}{' '}
                <Button size="xs" variant="subtle" onClick={() => void users.refetch()}>
                  {t('chunk.retry')}
                </Button>
              </Alert>
            )}
            {users.isLoading ? (
              <Skeleton h={160} />
            ) : users.data && users.data.length === 0 ? (
              <Text c="dimmed">{t('users.none')}</Text>
            ) : (
              <TableScroll minWidth={760}>
                <Table striped highlightOnHover verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('users.columns.name')}</Table.Th>
                      <Table.Th>{t('users.columns.email')}</Table.Th>
                      <Table.Th>{t('users.columns.role')}</Table.Th>
                      <Table.Th>{t('users.columns.provider')}</Table.Th>
                      <Table.Th>{t('users.columns.lastLogin')}</Table.Th>
                      <Table.Th>{t('users.columns.enabled')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {users.data?.map((user) => (
                      <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
                        <Table.Td>
                          {user.name || '—'}
                          {user.id === me?.id && (
                            <Badge size="xs" ml={6} variant="light">
                              {t('users.you')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>
                          <NativeSelect
                            size="xs"
                            aria-label={t('users.roleOf', { name: user.name || user.email })}
                            value={String(user.role)}
                            onChange={(event) => void onRole(user, Number(event.currentTarget.value) as Role)}
                            data={allRoles.map((role) => ({
                              value: String(role),
                              label: t(`roles.${roleName(role)}`),
                            }))}
                          />
                        </Table.Td>
                        <Table.Td>{t(`users.providers.${user.provider}`)}</Table.Td>
                        <Table.Td>{formatWhen(user.lastLoginAt, i18n.language, never)}</Table.Td>
                        <Table.Td>
                          <Switch
                            aria-label={t('users.enabledOf', { name: user.name || user.email })}
                            checked={!user.disabled}
                            onChange={(event) =>
                              event.currentTarget.checked ? void onDisabled(user, false) : setConfirmDisable(user)
                            }
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          {audit.isLoading ? (
            <Skeleton h={120} />
          ) : audit.data && audit.data.length > 0 ? (
            <TableScroll minWidth={640}>
              <Table verticalSpacing="xs" data-testid="audit-log">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.audit.when')}</Table.Th>
                    <Table.Th>{t('users.audit.who')}</Table.Th>
                    <Table.Th>{t('users.audit.what')}</Table.Th>
                    <Table.Th>{t('users.audit.whom')}</Table.Th>
                    <Table.Th>{t('users.audit.detail')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audit.data.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{formatWhen(entry.at, i18n.language, never)}</Table.Td>
                      <Table.Td>{entry.actorEmail}</Table.Td>
                      <Table.Td>{t(`users.audit.actions.${entry.action}`)}</Table.Td>
                      <Table.Td>{entry.targetEmail}</Table.Td>
                      <Table.Td>{entry.detail}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          ) : (
            <Text c="dimmed">{t('users.audit.none')}</Text>
          )}
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={confirmDisable !== null}
        onClose={() => setConfirmDisable(null)}
        title={t('users.confirmDisableTitle')}
      >
        <Stack>
          <Text>{t('users.confirmDisable', { name: confirmDisable?.name || confirmDisable?.email })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDisable(null)}>
              {t('users.cancel')}
            </Button>
            <Button
              color="red"
              loading={disabling.isLoading}
              onClick={() => confirmDisable && void onDisabled(confirmDisable, true)}
            >
              {t('users.disable')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
