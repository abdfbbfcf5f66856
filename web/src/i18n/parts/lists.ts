import { addMessages } from '../index.ts';
import messages from '../locales/en/lists.json';

/**
 * The list screens' strings travel with their lazy chunk, not the start-up bundle.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'lists');
