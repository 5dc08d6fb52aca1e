import { Alert, Button, Stack, Text } from '@mantine/core';
import { canManagePractice, isOwnWorkEmpty } from '@vatwise/domain';
import { IconArrowsTransferUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { ownWorkApi } from '../../practice';

/**
 * In a practice, for its owner or an admin who still has work of their own (an agent services
 * account, test users, businesses made before the practice): where it is and how to bring it in,
 * so that an empty screen here does not read as lost work.
 */
export function OwnWorkHint() {
  const { t } = useTranslation(['common', 'hmrc']);
  const practice = useAuth().user?.practice ?? null;
  const manages = practice !== null && canManagePractice(practice.role);
  const ownWork = ownWorkApi.useOwnWorkQuery(undefined, { skip: !manages });
  const work = ownWork.data;
  if (!practice || !work || isOwnWorkEmpty(work)) return null;
  const arn = work.agentAccounts[0]?.arn;
  return (
    <Alert color="yellow" icon={<IconArrowsTransferUp size={18} />} data-testid="own-work-hint">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {arn
            ? t('hmrc:ownWork.agent', { arn, name: practice.name })
            : t('hmrc:ownWork.other', { name: practice.name })}
        </Text>
        <Button size="xs" component={Link} to="/app/practice">
          {t('hmrc:ownWork.open')}
        </Button>
      </Stack>
    </Alert>
  );
}
