import { Center, Loader } from '@mantine/core';

/** Shown while a screen's chunk or the session it depends on is on its way. */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Loader aria-label={label} />
    </Center>
  );
}
