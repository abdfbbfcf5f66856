import { addMessages } from '../index.ts';
import messages from '../locales/en/composer.json';

/** The composer's strings travel with its lazy chunks, not the start-up bundle. */
addMessages(messages);
