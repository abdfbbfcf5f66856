import { addMessages } from '../index.ts';
import messages from '../locales/en/people.json';

/**
 * The people screens' strings travel with their lazy chunks, not the start-up bundle.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'people');
