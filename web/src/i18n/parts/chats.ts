import { addMessages } from '../index.ts';
import messages from '../locales/en/chats.json';

/**
 * The chats' strings travel with their lazy chunks, not the start-up bundle.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'chats');
