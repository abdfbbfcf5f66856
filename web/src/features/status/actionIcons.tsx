import type { ReactNode } from 'react';
import { StatusIcon, SvgIcon, type StatusIconName } from './icons.tsx';

/** Icons of the action bar and its menu (loaded with the action bar, after the first paint). */
const PATHS = {
  lock: <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />,
  bookmark: <path d="M6 3h12v18l-6-4.5L6 21z" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" />,
  pin: <path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" />,
  mute: <path d="M11 5L6 9H2v6h4l5 4zM22 9l-6 6M16 9l6 6" />,
  link: (
    <path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" />
  ),
  flag: <path d="M5 21V4M5 4h12l-2 4 2 4H5" />,
  edit: <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  history: <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3" />,
  trash: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
} satisfies Record<string, ReactNode>;

export type ActionIconName = keyof typeof PATHS | StatusIconName;

export function ActionIcon({ name, filled = false }: { name: ActionIconName; filled?: boolean }) {
  if (name === 'reply' || name === 'repeat' || name === 'star') {
    return <StatusIcon name={name} filled={filled} />;
  }
  return (
    <SvgIcon filled={filled} bold={name === 'more'}>
      {PATHS[name]}
    </SvgIcon>
  );
}
