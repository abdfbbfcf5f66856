/** The notifications feature's routed screens (loaded on demand by app/screens.ts). */
export { InteractionsScreen } from './InteractionsScreen.tsx';
export { NotificationsScreen } from './NotificationsScreen.tsx';
