import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { type ReturnDraft, ukToday } from '@vatwise/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/format';
import { formatVrn } from '../../../shared/format/vrn';
import classes from '../common/layout.module.css';
import { formatPeriod, isFiledAtHmrc, isOverdue } from '../common/periods';
import { StatusBadge } from '../common/StatusBadge';

/** Which return this is: period, business, VRN, due date (flagged when overdue) and status. */
export function ReturnHeader({ draft, businessName }: { draft: ReturnDraft; businessName: string | undefined }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const overdue = !isFiledAtHmrc(draft.status) && isOverdue(draft.due, ukToday());
  return (
    <Stack gap={6}>
      <Anchor component={Link} to="/app/vat-submissions" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} className={classes.backIcon} aria-hidden />
          {t('vatReturns:backToList')}
        </Group>
      </Anchor>
      <Title order={1}>
        {t('vatReturns:returnPage.title', { period: formatPeriod(draft.periodStart, draft.periodEnd, language) })}
      </Title>
      <Group gap="xs">
        {businessName && <Text fw={600}>{businessName}</Text>}
        <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
          {t('vatReturns:vrn', { vrn: formatVrn(draft.vrn) })}
        </Badge>
        <StatusBadge status={draft.status} />
      </Group>
      <Group gap="xs">
        <Text size="sm">{t('vatReturns:returnPage.due', { date: formatDate(draft.due, language) })}</Text>
        {overdue && (
          <Badge color="red" variant="filled">
            {t('vatReturns:open.overdue')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
