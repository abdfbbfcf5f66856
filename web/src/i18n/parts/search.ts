import { addMessages } from '../index.ts';
import messages from '../locales/en/search.json';

/**
 * The search screen's strings travel with its lazy chunk, not the start-up bundle.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'search');
