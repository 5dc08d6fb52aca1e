import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** docs/reference/product.md §9 fixes the copyright year. */
const COPYRIGHT_YEAR = 2025;

/** The public pages HMRC expects of the software it approves, on every page of every layout. */
const footerLinks = [
  { to: '/privacy-policy', label: 'nav.privacy' },
  { to: '/terms-of-use', label: 'nav.terms' },
  { to: '/accessibility', label: 'nav.accessibility' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" mt="xl" pt="md" className="vw-footer">
      <Text size="xs" c="dimmed">
        {t('app.copyright', { year: COPYRIGHT_YEAR })} · {t('app.disclaimer')}
      </Text>
      <Group gap="md" data-testid="footer-links">
        {footerLinks.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="xs">
            {t(link.label)}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
