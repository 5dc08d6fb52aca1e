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
        {/* The name yields its room on a phone; the icon and the link's label remain. */}
        <Text fw={700} size="lg" className="vw-hide-on-mobile">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
