import { NotificationsPanel } from './NotificationsPanel.tsx';

/** /:username/notifications: the panel as a full screen. */
export function NotificationsScreen() {
  return <NotificationsPanel placement="screen" />;
}
