import { addMessages } from '../index.ts';
import messages from '../locales/en/status.json';

/** A post's actions, people, history and delete or repeat confirmations travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'status');
