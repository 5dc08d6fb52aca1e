import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { type PracticePolicyChange, type PracticeSummary, canManagePractice } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/QueryStates';
import { TwoFactorLink } from '../../../shared/ui/TwoFactorLink';
import { practiceApi } from '../api';
import { asQueryError, describePracticeError } from '../workspace';
import { PracticeError } from './PracticeError';

/**
 * The practice's rules (review before filing, two-factor sign-in of members, the client's approval): its owner and admins
 * switch them, the others read them. A member the practice asks for two-factor sign-in who has not
 * turned it on is shown the way to.
 */
export function PolicyCard({ practice, twoFactorEnabled }: { practice: PracticeSummary; twoFactorEnabled: boolean }) {
  const { t } = useTranslation(['common', 'practice']);
  const manages = canManagePractice(practice.role);
  const policy = practiceApi.usePolicyQuery();
  const [save, saving] = practiceApi.useSetPolicyMutation();
  const [failure, setFailure] = useState<string | null>(null);

  // Only the rule switched is sent, so two admins switching different rules do not undo each other.
  const change = async (rule: PracticePolicyChange) => {
    setFailure(null);
    try {
      await save(rule).unwrap();
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
          <>
            <Switch
              label={t('practice:policy.requireReview')}
              description={t('practice:policy.requireReviewHint')}
              checked={policy.data.requireReview}
              disabled={saving.isLoading}
              onChange={(event) => void change({ requireReview: event.currentTarget.checked })}
              data-testid="require-review"
            />
            <Switch
              label={t('practice:policy.requireTwoFactor')}
              description={t('practice:policy.requireTwoFactorHint')}
              checked={policy.data.requireTwoFactor}
              disabled={saving.isLoading}
              onChange={(event) => void change({ requireTwoFactor: event.currentTarget.checked })}
              data-testid="require-two-factor"
            />
            <Switch
              label={t('practice:policy.requireClientApproval')}
              description={t('practice:policy.requireClientApprovalHint')}
              checked={policy.data.requireClientApproval}
              disabled={saving.isLoading}
              onChange={(event) => void change({ requireClientApproval: event.currentTarget.checked })}
              data-testid="require-client-approval"
            />
          </>
        ) : (
          <Stack gap={4} data-testid="policy-read-only">
            <Text size="sm">
              {policy.data.requireReview ? t('practice:policy.reviewOn') : t('practice:policy.reviewOff')}
            </Text>
            <Text size="sm">
              {policy.data.requireTwoFactor ? t('practice:policy.twoFactorOn') : t('practice:policy.twoFactorOff')}
            </Text>
            <Text size="sm">
              {policy.data.requireClientApproval
                ? t('practice:policy.clientApprovalOn')
                : t('practice:policy.clientApprovalOff')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('practice:policy.onlyManagers')}
            </Text>
          </Stack>
        )}
        {policy.data?.requireTwoFactor && !twoFactorEnabled && (
          <Alert color="yellow" data-testid="two-factor-needed">
            <Stack gap="xs">
              <Text size="sm">{t('practice:policy.twoFactorNeeded')}</Text>
              <TwoFactorLink />
            </Stack>
          </Alert>
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
