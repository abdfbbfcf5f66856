import { addMessages } from '../index.ts';
import messages from '../locales/en/accounts.json';

/** The account switcher's strings travel with its lazy chunk, not the start-up bundle. */
addMessages(messages, 'accounts');
