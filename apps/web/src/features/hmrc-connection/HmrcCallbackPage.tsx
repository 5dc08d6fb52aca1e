import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** HMRC sends the browser here after the user grants authority (spec section 2). */
export default function HmrcCallbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('hmrcCallback.title'));
  return (
    <Center mih="50vh">
      <Paper withBorder p="xl" maw={460} w="100%" data-testid="hmrc-callback">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('hmrcCallback.title')}
          </Title>
          <Text>{t('hmrcCallback.notYet')}</Text>
          <Button onClick={() => window.close()} variant="default">
            {t('hmrcCallback.close')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
