import type { ReactNode } from 'react';

/** A small stroked 24×24 icon; decorative (buttons and links carry the accessible name). */
export function SvgIcon({
  children,
  filled = false,
  bold = false,
}: {
  children: ReactNode;
  filled?: boolean;
  bold?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={bold ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The icons the card needs for its first paint; the action bar's others load with it. */
const PATHS = {
  reply: <path d="M10 8V4L3 11l7 7v-4c5 0 8.5 1.5 11 5-1-5-4-10-11-11z" />,
  repeat: <path d="M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3" />,
  star: <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />,
} satisfies Record<string, ReactNode>;

export type StatusIconName = keyof typeof PATHS;

export function StatusIcon({ name, filled = false }: { name: StatusIconName; filled?: boolean }) {
  return <SvgIcon filled={filled}>{PATHS[name]}</SvgIcon>;
}
