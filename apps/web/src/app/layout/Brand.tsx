import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('app.name')}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size="lg" aria-hidden>
          <IconReceiptTax size={20} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
