import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { type PracticeSummary, canManagePractice } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/QueryStates';
import { practiceApi } from '../api';
import { asQueryError, describePracticeError } from '../workspace';
import { PracticeError } from './PracticeError';

/** The practice's rule on review: its owner and admins switch it, the others read it. */
export function PolicyCard({ practice }: { practice: PracticeSummary }) {
  const { t } = useTranslation(['common', 'practice']);
  const manages = canManagePractice(practice.role);
  const policy = practiceApi.usePolicyQuery();
  const [save, saving] = practiceApi.useSetPolicyMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (requireReview: boolean) => {
    setFailure(null);
    try {
      await save({ requireReview }).unwrap();
    } catch (caught) {
      setFailure(describePracticeError(asQueryError(caught), t));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="policy-title" data-testid="practice-policy">
      <Stack gap="sm">
        <Title order={2} size="h3" id="policy-title">
          {t('practice:policy.title')}
        </Title>
        {policy.isLoading ? (
          <LoadingState label={t('practice:policy.loading')} />
        ) : policy.isError || !policy.data ? (
          <PracticeError error={policy.error} onRetry={() => void policy.refetch()} />
        ) : manages ? (
          <Switch
            label={t('practice:policy.requireReview')}
            description={t('practice:policy.requireReviewHint')}
            checked={policy.data.requireReview}
            disabled={saving.isLoading}
            onChange={(event) => void change(event.currentTarget.checked)}
            data-testid="require-review"
          />
        ) : (
          <Text size="sm" data-testid="policy-read-only">
            {policy.data.requireReview ? t('practice:policy.reviewOn') : t('practice:policy.reviewOff')}{' '}
            {t('practice:policy.onlyManagers')}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" title={t('practice:policy.failed')}>
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
