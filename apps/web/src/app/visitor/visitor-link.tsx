import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useVisitorHost } from './visitor-host';

/** A link of the visitor screens: a real href (new tab, copy link), a plain click goes through the host. */
export function VisitorLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  const { navigate } = useVisitorHost();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  }
  return (
    <Anchor href={to} onClick={handleClick} {...props}>
      {children}
    </Anchor>
  );
}
