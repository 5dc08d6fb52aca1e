import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or translations download. Plain text: translations may not be here yet. */
export function PageLoader() {
  return (
    <Center mih={200} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
