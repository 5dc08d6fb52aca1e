import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './layout.module.css';

interface SectionProps {
  id: string;
  /** Left out for a part that only some returns have (a scheme's worksheet). */
  step?: number;
  title: string;
  intro?: string;
  children: ReactNode;
}

/** One numbered step of the return, in the order an accountant works: records, boxes, scheme, declaration. */
export function Section({ id, step, title, intro, children }: SectionProps) {
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={`${id}-title`}
      id={id}
      className={classes.section}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${id}-title`}>
          {step === undefined ? title : `${step}. ${title}`}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
