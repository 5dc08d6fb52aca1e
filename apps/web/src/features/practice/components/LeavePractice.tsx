import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { PracticeSummary } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/toasts/notifier';
import { practiceApi } from '../api';
import { asQueryError, describePracticeError, workspace } from '../workspace';

/** A member other than the owner leaves the practice, after confirming, and works alone again. */
export function LeavePractice({ practice }: { practice: PracticeSummary }) {
  const { t } = useTranslation(['common', 'practice']);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leave] = practiceApi.useLeavePracticeMutation();

  const confirm = async () => {
    setLeaving(true);
    try {
      await leave({ organizationId: practice.id }).unwrap();
      // better-auth stops working in a practice one leaves: start the app again on the
      // user's own businesses (see workspace.reload).
      workspace.reload();
    } catch (caught) {
      setLeaving(false);
      notify({
        type: 'error',
        title: t('practice:leave.failed', { name: practice.name }),
        message: describePracticeError(asQueryError(caught), t),
      });
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="leave-title" data-testid="leave-practice">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="leave-title">
          {t('practice:leave.title')}
        </Title>
        <Text size="sm">{t('practice:leave.why', { name: practice.name })}</Text>
        <Button variant="light" color="red" onClick={() => setConfirming(true)}>
          {t('practice:leave.button')}
        </Button>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('practice:leave.confirmTitle', { name: practice.name })}
        closeButtonProps={{ 'aria-label': t('practice:close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('practice:leave.confirmBody', { name: practice.name })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('practice:keep')}
            </Button>
            <Button color="red" loading={leaving} onClick={() => void confirm()}>
              {t('practice:leave.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
