import { Center, Loader } from '@mantine/core';

/** The mocked calls take a second: say what is loading, for screen readers too. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center mih={160} role="status" aria-label={label} data-testid="demo-surveys-loading">
      <Loader />
    </Center>
  );
}
