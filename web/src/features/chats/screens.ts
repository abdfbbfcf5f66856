/** The chats' screens, one lazy chunk (spec part 1, §2 chats). */
export { ChatsScreen } from './ChatsScreen.tsx';
export { ChatScreen } from './ChatScreen.tsx';
