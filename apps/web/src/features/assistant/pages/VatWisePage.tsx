import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ChatUnavailable } from '../components/ChatUnavailable';
import { ChatView } from '../components/ChatView';
import { ConversationList } from '../components/ConversationList';
import { useCanChat } from '../use-chat';

/** VAT Wise (docs/reference/product.md §2): the assistant with the user's saved conversations. */
export default function VatWisePage() {
  const { t } = useTranslation(['common', 'assistant']);
  usePageTitle(t('nav.vatWise'));
  const canChat = useCanChat();
  return (
    <Stack gap="lg" data-testid="vat-wise">
      <Stack gap={4}>
        <Title order={1}>{t('nav.vatWise')}</Title>
        <Text c="dimmed">{t('assistant:intro')}</Text>
      </Stack>
      {canChat ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <Paper withBorder p="sm" radius="md">
              <ConversationList />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
            <Paper
              withBorder
              p="sm"
              radius="md"
              style={{ display: 'flex', flexDirection: 'column', height: 'max(28rem, calc(100dvh - 15rem))' }}
            >
              <ChatView />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : (
        <ChatUnavailable />
      )}
    </Stack>
  );
}
