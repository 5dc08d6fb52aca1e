import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Authorisation } from '@vatwise/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { formatDuration } from '../../../shared/format/duration';
import { remainingMs } from '../remaining-time';

/** The current time, ticking once a second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What is left of the authority, as people read it: '1 year 181 days', '5 hours 12 min', '12 min'. */
function Remaining({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation(['hmrc', 'common']);
  const left = remainingMs(expiresAt, useNow());
  return (
    <Text size="sm" data-testid="authorisation-remaining" aria-live="off">
      {left === undefined ? t('status.expired') : formatDuration(left, t)}
    </Text>
  );
}

/**
 * Authorisation date and time, expected expiry and the hours left (docs/reference/product.md §3, sandbox user),
 * ticking; or that there is none yet, or that HMRC wants the user to grant again.
 */
export function AuthorisationStatus({ authorisation }: { authorisation: Authorisation | null }) {
  const { t, i18n } = useTranslation('hmrc');
  if (!authorisation) {
    return (
      <Badge color="gray" variant="light" data-testid="authorisation-status">
        {t('status.notAuthorised')}
      </Badge>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge
          color={authorisation.needsReauthorisation ? 'orange' : 'green'}
          variant="light"
          data-testid="authorisation-status"
        >
          {authorisation.needsReauthorisation ? t('status.needsAuthority') : t('status.authorised')}
        </Badge>
      </Group>
      {authorisation.needsReauthorisation && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />} p="xs">
          {t('status.needsAuthorityHint')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('status.authorisedAt')}
          </Text>
          <Text size="sm">{formatDateTime(authorisation.authorisedAt, i18n.language)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('status.expiresAt')}
          </Text>
          <Text size="sm">{formatDateTime(authorisation.expiresAt, i18n.language)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('status.remaining')}
          </Text>
          <Remaining expiresAt={authorisation.expiresAt} />
        </div>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('status.tokenRenews', { time: formatDateTime(authorisation.accessTokenExpiresAt, i18n.language) })}
      </Text>
    </Stack>
  );
}
