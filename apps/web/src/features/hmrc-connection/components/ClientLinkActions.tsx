import { Button, CopyButton, Group } from '@mantine/core';
import type { ClientRequest } from '@vatwise/domain';
import { IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format';

/** HMRC's link for a pending request: copy it, or open an email to the client with it written out. */
export function ClientLinkActions({ request }: { request: Pick<ClientRequest, 'link' | 'expiresOn' | 'vrn'> }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  if (!request.link) return null;
  const subject = t('hmrc:clients.email.subject');
  const body = t('hmrc:clients.email.body', {
    link: request.link,
    expires: formatDate(request.expiresOn, i18n.language),
  });
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return (
    <Group gap="xs">
      <CopyButton value={request.link}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          >
            {copied ? t('hmrc:clients.copied') : t('hmrc:clients.copyLink')}
          </Button>
        )}
      </CopyButton>
      <Button size="xs" variant="light" component="a" href={mailto} leftSection={<IconMail size={14} />}>
        {t('hmrc:clients.emailLink')}
      </Button>
    </Group>
  );
}
