import { NativeSelect, Text } from '@mantine/core';
import type { PracticeClientList } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { practiceClientsApi } from '../clients-api';

/**
 * Who a client is assigned to: a choice of the practice's members for its owner and admins, the
 * name alone for everyone else.
 */
export function AssigneeSelect({
  vrn,
  clientName,
  list,
  manages,
}: {
  vrn: string;
  clientName: string;
  list: PracticeClientList | undefined;
  manages: boolean;
}) {
  const { t } = useTranslation(['common', 'practiceClients']);
  const [assign, assigning] = practiceClientsApi.useAssignClientMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const assignee = list?.clients.find((client) => client.vrn === vrn)?.assignee ?? null;
  if (!manages || !list) {
    return (
      <Text size="xs" c="dimmed" data-testid="assignee">
        {assignee ? t('practiceClients:assign.to', { name: assignee.name }) : t('practiceClients:assign.nobody')}
      </Text>
    );
  }
  return (
    <>
      <NativeSelect
        size="xs"
        aria-label={t('practiceClients:assign.label', { client: clientName })}
        value={assignee?.id ?? ''}
        disabled={assigning.isLoading}
        data-testid="assignee-select"
        onChange={(event) => {
          const userId = event.currentTarget.value || null;
          setFailure(null);
          void assign({ vrn, userId }).then((result) => {
            if ('error' in result) setFailure(describeError(result.error, t));
          });
        }}
        data={[
          { value: '', label: t('practiceClients:assign.nobody') },
          ...list.members.map((member) => ({ value: member.id, label: member.name })),
        ]}
      />
      {failure && (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}
