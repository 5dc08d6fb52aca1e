import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../shared/ui/PlaceholderPage';
import { GuestPrompt } from '../auth';

export default function AgentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <GuestPrompt message={t('auth.guestPrompts.agentDialogue')} />
      <PlaceholderPage screen="agents" />
    </Stack>
  );
}
