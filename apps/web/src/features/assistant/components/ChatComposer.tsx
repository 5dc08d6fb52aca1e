import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { sendMessageBodySchema } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';

const maxLength = sendMessageBodySchema.shape.text.maxLength ?? 4000;

/** Where a question is typed. Enter sends; while an answer is written, Stop replaces Send. */
export function ChatComposer({
  value,
  onChange,
  onSend,
  onStop,
  answering,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  answering: boolean;
}) {
  const { t } = useTranslation('assistant');
  const canSend = value.trim().length > 0 && !answering;
  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              if (canSend) onSend();
            }
          }}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={maxLength}
          style={{ flex: 1 }}
          data-testid="chat-input"
        />
        {answering ? (
          <Tooltip label={t('composer.stop')}>
            <ActionIcon size="lg" color="red" variant="filled" onClick={onStop} aria-label={t('composer.stop')}>
              <IconPlayerStopFilled size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('composer.send')}>
            <ActionIcon size="lg" variant="filled" onClick={onSend} disabled={!canSend} aria-label={t('composer.send')}>
              <IconSend size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {t('composer.hint')}
        </Text>
        {value.length > maxLength * 0.9 && (
          <Text size="xs" c={value.length >= maxLength ? 'red' : 'dimmed'}>
            {value.length} / {maxLength}
          </Text>
        )}
      </Group>
    </div>
  );
}
