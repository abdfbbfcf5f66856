import { addMessages } from '../index.ts';
import messages from '../locales/en/update.json';

/** The update notice's strings travel with its lazy chunk, not the start-up bundle. */
addMessages(messages, 'update');
