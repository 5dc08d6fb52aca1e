import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueryError } from '../../../shared/ui/QueryStates';
import { describePracticeError } from '../workspace';

/** A practice list that could not be read, in words (better-auth's codes too), with Retry. */
export function PracticeError({ error, onRetry }: { error: QueryError; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'practice']);
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describePracticeError(error, t)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
