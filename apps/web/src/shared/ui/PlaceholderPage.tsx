import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title';

/** An honest stand-in for a screen whose feature arrives in a later release. */
export function PlaceholderPage({ screen }: { screen: string }) {
  const { t } = useTranslation();
  const title = t(`nav.${screen}`);
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={820} data-testid={`placeholder-${screen}`}>
      <Group gap="sm">
        <Title order={1}>{title}</Title>
        <Badge variant="light" color="gray">
          {t('placeholder.badge')}
        </Badge>
      </Group>
      <Text size="lg">{t(`placeholder.screens.${screen}`)}</Text>
      <Alert icon={<IconTools size={18} />} variant="light" color="gray">
        {t('placeholder.notice')}
      </Alert>
    </Stack>
  );
}
