/** STUB (owner: conversation). The /notice/:id screen. */
export { Placeholder as ConversationScreen } from '../../app/Placeholder.tsx';
