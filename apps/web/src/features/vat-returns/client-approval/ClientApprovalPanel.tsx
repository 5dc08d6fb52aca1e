import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ClientApprovalState, ReturnDraft } from '@vatwise/domain';
import { IconCheck, IconCopy, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { asQueryError } from '../common/query-error';
import { clientApprovalApi } from './api';

const stateColour: Record<ClientApprovalState, string> = {
  none: 'gray',
  sent: 'blue',
  approved: 'green',
  queried: 'yellow',
  changed: 'orange',
  expired: 'gray',
};

/**
 * The client's approval of the figures: where it stands (sent, approved by whom and when, the
 * client's question, voided by a change) and the action that sends the client a new link.
 */
export function ClientApprovalPanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'clientApproval']);
  const [send, sending] = clientApprovalApi.useSendClientApprovalMutation();
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const approval = draft.clientApproval;
  if (!approval) return null;
  const language = i18n.language;
  const at = (instant: string | null) => formatDateTime(instant, language);
  const error = sending.error ? describeError(asQueryError(sending.error), t) : null;

  async function sendLink() {
    const result = await send({ id: draft.id, ...(email.trim() ? { email: email.trim() } : {}) });
    if ('data' in result && result.data) {
      setLink(result.data.link);
      setEmail('');
    }
  }

  return (
    <Stack gap="sm" data-testid="client-approval-panel">
      <Title order={3} size="h5">
        {t('clientApproval:panel.title')}
      </Title>
      <Group gap="sm">
        <Badge color={stateColour[approval.state]} size="lg" variant="light" data-testid="client-approval-state">
          {t(`clientApproval:states.${approval.state}`)}
        </Badge>
        {approval.required && (
          <Text size="sm" c="dimmed">
            {t('clientApproval:panel.required')}
          </Text>
        )}
      </Group>
      {approval.sentAt && (
        <Text size="sm">
          {approval.sentTo
            ? t('clientApproval:panel.sentTo', { name: approval.sentBy, to: approval.sentTo, at: at(approval.sentAt) })
            : t('clientApproval:panel.sent', { name: approval.sentBy, at: at(approval.sentAt) })}
          {approval.state === 'sent' && ` ${t('clientApproval:panel.expires', { at: at(approval.expiresAt) })}`}
        </Text>
      )}
      {(approval.state === 'approved' || approval.state === 'changed') && (
        <Text size="sm" data-testid="client-approved-by">
          {t('clientApproval:panel.approvedBy', { name: approval.clientName, at: at(approval.answeredAt) })}
        </Text>
      )}
      {approval.state === 'changed' && (
        <Alert color="orange" data-testid="client-approval-changed">
          <Text size="sm">{t('clientApproval:panel.changed')}</Text>
        </Alert>
      )}
      {approval.state === 'queried' && (
        <Alert
          color="yellow"
          title={t('clientApproval:panel.queriedBy', { name: approval.clientName, at: at(approval.answeredAt) })}
          data-testid="client-question"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {approval.question}
          </Text>
        </Alert>
      )}
      {approval.state === 'expired' && <Text size="sm">{t('clientApproval:panel.expired')}</Text>}
      {editable && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="email"
              label={t('clientApproval:panel.emailLabel')}
              description={t('clientApproval:panel.emailHint')}
              value={email}
              maxLength={254}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
              data-testid="client-approval-email"
            />
            <Button
              variant="light"
              leftSection={<IconMailForward size={16} />}
              loading={sending.isLoading}
              onClick={() => void sendLink()}
              data-testid="send-client-approval"
            >
              {approval.state === 'none' ? t('clientApproval:panel.send') : t('clientApproval:panel.sendAgain')}
            </Button>
          </Group>
          {link && (
            <Alert color="blue" data-testid="client-approval-link-box">
              <Stack gap={4}>
                <Text size="sm">{t('clientApproval:panel.linkIntro')}</Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="client-approval-link">
                    {link}
                  </Text>
                  <CopyButton value={link}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('clientApproval:panel.copied') : t('clientApproval:panel.copy')}>
                        <ActionIcon variant="subtle" onClick={copy} aria-label={t('clientApproval:panel.copy')}>
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              <Text size="sm">{error}</Text>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
