import { Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allNavItems } from '../navigation';
import { ScreenIcon } from '../../shared/navigation/ScreenIcon';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useHasBusinesses } from '../../features/hmrc-connection';
import { DeadlinesCard } from '../../features/deadlines';
import { HmrcNewsCard } from '../../features/hmrc-feed';

/** Screens offered as first steps on the main area's home. */
const startingPoints = ['vatOperations', 'vatSubmissions', 'vatWise', 'grantAuthority', 'createUser', 'whitepaper'];

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const items = allNavItems.filter((item) => startingPoints.includes(item.key));
  // Deadlines are for accounts that may connect businesses, first; the news is for everyone. Asked
  // of the account, not of the businesses' query, so the page is not drawn again as they load.
  const hasBusinesses = useHasBusinesses();
  return (
    <Stack gap="lg" data-testid="dashboard">
      <div>
        <Title order={1}>{t('dashboard.welcome')}</Title>
        <Text c="dimmed" mt="xs">
          {t('dashboard.intro')}
        </Text>
      </div>
      {hasBusinesses && <DeadlinesCard />}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {items.map((item) => (
          <UnstyledButton key={item.key} component={Link} to={item.path}>
            <Card withBorder padding="lg" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ScreenIcon icon={item.icon} size={22} />
                <Text fw={600}>{t(`nav.${item.key}`)}</Text>
              </Group>
              <Text size="sm" c="dimmed" mt="xs">
                {t(`dashboard.descriptions.${item.key}`)}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {/* Last: the news comes from GOV.UK, later than the rest and in no fixed size, so the page
          above it stays where it was drawn when it arrives. */}
      <HmrcNewsCard />
    </Stack>
  );
}
