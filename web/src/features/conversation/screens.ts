/** The conversation feature's routed screen: /notice/:id (loaded on demand by app/screens.ts). */
export { ConversationScreen } from './ConversationScreen.tsx';
