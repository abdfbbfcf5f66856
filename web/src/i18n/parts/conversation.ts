import { addMessages } from '../index.ts';
import messages from '../locales/en/conversation.json';

/** The conversation screen's strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'conversation');
