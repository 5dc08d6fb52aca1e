import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReturnDraft } from '@vatwise/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeStoredError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { formatVrn } from '../../../shared/format/vrn';
import { vatReturnsApi } from '../api';
import { formatPeriod, isInFlight } from '../common/periods';
import { notifyFailure } from '../common/query-error';
import { FiledElsewhereNotice } from './FiledElsewhereNotice';

/** Where the return stands once it has been sent: filed, being checked with HMRC, refused, or filed elsewhere. */
export function StatusNotice({ draft }: { draft: ReturnDraft }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const [settle, settling] = vatReturnsApi.useSettleReturnMutation();
  const period = formatPeriod(draft.periodStart, draft.periodEnd, language);

  async function check() {
    try {
      const result = await settle(draft.id).unwrap();
      if (result.status === 'failed') {
        vatDialogueLog.append(
          'error',
          t('vatReturns:log.failed', {
            period,
            vrn: formatVrn(draft.vrn),
            message: result.lastError ? describeStoredError(result.lastError, t) : '',
          }),
        );
      } else if (isInFlight(result.status)) {
        notify({ type: 'info', message: t('vatReturns:checking.notYet') });
      }
    } catch (caught) {
      notifyFailure(t('vatReturns:checking.failed'), caught, t);
    }
  }

  if (draft.status === 'submitted') {
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck size={18} />}
        title={t('vatReturns:submittedNotice.title')}
        data-testid="submitted-notice"
      >
        <Stack gap="xs">
          <Text size="sm">
            {t('vatReturns:submittedNotice.body', { at: formatDateTime(draft.receipt?.submittedAt, language) })}
          </Text>
          <div>
            <Button size="xs" component={Link} to={`/app/vat-submissions/${draft.id}/receipt`}>
              {t('vatReturns:submittedNotice.receipt')}
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }
  if (isInFlight(draft.status)) {
    return (
      <Alert
        color="yellow"
        icon={<Loader size={16} />}
        title={t('vatReturns:checking.title')}
        role="status"
        data-testid="checking-notice"
      >
        <Stack gap="xs">
          <Text size="sm">{t('vatReturns:checking.body')}</Text>
          {draft.lastError && <Text size="sm">{describeStoredError(draft.lastError, t)}</Text>}
          <Group>
            <Button size="xs" variant="white" color="dark" loading={settling.isLoading} onClick={() => void check()}>
              {t('vatReturns:checking.button')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (draft.status === 'filed_elsewhere' && draft.filedElsewhere) {
    return <FiledElsewhereNotice found={draft.filedElsewhere} />;
  }
  if (draft.status === 'failed' && draft.lastError) {
    return (
      <Alert
        color="red"
        role="alert"
        icon={<IconAlertTriangle size={18} />}
        title={t('vatReturns:failedNotice.title')}
        data-testid="failed-notice"
      >
        <Stack gap={4}>
          <Text size="sm">{describeStoredError(draft.lastError, t)}</Text>
          <Text size="sm">{t('vatReturns:failedNotice.body')}</Text>
        </Stack>
      </Alert>
    );
  }
  return null;
}
