import { Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface MessagePageProps {
  icon: ReactNode;
  title: string;
  text: string;
  /** Buttons or links that say where to go next. */
  actions: ReactNode;
  role?: 'alert';
}

/** A short full-page message (not found, not authorised, failed screen) with a way onward. */
export function MessagePage({ icon, title, text, actions, role }: MessagePageProps) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role={role}>
        {icon}
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Group justify="center">{actions}</Group>
      </Stack>
    </Center>
  );
}
