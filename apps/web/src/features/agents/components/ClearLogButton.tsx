import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { agentDialogueLog, vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';

/** Clears one of the user's dialogue logs, here and on the server, once the user confirms. */
export function ClearLogButton({ store, count }: { store: 'agent' | 'vat'; count: number }) {
  const { t } = useTranslation('agents');
  const [confirming, { open, close }] = useDisclosure(false);
  const clear = async () => {
    close();
    try {
      await (store === 'agent' ? agentDialogueLog : vatDialogueLog).clear();
      notify({ type: 'success', message: t(`dialogue.cleared.${store}`) });
    } catch {
      notify({ type: 'error', message: t('dialogue.clearFailed') });
    }
  };
  return (
    <>
      <Button size="xs" variant="subtle" color="red" onClick={open} disabled={count === 0}>
        {t('dialogue.clear')}
      </Button>
      <Modal opened={confirming} onClose={close} title={t(`dialogue.confirmTitle.${store}`)} centered>
        <Stack>
          <Text size="sm">{t('dialogue.confirmText', { count })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('dialogue.keep')}
            </Button>
            <Button color="red" onClick={() => void clear()}>
              {t('dialogue.clear')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
