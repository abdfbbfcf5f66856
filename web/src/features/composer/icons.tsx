import type { ReactNode } from 'react';
import { SvgIcon } from '../status/icons.tsx';

const PATHS = {
  public: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  unlisted: <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 7.5-2" />,
  private: <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />,
  direct: <path d="M3 6h18v12H3zM3 6l9 7 9-7" />,
  attach: (
    <path d="M21 11l-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
  ),
  poll: <path d="M5 20V10M12 20V4M19 20v-7" />,
  emoji: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 14a5 5 0 0 0 8 0M9 9h.01M15 9h.01" />
    </>
  ),
  warning: <path d="M12 3l10 18H2zM12 10v5M12 18h.01" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
} satisfies Record<string, ReactNode>;

export type ComposerIconName = keyof typeof PATHS;

export function ComposerIcon({ name }: { name: ComposerIconName }) {
  return <SvgIcon>{PATHS[name]}</SvgIcon>;
}
