import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec section 9 fixes the copyright year. */
const COPYRIGHT_YEAR = 2025;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" mt="xl" pt="md" className="vw-footer">
      <Text size="xs" c="dimmed">
        {t('app.copyright', { year: COPYRIGHT_YEAR })} · {t('app.disclaimer')}
      </Text>
      <Anchor component={Link} to="/privacy-policy" size="xs">
        {t('nav.privacy')}
      </Anchor>
    </Group>
  );
}
