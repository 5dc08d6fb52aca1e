import { Alert, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { canManagePractice, isOwnWorkEmpty, type OwnWork, type PracticeSummary } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/toasts/notifier';
import { ownWorkApi, ownWorkOffer } from '../own-work-api';
import { asQueryError, describePracticeError, workspace } from '../workspace';

/**
 * What the person made alone before working in this practice (agent services account, test
 * users, businesses, records, returns): offered, listed and explained, moved only when they say
 * so; they may keep it and work alone with it instead. Only the practice's owner or an admin.
 */
export function BringOwnWork({ practice }: { practice: PracticeSummary }) {
  const manages = canManagePractice(practice.role);
  const ownWork = ownWorkApi.useOwnWorkQuery(undefined, { skip: !manages });
  const [offerNow] = useState(() => ownWorkOffer.take(practice.id));
  const [dismissed, setDismissed] = useState(false);
  const [opened, setOpened] = useState(false);
  const work = ownWork.data;
  if (!manages || !work || isOwnWorkEmpty(work)) return null;
  const dialogOpen = opened || (offerNow && !dismissed);
  const close = () => {
    setOpened(false);
    setDismissed(true);
  };
  return (
    <OwnWorkCard
      practice={practice}
      work={work}
      dialogOpen={dialogOpen}
      onOpen={() => setOpened(true)}
      onClose={close}
    />
  );
}

function OwnWorkCard({
  practice,
  work,
  dialogOpen,
  onOpen,
  onClose,
}: {
  practice: PracticeSummary;
  work: OwnWork;
  dialogOpen: boolean;
  onOpen(): void;
  onClose(): void;
}) {
  const { t } = useTranslation(['common', 'practice']);
  const [move, moving] = ownWorkApi.useMoveOwnWorkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const conflicts = work.businesses.filter((business) => business.conflict);

  const confirm = async () => {
    setFailure(null);
    try {
      const moved = await move().unwrap();
      notify({
        type: 'success',
        title: t('practice:ownWork.moved', { name: practice.name }),
        message: t('practice:ownWork.movedDetail', { count: moved.businesses.length }),
      });
      // Everything read so far belongs to the workspace as it was: start again (workspace.reload).
      workspace.reload();
    } catch (caught) {
      setFailure(describePracticeError(asQueryError(caught), t));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="own-work-title" data-testid="own-work">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="own-work-title">
          {t('practice:ownWork.title')}
        </Title>
        <Text size="sm">{t('practice:ownWork.why', { name: practice.name })}</Text>
        <WhatWouldMove work={work} />
        <Button onClick={onOpen} data-testid="own-work-open">
          {t('practice:ownWork.open', { name: practice.name })}
        </Button>
      </Stack>
      <Modal
        opened={dialogOpen}
        onClose={onClose}
        title={t('practice:ownWork.confirmTitle', { name: practice.name })}
        closeButtonProps={{ 'aria-label': t('practice:close') }}
      >
        <Stack gap="md" data-testid="own-work-dialog">
          <Text size="sm">{t('practice:ownWork.confirmIntro', { name: practice.name })}</Text>
          <WhatWouldMove work={work} />
          <Text size="sm">{t('practice:ownWork.confirmAfter', { name: practice.name })}</Text>
          {conflicts.length > 0 && (
            <Alert color="orange" title={t('practice:ownWork.conflictTitle')} data-testid="own-work-conflicts">
              <List size="sm">
                {conflicts.map((business) => (
                  <List.Item key={business.vrn}>
                    {t('practice:ownWork.conflict', {
                      name: business.name,
                      vrn: business.vrn,
                      through: business.conflict?.agentArn
                        ? t('practice:ownWork.throughArn', { arn: business.conflict.agentArn })
                        : t('practice:ownWork.throughUser', { userId: business.conflict?.hmrcUserId ?? '—' }),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert" title={t('practice:ownWork.failed')}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('practice:ownWork.keep')}
            </Button>
            <Button
              loading={moving.isLoading}
              disabled={conflicts.length > 0}
              onClick={() => void confirm()}
              data-testid="own-work-move"
            >
              {t('practice:ownWork.confirm', { name: practice.name })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The list of what would move, in words; empty kinds are left out. */
function WhatWouldMove({ work }: { work: OwnWork }) {
  const { t } = useTranslation(['common', 'practice']);
  const directAuthorities = work.authorities - work.agentAccounts.length;
  return (
    <List size="sm" data-testid="own-work-list">
      {work.agentAccounts.map((account) => (
        <List.Item key={account.userId}>
          {t('practice:ownWork.agentAccount', { arn: account.arn, userId: account.userId })}
        </List.Item>
      ))}
      {directAuthorities > 0 && (
        <List.Item>{t('practice:ownWork.authorities', { count: directAuthorities })}</List.Item>
      )}
      {work.sandboxUsers > 0 && (
        <List.Item>{t('practice:ownWork.sandboxUsers', { count: work.sandboxUsers })}</List.Item>
      )}
      {work.businesses.map((business) => (
        <List.Item key={business.vrn}>
          {t('practice:ownWork.business', { name: business.name, vrn: business.vrn })}
        </List.Item>
      ))}
      {work.records > 0 && <List.Item>{t('practice:ownWork.records', { count: work.records })}</List.Item>}
      {work.returns > 0 && <List.Item>{t('practice:ownWork.returns', { count: work.returns })}</List.Item>}
      {work.clientRequests > 0 && (
        <List.Item>{t('practice:ownWork.clientRequests', { count: work.clientRequests })}</List.Item>
      )}
    </List>
  );
}
