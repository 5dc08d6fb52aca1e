import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook,
  IconCalendarDue,
  IconCalculator,
  IconMessageChatbot,
  IconPlugConnected,
  IconReceiptTax,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_BASE } from '../../../shared/navigation/screens';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import type { HomeContent } from '../content-types';
import { ContentSections, ContentSources } from './ContentSections';

const featureIcons = [
  IconPlugConnected,
  IconCalendarDue,
  IconReceiptTax,
  IconCalculator,
  IconMessageChatbot,
  IconShieldLock,
];

/** The landing page at `/`: what VAT Wise does and where to start. */
export default function VisitorHomePage() {
  const { t } = useTranslation(['home', 'common']);
  const features = t('features', { returnObjects: true, defaultValue: [] }) as HomeContent['features'];
  const sections = t('sections', { returnObjects: true, defaultValue: [] }) as HomeContent['sections'];
  const sources = t('sources', { returnObjects: true, defaultValue: [] }) as HomeContent['sources'];
  usePageTitle(t('title'));
  return (
    <Stack gap={48} maw={1100} mx="auto" data-testid="content-home">
      <Stack component="header" gap="md" py="xl" maw={760}>
        <Title order={1} className="vw-hero-title">
          {t('heroTitle')}
        </Title>
        <Text size="xl" c="dimmed">
          {t('heroText')}
        </Text>
        <Group gap="sm">
          <Button size="md" component={Link} to="/user/login">
            {t('ctaSignIn')}
          </Button>
          <Button size="md" variant="light" component={Link} to={APP_BASE}>
            {t('ctaGuest')}
          </Button>
          <Button
            size="md"
            variant="subtle"
            leftSection={<IconBook size={18} />}
            component={Link}
            to={`${APP_BASE}/whitepaper`}
          >
            {t('ctaLearn')}
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
        {features.map((feature, index) => {
          const Icon = featureIcons[index] ?? IconReceiptTax;
          return (
            <Card key={feature.title} withBorder padding="lg">
              <ThemeIcon size="lg" variant="light" mb="sm" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Title order={2} size="h4" mb={6}>
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
      <ContentSections sections={sections} idPrefix="home" />
      <ContentSources sources={sources} />
    </Stack>
  );
}
