import type { ReactNode } from 'react';

/** STUB (owner: shell-layout). The frame: bars, sidebar, main column, third column, drawers, modals. */
export function Layout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
