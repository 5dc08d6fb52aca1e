import { Alert, Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';

interface AuthCardProps {
  title: string;
  testId: string;
  /** What went wrong with the last attempt, shown above the form. */
  error?: string | null;
  /** A link back to the sign-in page under the form. */
  backToSignIn?: boolean;
  children: ReactNode;
}

/** The frame of every sign-in screen: a titled card in the middle of the page. */
export function AuthCard({ title, testId, error, backToSignIn, children }: AuthCardProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Center mih="60vh" py="xl">
      <Paper withBorder shadow="sm" p="xl" maw={460} w="100%" data-testid={testId}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="auth-error">
              {error}
            </Alert>
          )}
          {children}
          {backToSignIn && (
            <Anchor component={Link} to="/user/login" size="sm" ta="center">
              {t('auth.actions.backToSignIn')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
