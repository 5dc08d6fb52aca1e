import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard card: an icon, a title with an optional line under it, then the content. */
export function DashboardCard({
  icon,
  title,
  subtitle,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Stack gap={0}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {subtitle}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
