import { addMessages } from '../index.ts';
import messages from '../locales/en/shoutbox.json';

/**
 * The shout box's strings travel with its lazy chunks, not the start-up bundle.
 * With another language shown, its own strings for this part load beside it (i18n/index).
 */
addMessages(messages, 'shoutbox');
