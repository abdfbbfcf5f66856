import { addMessages } from '../index.ts';
import messages from '../locales/en/lists.json';

/** The list screens' strings travel with their lazy chunk, not the start-up bundle. */
addMessages(messages);
