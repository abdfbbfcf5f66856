import { addMessages } from '../index.ts';
import messages from '../locales/en/chats.json';

/** The chats' strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages);
