import { addMessages } from '../index.ts';
import messages from '../locales/en/languages.json';

/**
 * The language picker's strings travel with it (settings, the sign-in form), not the start-up.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'languages');
