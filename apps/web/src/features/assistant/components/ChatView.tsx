import { Alert, Anchor, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatVrn } from '../../../shared/format/vrn';
import { useCurrentBusiness } from '../../hmrc-connection';
import { openChat } from '../chat-thunks';
import { errorDismissed } from '../chat-state';
import { useChat, useChatDispatch } from '../use-chat';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { ModelPicker } from './ModelPicker';

/**
 * A conversation with the assistant: model choice, consent to read the user's own VAT data, the
 * messages, the composer and any failure. Used by the chat panel and by the VAT Wise screen.
 */
export function ChatView({ toolbar }: { toolbar?: ReactNode }) {
  const { t } = useTranslation('assistant');
  const dispatch = useChatDispatch();
  const { chat, answering, send, stop, chooseLlm, allowMyData } = useChat();
  const { business } = useCurrentBusiness();
  const [draft, setDraft] = useState('');

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question || answering) return;
    setDraft('');
    const sent = await send({ text: question, useMyData: chat.useMyData, vrn: business?.vrn });
    // Not even the question reached the server: give it back to the user to send again.
    if (!sent) setDraft((current) => current || question);
  };

  const error = chat.error;
  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group gap="sm" align="flex-end" justify="space-between">
        <ModelPicker selected={chat.selectedLLM} onChange={chooseLlm} />
        {toolbar}
      </Group>
      {business ? (
        <Switch
          size="sm"
          checked={chat.useMyData}
          onChange={(event) => allowMyData(event.currentTarget.checked)}
          label={t('useMyData.label', { business: `${business.name} (${formatVrn(business.vrn)})` })}
          description={t('useMyData.description')}
          data-testid="use-my-data"
        />
      ) : (
        <Text size="xs" c="dimmed">
          <Anchor component={Link} to="/app/grant-authority" size="xs">
            {t('useMyData.noBusiness')}
          </Anchor>
        </Text>
      )}
      <ChatMessages chat={chat} onExample={(question) => void ask(question)} />
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('dismiss')}
          onClose={() => dispatch(errorDismissed())}
          data-testid="chat-error"
        >
          <Text size="sm">
            {t(`errors.${error.kind}`)}
            {error.detail ? ` ${error.detail}` : ''}
          </Text>
          {error.kind === 'history' && (
            <Button size="xs" variant="light" mt="xs" onClick={() => void dispatch(openChat({ force: true }))}>
              {t('retry')}
            </Button>
          )}
        </Alert>
      )}
      <ChatComposer
        value={draft}
        onChange={setDraft}
        onSend={() => void ask(draft)}
        onStop={stop}
        answering={answering}
      />
      <Group gap={6} wrap="nowrap" data-testid="chat-notice">
        <IconInfoCircle size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
        <Text size="xs" c="dimmed">
          {t('notice')}
        </Text>
      </Group>
    </Stack>
  );
}
