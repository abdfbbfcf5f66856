import { addMessages } from '../index.ts';
import messages from '../locales/en/people.json';

/** The people screens' strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages);
