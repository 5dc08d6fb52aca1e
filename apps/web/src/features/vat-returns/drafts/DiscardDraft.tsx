import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReturnDraft } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { notifyFailure } from '../common/query-error';

/** Throws a draft away (its records stay: they belong to the business, not to the draft). */
export function DiscardDraft({ draft }: { draft: ReturnDraft }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [discard, discarding] = vatReturnsApi.useDiscardReturnMutation();

  async function confirm() {
    try {
      await discard(draft.id).unwrap();
      notify({ type: 'success', message: t('vatReturns:discard.done') });
      void navigate('/app/vat-submissions');
    } catch (caught) {
      notifyFailure(t('vatReturns:discard.failed'), caught, t);
    }
  }

  return (
    <>
      <div>
        <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
          {t('vatReturns:discard.button')}
        </Button>
      </div>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('vatReturns:discard.title')}
        closeButtonProps={{ 'aria-label': t('vatReturns:close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('vatReturns:discard.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('vatReturns:cancel')}
            </Button>
            <Button color="red" loading={discarding.isLoading} onClick={() => void confirm()}>
              {t('vatReturns:discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
