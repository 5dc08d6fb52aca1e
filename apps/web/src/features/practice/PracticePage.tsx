import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../shared/ui/QueryStates';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useAuth } from '../auth';
import { BringOwnWork } from './components/BringOwnWork';
import { InvitationsForYou } from './components/InvitationsForYou';
import { LeavePractice } from './components/LeavePractice';
import { PolicyCard } from './components/PolicyCard';
import { PracticePeople } from './components/PracticePeople';
import { StartPractice } from './components/StartPractice';
import { WhereYouWork } from './components/WhereYouWork';

/**
 * Practice: where the user works (their own businesses or one of their practices),
 * invitations waiting for them, and, in a practice, its members, invitations and policy, which
 * its owner and admins manage. Starting a practice makes the user its owner.
 */
export default function PracticePage() {
  const { t } = useTranslation(['common', 'practice']);
  const title = t('nav.practice');
  usePageTitle(title);
  const user = useAuth().user;
  const practice = user?.practice ?? null;
  const header = (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text size="lg">{t('practice:intro')}</Text>
    </Stack>
  );
  // The guard lets only a signed-in user in; until their record is read, where they work is unknown.
  if (!user)
    return (
      <Stack gap="lg">
        {header}
        <LoadingState label={t('app.loading')} />
      </Stack>
    );

  return (
    <Stack gap="lg" data-testid="practice-page">
      {header}
      <WhereYouWork practice={practice} />
      {practice && <BringOwnWork practice={practice} />}
      <InvitationsForYou email={user.email} />
      {practice && <PracticePeople practice={practice} userId={user.id} />}
      {practice && <PolicyCard practice={practice} twoFactorEnabled={user.twoFactorEnabled} />}
      {practice && practice.role !== 'owner' && <LeavePractice practice={practice} />}
      <StartPractice />
    </Stack>
  );
}
