import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * On a test client's card in a practice: a client gives the practice authority by answering the
 * practice's request (Clients), as at HMRC; authorising here connects the business directly, as
 * itself, which is not how an agent acts for a client (docs/practice.md).
 */
export function ClientInPracticeNote() {
  const { t } = useTranslation(['common', 'hmrc']);
  return (
    <Alert color="blue" p="sm" data-testid="client-in-practice">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('hmrc:users.clientInPractice')}</Text>
        <Button size="xs" component={Link} to="/app/clients">
          {t('hmrc:users.askOnClients')}
        </Button>
      </Stack>
    </Alert>
  );
}
