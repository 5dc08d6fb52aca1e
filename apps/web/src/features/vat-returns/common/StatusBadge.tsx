import { Badge } from '@mantine/core';
import type { ReturnStatus } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';

const colours: Record<ReturnStatus, string> = {
  draft: 'gray',
  submitting: 'yellow',
  unknown: 'yellow',
  submitted: 'green',
  failed: 'red',
  filed_elsewhere: 'orange',
};

/** A return's status in words (never a bare code): Draft, Checking with HMRC, Submitted… */
export function StatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  return (
    <Badge color={colours[status]} variant={status === 'failed' ? 'filled' : 'light'} style={{ textTransform: 'none' }}>
      {t(`vatReturns:status.${status}`)}
    </Badge>
  );
}
